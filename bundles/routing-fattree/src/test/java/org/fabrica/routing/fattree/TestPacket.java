package org.fabrica.routing.fattree;

import org.fabrica.routing.PacketView;

/** A mutable packet header for tests. */
final class TestPacket implements PacketView {
    long id;
    int source;
    int destination;
    int state;

    TestPacket(long id, int source, int destination) {
        this.id = id;
        this.source = source;
        this.destination = destination;
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
        return 8;
    }

    @Override
    public long created() {
        return 0;
    }

    @Override
    public int routingState() {
        return state;
    }

    @Override
    public void routingState(int s) {
        state = s;
    }
}
