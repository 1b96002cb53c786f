package org.fabrica.testing;

import org.fabrica.routing.PacketView;

/**
 * A packet header for tests of routing algorithms, queuing schemes and throttles: 8 flits,
 * created at cycle 0, routing state 0 at creation. The routing state is writable (what a routing
 * algorithm may do) unless the packet was made with {@link #readOnly}, whose state may not change
 * (queuing schemes and throttles read it only: writing it fails the test).
 */
public final class TestPacket implements PacketView {
    /** Length of every test packet, in flits. */
    public static final int LENGTH = 8;

    private final long id;
    private final int source;
    private final int destination;
    private final boolean writable;
    private int state;
    private int virtualNetwork;

    /** A packet whose routing state the component under test may set. */
    public TestPacket(long id, int source, int destination) {
        this(id, source, destination, true);
    }

    private TestPacket(long id, int source, int destination, boolean writable) {
        this.id = id;
        this.source = source;
        this.destination = destination;
        this.writable = writable;
    }

    /** A packet whose routing state stays 0: setting it throws {@link UnsupportedOperationException}. */
    public static TestPacket readOnly(long id, int source, int destination) {
        return new TestPacket(id, source, destination, false);
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
        return LENGTH;
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
        if (!writable) {
            throw new UnsupportedOperationException("packet " + id + " has a read-only routing state: only the routing"
                    + " algorithm may change it, not queuing schemes or throttles");
        }
        state = s;
    }

    @Override
    public String toString() {
        return "packet " + id + " (" + source + " -> " + destination + ", state " + state + ")";
    }

    @Override
    public int virtualNetwork() {
        return virtualNetwork;
    }

    @Override
    public void virtualNetwork(int network) {
        if (!writable) {
            throw new IllegalStateException("read-only packet: virtualNetwork must not be set here");
        }
        virtualNetwork = network;
    }
}
