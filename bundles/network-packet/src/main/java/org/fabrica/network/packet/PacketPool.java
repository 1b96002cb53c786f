package org.fabrica.network.packet;

import java.util.Arrays;
import org.fabrica.routing.PacketView;

/**
 * The packets that have left their source queues, one record of {@code 1 << SHIFT} longs per pool
 * slot (64 bytes: a packet's header, routing state and the cycles its head and tail become
 * visible in the buffer it is in, read together at every hop in one cache line), with a free list.
 * Grows by doubling; nothing is allocated per packet once it has grown.
 */
final class PacketPool {
    private static final int SHIFT = 3;
    private static final int ID = 0;
    private static final int CREATED = 1;
    private static final int INJECTED = 2;
    private static final int HEAD = 3;
    private static final int TAIL = 4;
    /** Source (low 32 bits) and destination (high 32). */
    private static final int ENDS = 5;
    /** Length in flits (low 32 bits) and hops (high 32). */
    private static final int SIZE = 6;
    /**
     * Routing state (low 32 bits), virtual network (bits 32-39, a byte), and with VOQ crossbars the
     * VC class of the route computed when the head arrived at its current router (bits 40-63).
     */
    private static final int ROUTE = 7;
    private long[] rec;
    private int capacity;
    private int[] free;
    private int freeCount;
    private int used;
    /** A reused view of a pooled packet, for routing and queuing calls. */
    final View view = new View();

    PacketPool(int capacity) {
        grow(Math.max(16, capacity));
    }

    private void grow(int grown) {
        int old = capacity;
        rec = rec == null ? new long[Math.multiplyExact(grown, 1 << SHIFT)] : Arrays.copyOf(rec,
                Math.multiplyExact(grown, 1 << SHIFT));
        capacity = grown;
        int[] f = new int[grown];
        if (free != null) {
            System.arraycopy(free, 0, f, 0, freeCount);
        }
        free = f;
        for (int s = grown - 1; s >= old; s--) {
            free[freeCount++] = s;
        }
    }

    int allocate(long packetId, int src, int dst, int flits, long createdAt, int virtualNetwork) {
        if (freeCount == 0) {
            grow(capacity * 2);
        }
        int s = free[--freeCount];
        int x = s << SHIFT;
        long[] r = rec;
        r[x + ID] = packetId;
        r[x + CREATED] = createdAt;
        r[x + INJECTED] = -1;
        r[x + HEAD] = 0;
        r[x + TAIL] = 0;
        r[x + ENDS] = (src & 0xFFFF_FFFFL) | ((long) dst << 32);
        r[x + SIZE] = flits & 0xFFFF_FFFFL;
        r[x + ROUTE] = (virtualNetwork & 0xFFL) << 32;
        used++;
        return s;
    }

    void release(int s) {
        free[freeCount++] = s;
        used--;
    }

    long id(int s) {
        return rec[(s << SHIFT) + ID];
    }

    int source(int s) {
        return (int) rec[(s << SHIFT) + ENDS];
    }

    int destination(int s) {
        return (int) (rec[(s << SHIFT) + ENDS] >>> 32);
    }

    int length(int s) {
        return (int) rec[(s << SHIFT) + SIZE];
    }

    long created(int s) {
        return rec[(s << SHIFT) + CREATED];
    }

    long injected(int s) {
        return rec[(s << SHIFT) + INJECTED];
    }

    void injected(int s, long cycle) {
        rec[(s << SHIFT) + INJECTED] = cycle;
    }

    int hops(int s) {
        return (int) (rec[(s << SHIFT) + SIZE] >>> 32);
    }

    /** One more hop for the packet in {@code s}; returns its hops. */
    int hop(int s) {
        int x = (s << SHIFT) + SIZE;
        long v = rec[x] + (1L << 32);
        rec[x] = v;
        return (int) (v >>> 32);
    }

    long headVisible(int s) {
        return rec[(s << SHIFT) + HEAD];
    }

    long tailVisible(int s) {
        return rec[(s << SHIFT) + TAIL];
    }

    /** Where the packet's head and tail become visible in the buffer it goes to. */
    void visible(int s, long head, long tail) {
        int x = s << SHIFT;
        rec[x + HEAD] = head;
        rec[x + TAIL] = tail;
    }

    int routingState(int s) {
        return (int) rec[(s << SHIFT) + ROUTE];
    }

    void routingState(int s, int state) {
        int x = (s << SHIFT) + ROUTE;
        rec[x] = (rec[x] & ~0xFFFF_FFFFL) | (state & 0xFFFF_FFFFL);
    }

    /** The virtual network, kept as a byte (as the flit model keeps it). */
    int network(int s) {
        return (byte) (rec[(s << SHIFT) + ROUTE] >>> 32);
    }

    void network(int s, int n) {
        int x = (s << SHIFT) + ROUTE;
        rec[x] = (rec[x] & ~(0xFFL << 32)) | ((n & 0xFFL) << 32);
    }

    int hopClass(int s) {
        return (int) (rec[(s << SHIFT) + ROUTE] >>> 40);
    }

    void hopClass(int s, int cls) {
        if (cls >>> 24 != 0) {
            throw new IllegalArgumentException("VC class " + cls + " beyond the packet model's 2^24");
        }
        int x = (s << SHIFT) + ROUTE;
        rec[x] = (rec[x] & ((1L << 40) - 1)) | ((long) cls << 40);
    }

    int used() {
        return used;
    }

    String name(int s) {
        return "packet " + id(s) + " (" + source(s) + " -> " + destination(s) + ", created at cycle " + created(s) + ")";
    }

    View view(int slot) {
        view.slot = slot;
        return view;
    }

    /** A pooled packet as routing and queuing see it. */
    final class View implements PacketView {
        int slot;

        @Override
        public long id() {
            return PacketPool.this.id(slot);
        }

        @Override
        public int source() {
            return PacketPool.this.source(slot);
        }

        @Override
        public int destination() {
            return PacketPool.this.destination(slot);
        }

        @Override
        public int length() {
            return PacketPool.this.length(slot);
        }

        @Override
        public long created() {
            return PacketPool.this.created(slot);
        }

        @Override
        public int routingState() {
            return PacketPool.this.routingState(slot);
        }

        @Override
        public void routingState(int state) {
            PacketPool.this.routingState(slot, state);
        }

        @Override
        public int virtualNetwork() {
            return network(slot);
        }

        @Override
        public void virtualNetwork(int n) {
            network(slot, n);
        }
    }

    /** A detached header: look-aheads and packets still in their source queues, routing state its own. */
    static final class Detached implements PacketView {
        long id;
        int source;
        int destination;
        int length;
        long created;
        int state;
        int network;

        Detached set(long packetId, int src, int dst, int flits, long createdAt, int routing, int virtualNetwork) {
            id = packetId;
            source = src;
            destination = dst;
            length = flits;
            created = createdAt;
            state = routing;
            network = virtualNetwork;
            return this;
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
            return state;
        }

        @Override
        public void routingState(int s) {
            state = s;
        }

        @Override
        public int virtualNetwork() {
            return network;
        }

        @Override
        public void virtualNetwork(int n) {
            network = n;
        }
    }
}
