package org.fabrica.network.flit;

import org.fabrica.routing.PacketView;

/**
 * A detached copy of a packet header, for look-ahead route computations that must leave the real
 * packet's routing state untouched (QueuingContext.nextHopPort / firstHopPort).
 */
final class ScratchPacket implements PacketView {
    private long id;
    private int source;
    private int destination;
    private int length;
    private long created;
    private int routingState;
    private int virtualNetwork;
    private int packetClass;
    private int arrivalClass = -1;

    /** A fresh packet header (routing state 0), as the pool would hold it. */
    void set(long packetId, int src, int dst, int flits, long createdAt) {
        id = packetId;
        source = src;
        destination = dst;
        length = flits;
        created = createdAt;
        routingState = 0;
        virtualNetwork = 0;
        packetClass = 0;
        arrivalClass = -1;
    }

    /** Sets the class of a collective packet being queued ({@code PacketView.packetClass}). */
    void packetClass(int c) {
        packetClass = c;
    }

    void copy(PacketView packet) {
        id = packet.id();
        source = packet.source();
        destination = packet.destination();
        length = packet.length();
        created = packet.created();
        routingState = packet.routingState();
        virtualNetwork = packet.virtualNetwork();
        packetClass = packet.packetClass();
        arrivalClass = packet.arrivalClass();
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public int source() {
        return source;
    }

    @Override
    public int destination() {
        return destination;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public long created() {
        return created;
    }

    @Override
    public int routingState() {
        return routingState;
    }

    @Override
    public void routingState(int state) {
        routingState = state;
    }

    @Override
    public int virtualNetwork() {
        return virtualNetwork;
    }

    @Override
    public void virtualNetwork(int network) {
        virtualNetwork = network;
    }

    @Override
    public int packetClass() {
        return packetClass;
    }

    @Override
    public int arrivalClass() {
        return arrivalClass;
    }
}
