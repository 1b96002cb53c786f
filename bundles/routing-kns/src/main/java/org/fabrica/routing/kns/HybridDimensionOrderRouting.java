package org.fabrica.routing.kns;

import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.KnsTopology;

/**
 * Hybrid dimension-order routing on a k-ary n-direct 1-indirect network (docs/studies/osha-sasha.md,
 * "Routing"). At a node's interface a packet leaves through the port of the first dimension, in its
 * order, in which the node and the destination differ, or through the terminal port at the
 * destination; at the switch of a dimension-d line it leaves to the line's node whose coordinate d
 * is the destination's. A packet thus crosses one switch per coordinate it corrects: at most n.
 *
 * <p>Each packet takes the XY(Z) or the YX(Z) order, fixed per source. With virtual networks the
 * YX(Z) packets use VC class 1 and the XY(Z) packets class 0 on every hop, so the two orders never
 * share a buffer; without, every hop is class 0.
 *
 * <p>Deadlock freedom within one order: a packet holding the channel into a dimension-d switch, or
 * out of it, next requests a channel of the same dimension (switch to node) or of a later dimension
 * in the order (node to the next switch), never an earlier one; within a dimension, the channel
 * from a node to its switch is followed only by a channel from that switch to another node, and
 * that one only by a channel of a later dimension. Ranking the channels by (position of their
 * dimension in the order, into-switch before out-of-switch) every dependency goes to a higher
 * rank, so the channel-dependency graph is acyclic (Dally and Seitz). Mixing the orders in one
 * class breaks the ranking: an XY packet waits at node 1 for a Y channel while holding an X
 * channel, a YX packet waits at node 5 for an X channel while holding a Y channel, and four such
 * flows close a cycle (the 16-node example).
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
    private final int[] interfacePort;
    private final int[] switchPort;
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
        int k = topology.radix();
        this.coordinates = new int[nodes * n];
        for (int node = 0; node < nodes; node++) {
            for (int d = 0; d < n; d++) {
                coordinates[node * n + d] = topology.coordinate(node, d);
            }
        }
        int routers = topology.routers();
        this.switchDimension = new int[routers];
        for (int r = 0; r < routers; r++) {
            switchDimension[r] = topology.switchDimension(r);
            if (switchDimension[r] < 0 && topology.interfaceNode(r) != r) {
                throw new IllegalArgumentException("kns-dor: router " + r + " of " + topology.describe()
                        + " is the interface of node " + topology.interfaceNode(r) + "; hybrid DOR needs interface"
                        + " router r = node r");
            }
        }
        this.interfacePort = new int[n];
        for (int d = 0; d < n; d++) {
            interfacePort[d] = topology.interfacePort(d);
        }
        this.switchPort = new int[k];
        for (int c = 0; c < k; c++) {
            switchPort[c] = topology.switchPort(c);
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
            // a switch of a dimension-d line: on to the line's node in the destination's position
            out.add(switchPort[coordinates[destinationBase + d]], vcClass);
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
