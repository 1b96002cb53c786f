/**
 * Topology API: routers, ports, links and where end nodes attach. Providers: k-ary n-cube torus and mesh (topology-cube), fat trees kary-ntree, extended-kary-ntree, ft (topology-fattree); KNS is not built yet. Since 1.2 a router has a kind (switch, interface, ...) by which a hardware model may describe it.
 */
@Export
@Version("1.2.0")
package org.fabrica.topology;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
