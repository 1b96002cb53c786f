/**
 * Multi-rail networks ({@code topology.rails}, docs/user-guide.md, "Multi-rail networks"), exported
 * as a library that the experiment runner builds for any topology (as it drives stats-collectors):
 * {@link org.fabrica.topology.rails.RailTopology} copies a topology into planes behind one interface
 * router per node, {@link org.fabrica.topology.rails.RailRouting} picks the plane at the source's
 * interface and routes in the plane with the topology's own routing; {@link org.fabrica.topology.rails.Rails}
 * reads the two keys that ask for them (since 1.1).
 */
@Export
@Version("1.1.0")
package org.fabrica.topology.rails;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
