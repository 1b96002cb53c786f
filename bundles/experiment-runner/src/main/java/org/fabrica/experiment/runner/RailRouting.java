package org.fabrica.experiment.runner;

import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;

/**
 * Routing on a {@link RailTopology}: at the source's interface a packet takes a plane, chosen by
 * the selection policy; in the plane the topology's own routing (one instance per plane) routes
 * it; at the destination's interface it goes to the node. Interface hops use VC class 0.
 */
final class RailRouting implements RoutingAlgorithm {
    /** How a source's interface spreads its packets over the planes. */
    enum Selection {
        /** Plane after plane, packet by packet, per source. */
        ROUND_ROBIN,
        /** The destination's id modulo the planes: one plane per destination, packets stay in order. */
        DESTINATION
    }

    private final RailTopology topology;
    private final RoutingAlgorithm[] planes;
    private final Selection selection;
    private final int[] next;
    private final int interfaceBase;

    /** @param planes the topology's routing, one instance per plane */
    RailRouting(RailTopology topology, RoutingAlgorithm[] planes, Selection selection) {
        if (planes.length != topology.planes()) {
            throw new IllegalArgumentException(planes.length + " routing instances for " + topology.planes() + " planes");
        }
        this.topology = topology;
        this.planes = planes.clone();
        this.selection = selection;
        this.next = new int[topology.nodes()];
        this.interfaceBase = topology.planes() * topology.planeRouters();
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int m = topology.planes();
        if (router >= interfaceBase) {
            if (inPort != m) {
                out.add(m, 0); // from a plane: to the node
                return;
            }
            int n = router - interfaceBase;
            int plane;
            if (selection == Selection.DESTINATION) {
                plane = packet.destination() % m;
            } else {
                plane = next[n];
                next[n] = plane + 1 == m ? 0 : plane + 1;
            }
            out.add(plane, 0);
            return;
        }
        int r = topology.planeRouters();
        planes[router / r].route(router % r, inPort, packet, out);
    }

    @Override
    public int vcClasses() {
        return planes[0].vcClasses();
    }

    @Override
    public boolean deterministic() {
        return selection == Selection.DESTINATION && planes[0].deterministic();
    }
}
