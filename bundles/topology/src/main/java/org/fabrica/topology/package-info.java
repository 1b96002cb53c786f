/**
 * Topology API: routers, ports, links and where end nodes attach. Providers: k-ary n-cube torus and mesh (topology-cube), fat trees kary-ntree, extended-kary-ntree, ft (topology-fattree), KNS (topology-kns). Since 1.2 a router has a kind (switch, interface, ...) by which a hardware model may describe it; since 1.3 KnsTopology describes the k-ary n-direct s-indirect hybrid topologies; since 1.4 also their multistage line subnetworks (s > 1).
 */
@Export
@Version("1.4.0")
package org.fabrica.topology;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
