/**
 * Collective engine API (docs/collectives.md): operations the network itself performs for a group
 * of end nodes, such as a barrier combined in the switches. A {@link CollectiveEngine} decides what
 * happens to collective packets at every router and interface they reach; a {@link RootPolicy}
 * chooses the root of a group's tree; {@link CollectiveTree} builds the tree a root spans.
 * Providers: collective-tree (engine {@code tree-barrier}), collective-roots (root policies).
 */
@Export
@Version("1.0.0")
package org.fabrica.collective;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
