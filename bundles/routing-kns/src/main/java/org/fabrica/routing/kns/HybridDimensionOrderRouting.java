package org.fabrica.routing.kns;

import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.KnsTopology;

/**
 * Hybrid dimension-order routing on a k-ary n-direct s-indirect network (docs/studies/osha-sasha.md,
 * "Routing"). At a node's interface a packet leaves through the port of the first dimension, in its
 * order, in which the node and the destination differ, or through the terminal port at the
 * destination. Inside the subnetwork of a dimension-d line it goes to the line's node whose
 * coordinate d is the destination's, b: with s = 1 the line's one switch sends it there directly;
 * with s &gt; 1 (an r-ary s-tree per line) it climbs until a switch has b below it, then descends.
 * The up port at level h is digit h of b in base r, and the down port at level h is the same
 * digit: destination-based up/down, as d-mod-k routes a k-ary n-tree, so all packets bound to one
 * node of a line descend through the same switches whatever their source. A packet crosses
 * 2H + 1 switches in a line whose leaf switches' numbers first agree above digit H - 1 (H = 0 when
 * the two nodes share a leaf switch), at most 2s - 1, and so at most n (2s - 1) switches in all
 * (n with s = 1).
 *
 * <p>Each packet takes the XY(Z) or the YX(Z) order, fixed per source. With virtual networks the
 * YX(Z) packets use VC class 1 and the XY(Z) packets class 0 on every hop, so the two orders never
 * share a buffer; without, every hop is class 0.
 *
 * <p>Deadlock freedom within one order: a packet holding a channel of dimension d next requests a
 * channel of the same line's subnetwork or one into the subnetwork of a later dimension in the
 * order, never an earlier one. Inside a subnetwork it goes up, then down, never up after down
 * (up/down routing on a tree). Ranking the channels by (position of their dimension in the order;
 * then, within a line, the up channels by increasing level, the interface's channel into its leaf
 * switch first, then the down channels by decreasing level, the channel out to an interface last)
 * every dependency goes to a higher rank, so the channel-dependency graph is acyclic (Dally and
 * Seitz). With s = 1 this is (into switch, out of switch). Mixing the orders in one class breaks the
 * ranking: an XY packet waits at node 1 for a Y channel while holding an X channel, a YX packet waits
 * at node 5 for an X channel while holding a Y channel, and four such flows close a cycle (the
 * 16-node example).
 *
 * <p>Deterministic: the route is a function of the router and the packet's source and
 * destination, so asking twice gives the same answer. Hot path: route allocates nothing; the
 * topology is copied into arrays at construction.
 */
final class HybridDimensionOrderRouting implements RoutingAlgorithm {
    private final int n;
    private final int nodes;
    private final int[] coordinates;
    private final int[] switchDimension;
    /** Level and index tau of every switch in its line's subnetwork (0 for interfaces: unused). */
    private final int[] switchLevel;
    private final int[] switchIndex;
    private final int arity;
    /** arityPower[h] = r^h, h = 0 .. s. */
    private final int[] arityPower;
    private final int[] interfacePort;
    private final int[] downPort;
    private final int[] upPort;
    private final int terminalPort;
    private final int[] xyOrder;
    private final int[] yxOrder;
    private final boolean[] yx;
    private final boolean virtualNetworks;
    /** The order is the packet's virtual network's: XY(Z) in 0, YX(Z) in 1. */
    private final boolean byNetwork;

    /**
     * @param yx per source node: true when its packets take the YX(Z) order
     * @param virtualNetworks true: YX(Z) packets on VC class 1, XY(Z) on class 0
     */
    HybridDimensionOrderRouting(KnsTopology topology, boolean[] yx, boolean virtualNetworks) {
        this(topology, yx, virtualNetworks, false);
    }

    /** @param byNetwork the packet's virtual network chooses its order ({@code yx} is then unused) */
    HybridDimensionOrderRouting(KnsTopology topology, boolean[] yx, boolean virtualNetworks, boolean byNetwork) {
        this.byNetwork = byNetwork;
        this.n = topology.dimensions();
        this.nodes = topology.nodes();
        this.arity = topology.switchArity();
        int stages = topology.indirectStages();
        this.arityPower = new int[stages + 1];
        arityPower[0] = 1;
        for (int h = 1; h <= stages; h++) {
            arityPower[h] = arityPower[h - 1] * arity;
        }
        this.coordinates = new int[nodes * n];
        for (int node = 0; node < nodes; node++) {
            for (int d = 0; d < n; d++) {
                coordinates[node * n + d] = topology.coordinate(node, d);
            }
        }
        int routers = topology.routers();
        this.switchDimension = new int[routers];
        this.switchLevel = new int[routers];
        this.switchIndex = new int[routers];
        for (int r = 0; r < routers; r++) {
            switchDimension[r] = topology.switchDimension(r);
            if (switchDimension[r] < 0 && topology.interfaceNode(r) != r) {
                throw new IllegalArgumentException("kns-dor: router " + r + " of " + topology.describe()
                        + " is the interface of node " + topology.interfaceNode(r) + "; hybrid DOR needs interface"
                        + " router r = node r");
            }
            if (switchDimension[r] >= 0) {
                switchLevel[r] = topology.switchLevel(r);
                switchIndex[r] = topology.switchIndex(r);
            }
        }
        this.interfacePort = new int[n];
        for (int d = 0; d < n; d++) {
            interfacePort[d] = topology.interfacePort(d);
        }
        this.downPort = new int[arity];
        this.upPort = new int[arity];
        for (int i = 0; i < arity; i++) {
            downPort[i] = topology.switchDownPort(i);
            upPort[i] = topology.switchUpPort(i);
        }
        this.terminalPort = topology.terminalPort();
        this.xyOrder = DimensionOrder.XY.dimensions(n);
        this.yxOrder = DimensionOrder.YX.dimensions(n);
        this.yx = yx.clone();
        this.virtualNetworks = virtualNetworks;
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        boolean yxPath;
        if (byNetwork) {
            int network = packet.virtualNetwork();
            if (network > 1) {
                throw new IllegalStateException("kns-dor with order 'network' routes virtual networks 0 (XY) and 1 (YX),"
                        + " but packet " + packet.id() + " is in network " + network + "; use a queuing scheme with"
                        + " at most two networks");
            }
            yxPath = network == 1;
        } else {
            yxPath = yx[packet.source()];
        }
        int vcClass = virtualNetworks && yxPath ? 1 : 0;
        int destinationBase = packet.destination() * n;
        int d = switchDimension[router];
        if (d >= 0) {
            // a switch of a dimension-d line, SW(h, tau): towards the line's node b in the destination's
            // position, down when b is below this switch, else up; either way through digit h of b (d-mod-k)
            int b = coordinates[destinationBase + d];
            int h = switchLevel[router];
            int digit = b / arityPower[h] % arity;
            boolean below = b / arityPower[h + 1] == switchIndex[router] / arityPower[h];
            out.add(below ? downPort[digit] : upPort[digit], vcClass);
            return;
        }
        int[] order = yxPath ? yxOrder : xyOrder;
        int routerBase = router * n;
        for (int i = 0; i < n; i++) {
            int e = order[i];
            if (coordinates[routerBase + e] != coordinates[destinationBase + e]) {
                out.add(interfacePort[e], vcClass);
                return;
            }
        }
        out.add(terminalPort, vcClass);
    }

    @Override
    public int vcClasses() {
        return virtualNetworks ? 2 : 1;
    }
}
