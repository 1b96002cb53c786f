package org.fabrica.routing;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Header fields of a packet as routing, queuing and throttles see them. The network model passes
 * a reused flyweight: do not keep a reference beyond the call.
 */
@ProviderType
public interface PacketView {
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
}
