package org.fabrica.topology.rails;

import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;

/**
 * Routing on a {@link RailTopology}: at the source's interface a packet takes a plane, chosen by
 * the selection policy; in the plane the topology's own routing (one instance per plane) routes
 * it; at the destination's interface it goes to the node. Interface hops use VC class 0. The
 * plane is a function of the packet's header, never of a counter: the network may ask for a
 * packet's route more than once at one router (a throttle's or a queuing scheme's look-ahead, a
 * retry), and must get the same answer.
 */
public final class RailRouting implements RoutingAlgorithm {
    /** How a source's interface spreads its packets over the planes. */
    public enum Selection {
        /**
         * The packet's id modulo the planes: ids count packets in generation order over all
         * nodes, so one source alone takes the planes in turn and many sources spread evenly.
         */
        PACKET,
        /** The destination's id modulo the planes: one plane per destination, packets stay in order. */
        DESTINATION
    }

    private final RailTopology topology;
    private final RoutingAlgorithm[] planes;
    private final Selection selection;
    private final int interfaceBase;

    /** @param planes the topology's routing, one instance per plane */
    public RailRouting(RailTopology topology, RoutingAlgorithm[] planes, Selection selection) {
        if (planes.length != topology.planes()) {
            throw new IllegalArgumentException(planes.length + " routing instances for " + topology.planes() + " planes");
        }
        this.topology = topology;
        this.planes = planes.clone();
        this.selection = selection;
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
            long key = selection == Selection.DESTINATION ? packet.destination() : packet.id();
            out.add((int) (key % m), 0);
            return;
        }
        int r = topology.planeRouters();
        planes[router / r].route(router % r, inPort, packet, out);
    }

    @Override
    public int vcClasses() {
        return planes[0].vcClasses();
    }

    /** The planes' routing's (interface hops use class 0, which needs none unless the planes' does). */
    @Override
    public boolean atomicVcAllocation(int vcClass) {
        return planes[0].atomicVcAllocation(vcClass);
    }

    @Override
    public boolean deterministic() {
        return selection == Selection.DESTINATION && planes[0].deterministic();
    }
}
