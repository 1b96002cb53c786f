package org.fabrica.network.flit;

import org.fabrica.routing.PacketView;

/** The reused view of one pooled packet that routing, queuing and throttles see. */
final class PacketFlyweight implements PacketView {
    private final PacketPool pool;
    int slot;

    PacketFlyweight(PacketPool pool) {
        this.pool = pool;
    }

    @Override
    public long id() {
        return pool.id[slot];
    }

    @Override
    public int source() {
        return pool.source[slot];
    }

    @Override
    public int destination() {
        return pool.destination[slot];
    }

    @Override
    public int length() {
        return pool.length[slot];
    }

    @Override
    public long created() {
        return pool.created[slot];
    }

    @Override
    public int routingState() {
        return pool.routingState[slot];
    }

    @Override
    public void routingState(int state) {
        pool.routingState[slot] = state;
    }

    @Override
    public int virtualNetwork() {
        return pool.virtualNetwork[slot];
    }

    @Override
    public void virtualNetwork(int network) {
        pool.virtualNetwork[slot] = (byte) network;
    }

    @Override
    public int arrivalClass() {
        return pool.arrivalClass[slot];
    }

    @Override
    public int packetClass() {
        return pool.packetClass[slot];
    }
}
