package org.fabrica.topology.rails;

import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;

/**
 * Routing on a {@link RailTopology}: at the source's interface a packet takes a plane, chosen by
 * the selection policy; in the plane the topology's own routing (one instance per plane) routes
 * it; at the destination's interface it goes to the node. Interface hops use VC class 0. The
 * plane is a function of the packet's header, never of a counter: the network may ask for a
 * packet's route more than once at one router (a throttle's or a queuing scheme's look-ahead, a
 * retry), and must get the same answer. An adaptive plane routing reads the occupancy of its own
 * plane, its routers numbered as in the plane ({@link #occupancy}).
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
        if (planes[0].readsArrivalClass()) {
            // the interface hop's class 0 would read as the plane routing's own class 0 (an escape network)
            throw new IllegalArgumentException("the routing reads the class of the VC a packet arrived on, which a"
                    + " multi-rail network does not pass to its planes (a packet enters a plane from its interface"
                    + " router in class 0); use it without rails, or a routing that does not read it");
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

    /** The planes' routing's: an adaptive one chooses by the occupancy of its plane. */
    @Override
    public boolean readsOccupancy() {
        return planes[0].readsOccupancy();
    }

    /**
     * Hands each plane's routing the occupancy of its own plane: plane {@code p}'s router {@code i} is
     * the network's router {@code p * planeRouters + i}, with the plane's ports.
     */
    @Override
    public void occupancy(NetworkOccupancy view) {
        int r = topology.planeRouters();
        for (int p = 0; p < planes.length; p++) {
            planes[p].occupancy(new PlaneOccupancy(view, p * r));
        }
    }

    /** The occupancy of one plane, its routers numbered from 0. */
    private record PlaneOccupancy(NetworkOccupancy network, int first) implements NetworkOccupancy {
        @Override
        public int downstreamFlits(int router, int outPort) {
            return network.downstreamFlits(first + router, outPort);
        }

        @Override
        public int downstreamFlits(int router, int outPort, int vc) {
            return network.downstreamFlits(first + router, outPort, vc);
        }

        @Override
        public int downstreamCapacity(int router, int outPort) {
            return network.downstreamCapacity(first + router, outPort);
        }

        @Override
        public int vcs() {
            return network.vcs();
        }
    }

    @Override
    public boolean deterministic() {
        return selection == Selection.DESTINATION && planes[0].deterministic();
    }
}
