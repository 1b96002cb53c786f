/**
 * Network model API: the flit-level model a kernel advances, built from a topology, a hardware
 * model's router description, routing, queuing, throttle, traffic, observers and the router parts.
 * 2.0: {@link org.fabrica.network.NetworkSetup} takes a router description and the parts that
 * create its allocators. 2.1: a router description per router kind
 * ({@link org.fabrica.network.NetworkSetup#router(String)}). 2.3: the counts of unicast packets
 * lost to link errors and sent again ({@link org.fabrica.network.NetworkModel#lossCounters()}), and
 * the collective engine's provider name ({@link org.fabrica.network.ProviderNames#collective()}).
 * 2.4: the node-cycles the throttle held sources back ({@link org.fabrica.network.NetworkModel#throttleHeldCycles()}).
 */
@Export
@Version("2.4.0")
package org.fabrica.network;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
