package org.example.fabrica.westfirst;

import org.example.fabrica.westfirst.WestFirstParameters.Preference;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.CartesianTopology;

/**
 * West-first routing (Glass and Ni, "The turn model for adaptive routing", ISCA 1992) on a 2D
 * mesh: a packet first takes every hop it needs in the -x ("west") direction, then moves
 * adaptively among the remaining productive directions (+x, and +y or -y). No turn ever leads into
 * the west direction, which breaks every cycle of channel dependencies, so one VC class suffices.
 *
 * <p>On a 2D torus the algorithm routes on the embedded mesh: it never uses a wrap-around link
 * (moving west only while x is above the destination's, east only while below), so it stays
 * deadlock-free with one VC class, at the price of non-minimal paths in torus terms.
 *
 * <p>{@link #route} is on the simulator's hot path: it reads precomputed arrays, allocates
 * nothing, keeps no reference to its arguments, and does not use the packet's routing state.
 */
final class WestFirstRouting implements RoutingAlgorithm {
    private final int[] x;
    private final int[] y;
    private final int[] nodeRouter;
    private final int[] nodePort;
    private final int east;
    private final int west;
    private final int north;
    private final int south;
    private final Preference preference;

    WestFirstRouting(CartesianTopology topology, Preference preference) {
        if (topology.dimensions() != 2) {
            throw new IllegalArgumentException("west-first routes 2D meshes and tori; the topology '"
                    + topology.describe() + "' has " + topology.dimensions() + " dimensions: use n: 2");
        }
        int routers = topology.routers();
        x = new int[routers];
        y = new int[routers];
        for (int r = 0; r < routers; r++) {
            x[r] = topology.coordinate(r, 0);
            y[r] = topology.coordinate(r, 1);
        }
        int nodes = topology.nodes();
        nodeRouter = new int[nodes];
        nodePort = new int[nodes];
        for (int n = 0; n < nodes; n++) {
            nodeRouter[n] = topology.nodeRouter(n);
            nodePort[n] = topology.nodePort(n);
        }
        east = topology.plusPort(0);
        west = topology.minusPort(0);
        north = topology.plusPort(1);
        south = topology.minusPort(1);
        this.preference = preference;
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int destination = packet.destination();
        int target = nodeRouter[destination];
        if (router == target) {
            out.add(nodePort[destination], 0);
            return;
        }
        int dx = x[target] - x[router];
        int dy = y[target] - y[router];
        if (dx < 0) {
            // west first, and only west: no turn may lead into the west direction later
            out.add(west, 0);
            return;
        }
        int vertical = dy > 0 ? north : south;
        if (dx == 0) {
            out.add(vertical, 0);
            return;
        }
        if (dy == 0) {
            out.add(east, 0);
            return;
        }
        boolean eastFirst = switch (preference) {
            case X_FIRST -> true;
            case Y_FIRST -> false;
            case LARGER_OFFSET -> dx >= Math.abs(dy);
        };
        if (eastFirst) {
            out.add(east, 0);
            out.add(vertical, 0);
        } else {
            out.add(vertical, 0);
            out.add(east, 0);
        }
    }

    /** One class: the turn restriction alone prevents deadlock, on every VC. */
    @Override
    public int vcClasses() {
        return 1;
    }

    /** Adaptive: the network may take either productive direction, so paths vary. */
    @Override
    public boolean deterministic() {
        return false;
    }
}
