/**
 * Network model API: the flit-level model a kernel advances, built from a topology, a hardware model, routing, queuing, throttle, traffic and observers.
 */
@Export
@Version("1.2.0")
package org.fabrica.network;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
