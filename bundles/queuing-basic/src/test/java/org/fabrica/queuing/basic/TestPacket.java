package org.fabrica.queuing.basic;

import org.fabrica.routing.PacketView;

/** A fixed packet header for tests. */
record TestPacket(long id, int source, int destination) implements PacketView {
    @Override
    public int length() {
        return 8;
    }

    @Override
    public long created() {
        return 0;
    }

    @Override
    public int routingState() {
        return 0;
    }

    @Override
    public void routingState(int state) {
        throw new UnsupportedOperationException("queuing schemes must not change the routing state");
    }
}
