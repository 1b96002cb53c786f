package org.fabrica.routing;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Header fields of a packet as routing, queuing and throttles see them. The network model passes
 * a reused flyweight: do not keep a reference beyond the call.
 */
@ProviderType
public interface PacketView {
    /** {@link #packetClass()} of an ordinary packet. */
    int UNICAST = 0;
    /** {@link #packetClass()} of a barrier packet of a collective engine. */
    int BARRIER = 1;
    /** {@link #packetClass()} of a multicast packet of a collective engine. */
    int MULTICAST = 2;

    /** Packet id, unique within a run. */
    long id();

    /** Source end node. */
    int source();

    /** Destination end node. */
    int destination();

    /** Length in flits. */
    int length();

    /** Cycle the packet was generated at its source. */
    long created();

    /**
     * Per-packet state owned by the routing algorithm (e.g. the dateline class reached so far).
     * Zero at creation; the network keeps it with the packet.
     */
    int routingState();

    /** Sets the routing-owned state. */
    void routingState(int state);

    /**
     * The virtual network the packet travels in: one of several disjoint sets of queues, chosen
     * once per packet at its source by the queuing scheme ({@code QueuingScheme.virtualNetwork})
     * and never changed. A routing algorithm may read it to choose the path (e.g. XY paths in one
     * virtual network and YX in another). 0 when the network has one.
     *
     * @since 1.3
     */
    default int virtualNetwork() {
        return 0;
    }

    /**
     * Sets the virtual network; only the network model does, once per packet.
     *
     * @throws UnsupportedOperationException for views that carry none
     * @since 1.3
     */
    default void virtualNetwork(int network) {
        throw new UnsupportedOperationException("this packet view carries no virtual network");
    }

    /**
     * The packet's class: {@link #UNICAST}, or {@link #BARRIER} / {@link #MULTICAST} for the
     * packets a collective engine sends, which queuing schemes may keep in VCs of their own (the
     * Dawning 5000's barrier VC). Routing algorithms never see collective packets: the engine
     * routes them.
     *
     * @since 1.4
     */
    default int packetClass() {
        return UNICAST;
    }

    /**
     * The VC class of the VC the packet holds at the router routing it now: the class of the
     * candidate on which the previous router's allocator granted it that VC; -1 at its source router
     * (it came from its node's interface), and for a VC granted before a routing that asks was swapped
     * in. Tracked only for a routing that asks
     * ({@link RoutingAlgorithm#readsArrivalClass()}), -1 otherwise. It lets a routing keep a packet
     * in a class once it entered it, e.g. an escape network a packet never leaves.
     *
     * @since 1.8
     */
    default int arrivalClass() {
        return -1;
    }
}
