/**
 * Topology API: routers, ports, links and where end nodes attach. Providers: k-ary n-cube (torus/mesh) and later trees and KNS.
 */
@Export
@Version("1.1.0")
package org.fabrica.topology;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
