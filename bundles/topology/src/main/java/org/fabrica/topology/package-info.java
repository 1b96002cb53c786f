/**
 * Topology API: routers, ports, links and where end nodes attach. Providers: k-ary n-cube torus and mesh (topology-cube), fat trees kary-ntree, extended-kary-ntree, ft (topology-fattree), KNS (topology-kns), dragonfly (topology-dragonfly), HyperX and the flattened butterfly (topology-hyperx), networks read from a file (topology-graph). Since 1.2 a router has a kind (switch, interface, ...) by which a hardware model may describe it; since 1.3 KnsTopology describes the k-ary n-direct s-indirect hybrid topologies; since 1.4 also their multistage line subnetworks (s > 1); since 1.5 DragonflyTopology and HyperXTopology describe the dragonfly and the HyperX (flattened butterfly); since 1.6 TopologyFactory.create(parameters, baseDirectory) lets a provider read a file named relative to the experiment file (the graph topology of topology-graph).
 */
@Export
@Version("1.6.0")
package org.fabrica.topology;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
