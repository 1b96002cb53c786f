package org.fabrica.routing.fattree;

import org.fabrica.routing.PacketView;
import org.fabrica.topology.TreeTopology;

/**
 * D-mod-k and S-mod-k (docs/studies/rapidio-m2n.md, "Routing"): at upward hop l (l = 1, 2, ...), from level
 * h = l-1, take upper port floor(x / k^(l-1)) mod k, with x the destination (D-mod-k) or the source
 * (S-mod-k). On FT(l, m, w) the modulus is w, the number of upper ports. Without top forcing the
 * packet turns down at the nearest common ancestor; with it, every packet climbs to the top level so
 * every path has 2(levels-1) switch-to-switch hops (the paper's modification).
 */
final class ModKRouting extends UpDownRouting {
    private final boolean bySource;
    private final boolean topForced;

    ModKRouting(String name, TreeTopology tree, boolean bySource, boolean topForced) {
        super(name, tree);
        this.bySource = bySource;
        this.topForced = topForced;
    }

    @Override
    int upPort(int level, boolean below, PacketView packet) {
        if (below && !topForced) {
            return TURN_DOWN;
        }
        int x = bySource ? packet.source() : packet.destination();
        return (int) (x / subtreeSpan[level] % upPorts[level]);
    }
}
