/**
 * Statistics collectors: steady-state latency and throughput of a load point, and fan-out of
 * network events to several observers. Exported as a library: the experiment runner builds a
 * collector per sweep point and stops the point when every measured packet has arrived.
 */
@Export
@Version("1.0.0")
package org.fabrica.stats.collectors;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
