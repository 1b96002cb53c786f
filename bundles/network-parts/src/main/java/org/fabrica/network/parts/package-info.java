/**
 * Parts both network models use alike, so that they serve and map packets the same way: the
 * admittance queues per destination in front of per-VC injection queues
 * ({@link org.fabrica.network.parts.AdmissionQueues}) and the service-level table
 * ({@link org.fabrica.network.parts.ServiceLevels}). A library of the network model bundles, not an
 * API: a third-party model may use it.
 */
@Export
@Version("1.0.0")
package org.fabrica.network.parts;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
