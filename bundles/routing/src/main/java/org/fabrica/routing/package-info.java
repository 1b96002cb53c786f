/**
 * Routing API: route computation on packet headers. A routing algorithm returns candidate (output port, VC class) pairs; the queuing scheme maps a VC class to virtual channels. Since 1.3 a packet carries the virtual network its source chose (PacketView.virtualNetwork); since 1.5 RoutingFactory.create(topology, parameters, random, baseDirectory) lets an algorithm read a file named relative to the experiment file (forwarding tables); since 1.6 an adaptive algorithm reads the occupancy of the buffers each output feeds (NetworkOccupancy, RoutingAlgorithm.readsOccupancy/occupancy); since 1.7 an algorithm declares the VC classes that need atomic VC allocation (RoutingAlgorithm.atomicVcAllocation: Duato-style adaptive classes); since 1.8 an algorithm may read the class of the VC a packet arrived on (PacketView.arrivalClass, RoutingAlgorithm.readsArrivalClass: an escape network a packet never leaves).
 */
@Export
@Version("1.8.0")
package org.fabrica.routing;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
