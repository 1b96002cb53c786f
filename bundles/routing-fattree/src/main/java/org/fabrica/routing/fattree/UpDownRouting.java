package org.fabrica.routing.fattree;

import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.Topology;
import org.fabrica.topology.TreeTopology;

/**
 * Up*&#47;down* routing on a {@link TreeTopology}: a packet climbs, choosing one upper port per level
 * ({@link #upPort}), until it stands on an ancestor of its destination at the level the policy
 * wants, then descends on the unique downward path (docs/studies/rapidio-m2n.md, "Routing"). Every route
 * goes up, then down, never up again, so the channel dependency graph has no cycle and one VC class
 * suffices.
 *
 * <p>Direction is read from the input port, not from packet state: a packet that entered through an
 * up port came from above and is descending; one that entered through a down port (or was injected
 * on a terminal port) is climbing. {@link #route} may therefore be called any number of times for
 * the same hop and gives the same answer, and state left by another algorithm after a swap cannot
 * mislead it.
 *
 * <p>Descending: the children of a switch own consecutive blocks of {@code nodesBelow(h-1)} nodes in
 * down-port order (TreeTopology contract), so the down port toward d is
 * (d - firstNodeBelow) / nodesBelow(h-1), and at a leaf the destination's terminal port.
 *
 * <p>Hot path: route allocates nothing; the topology is copied into arrays at construction.
 */
abstract class UpDownRouting implements RoutingAlgorithm {
    /** Returned by {@link #upPort} to turn down at the current switch. */
    static final int TURN_DOWN = -1;

    final String name;
    final String topologyName;
    final int top;
    final int nodes;
    final int[] routerLevel;
    final int[] firstBelow;
    final int[] nodesBelow;
    final int[] downPorts;
    final int[] upPorts;
    /** prod_{i<h} upPorts(i): w^h, the divisor of the mod-k rules at upward hop h+1. */
    final long[] subtreeSpan;

    UpDownRouting(String name, TreeTopology tree) {
        this.name = name;
        this.topologyName = tree.describe();
        int levels = tree.levels();
        this.top = levels - 1;
        this.nodes = tree.nodes();
        int routers = tree.routers();
        this.routerLevel = new int[routers];
        this.firstBelow = new int[routers];
        for (int r = 0; r < routers; r++) {
            int h = tree.level(r);
            routerLevel[r] = h;
            firstBelow[r] = tree.firstNodeBelow(h, tree.index(r));
        }
        this.nodesBelow = new int[levels];
        this.downPorts = new int[levels];
        this.upPorts = new int[levels];
        this.subtreeSpan = new long[levels];
        long span = 1;
        for (int h = 0; h < levels; h++) {
            nodesBelow[h] = tree.nodesBelow(h);
            downPorts[h] = tree.downPorts(h);
            upPorts[h] = tree.upPorts(h);
            subtreeSpan[h] = span;
            span *= Math.max(1, upPorts[h]);
            for (int i = 0; i < downPorts[h]; i++) {
                if (tree.downPort(h, i) != i) {
                    throw new IllegalArgumentException(name + " expects the TreeTopology port layout with down ports"
                            + " first, but " + topologyName + " numbers them differently");
                }
            }
        }
    }

    /** The tree, or an error naming the topologies this family routes. */
    static TreeTopology requireTree(String name, Topology topology) {
        if (topology instanceof TreeTopology tree) {
            return tree;
        }
        throw new IllegalArgumentException("routing '" + name + "' routes fat trees (kary-ntree, extended-kary-ntree,"
                + " ft: topologies implementing TreeTopology), not " + topology.describe()
                + "; choose a fat-tree topology or a routing algorithm for this topology");
    }

    @Override
    public final void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int h = routerLevel[router];
        int offset = packet.destination() - firstBelow[router];
        boolean below = offset >= 0 && offset < nodesBelow[h];
        if (below && (h == top || inPort >= downPorts[h])) {
            out.add(h == 0 ? offset : offset / nodesBelow[h - 1], 0);
            return;
        }
        int up = h == top ? TURN_DOWN : upPort(h, below, packet);
        if (up == TURN_DOWN) {
            if (!below) {
                throw new IllegalStateException(name + " on " + topologyName + ": packet " + packet.id() + " from "
                        + packet.source() + " to " + packet.destination() + " turned down at level " + h
                        + " on a switch that is not above its destination");
            }
            out.add(h == 0 ? offset : offset / nodesBelow[h - 1], 0);
            return;
        }
        climb(router, h, up, packet, out);
    }

    /**
     * Adds the candidates of a climbing packet at {@code router} (level {@code level}) whose
     * {@link #upPort} is {@code up}: by default that upper port alone. An adaptive policy overrides
     * it to offer several upper ports in its order of preference; any upper port leads to an
     * ancestor of the same nodes, so every one is a valid up*&#47;down* route.
     */
    void climb(int router, int level, int up, PacketView packet, RouteCandidates out) {
        out.add(downPorts[level] + up, 0);
    }

    /**
     * Upper port (0 .. upPorts(level)-1) a climbing packet takes at a switch of this level below the
     * top, or {@link #TURN_DOWN} to descend here ({@code below}: the switch is an ancestor of the
     * destination, so descending is possible).
     */
    abstract int upPort(int level, boolean below, PacketView packet);

    @Override
    public int vcClasses() {
        return 1;
    }
}
