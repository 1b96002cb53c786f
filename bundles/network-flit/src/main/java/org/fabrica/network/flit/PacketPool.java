package org.fabrica.network.flit;

/**
 * Packet headers as a struct of arrays indexed by slot, with a free list. A packet takes a slot
 * when it reaches the front of its source queue (see {@link SourceQueues}) and keeps it until
 * delivered. Slots are reused once a
 * packet is delivered; the packet id (monotonic, never reused) is what observers see. The arrays
 * grow by doubling, so a run allocates only while its peak packet population grows.
 */
final class PacketPool {
    static final byte FREE = 0;
    static final byte QUEUED = 1;
    static final byte IN_NETWORK = 2;

    long[] id;
    long[] created;
    long[] injected;
    int[] source;
    int[] destination;
    int[] length;
    int[] routingState;
    /** The class of the candidate on which the packet was granted its VC; -1 at its source router ({@code PacketView.arrivalClass}). */
    int[] arrivalClass;
    /** The virtual network its source chose (QueuingScheme.virtualNetwork), 0 .. 63. */
    byte[] virtualNetwork;
    /** VOQ buffers: the VC class of the route computed when the head arrived at its current router. */
    int[] hopClass;
    int[] hops;
    /** Flits of the packet that reached the destination interface (exactly-once check). */
    int[] ejected;
    byte[] state;
    /** {@code PacketView.packetClass}: 0 for unicast, else a collective engine's packet. */
    byte[] packetClass;
    /** A collective packet's header, the engine's own word (0 for unicast). */
    int[] header;
    /**
     * A collective packet corrupted on the link it crosses, or a unicast packet corrupted on its
     * way (the receiver drops it).
     */
    boolean[] corrupt;
    /** A packet of a multi-output route, original or copy: links never corrupt a unicast one (its source could not send the branches again). */
    boolean[] branched;
    /** Cycles a branched collective packet waits after its VC claims at its current router (replication). */
    int[] replication;
    private int[] nextFree;
    private int freeHead;
    private int live;
    /** The fewest flits of any packet allocated so far (never rises): what a VC must hold for any head to fit. */
    private int shortest = Integer.MAX_VALUE;
    /** The most flits of any packet allocated so far (never falls): beyond it no credit completes any head's room. */
    private int longest;

    PacketPool(int initialCapacity) {
        allocate(Math.max(16, initialCapacity));
    }

    private void allocate(int capacity) {
        id = new long[capacity];
        created = new long[capacity];
        injected = new long[capacity];
        source = new int[capacity];
        destination = new int[capacity];
        length = new int[capacity];
        routingState = new int[capacity];
        arrivalClass = new int[capacity];
        virtualNetwork = new byte[capacity];
        hopClass = new int[capacity];
        hops = new int[capacity];
        ejected = new int[capacity];
        state = new byte[capacity];
        packetClass = new byte[capacity];
        header = new int[capacity];
        corrupt = new boolean[capacity];
        branched = new boolean[capacity];
        replication = new int[capacity];
        nextFree = new int[capacity];
        for (int i = 0; i < capacity - 1; i++) {
            nextFree[i] = i + 1;
        }
        nextFree[capacity - 1] = -1;
        freeHead = 0;
    }

    int capacity() {
        return id.length;
    }

    /** The fewest flits of any packet allocated so far; {@code Integer.MAX_VALUE} before the first. */
    int shortest() {
        return shortest;
    }

    /** The most flits of any packet allocated so far; 0 before the first. */
    int longest() {
        return longest;
    }

    int live() {
        return live;
    }

    /** A free slot in state QUEUED with the header set and counters zeroed. */
    int allocate(long packetId, int src, int dst, int flits, long cycle) {
        if (freeHead < 0) {
            grow();
        }
        int slot = freeHead;
        freeHead = nextFree[slot];
        id[slot] = packetId;
        created[slot] = cycle;
        injected[slot] = -1;
        source[slot] = src;
        destination[slot] = dst;
        length[slot] = flits;
        if (flits < shortest) {
            shortest = flits;
        }
        if (flits > longest) {
            longest = flits;
        }
        routingState[slot] = 0;
        arrivalClass[slot] = -1;
        virtualNetwork[slot] = 0;
        hops[slot] = 0;
        ejected[slot] = 0;
        state[slot] = QUEUED;
        packetClass[slot] = 0;
        header[slot] = 0;
        corrupt[slot] = false;
        branched[slot] = false;
        replication[slot] = 0;
        live++;
        return slot;
    }

    /** The packet in {@code slot} for messages, e.g. {@code packet 12 (source 3, destination 7)}. */
    String name(int slot) {
        return "packet " + id[slot] + " (source " + source[slot] + ", destination " + destination[slot] + ")";
    }

    void release(int slot) {
        state[slot] = FREE;
        nextFree[slot] = freeHead;
        freeHead = slot;
        live--;
    }

    private void grow() {
        int old = id.length;
        int capacity = old * 2;
        id = java.util.Arrays.copyOf(id, capacity);
        created = java.util.Arrays.copyOf(created, capacity);
        injected = java.util.Arrays.copyOf(injected, capacity);
        source = java.util.Arrays.copyOf(source, capacity);
        destination = java.util.Arrays.copyOf(destination, capacity);
        length = java.util.Arrays.copyOf(length, capacity);
        routingState = java.util.Arrays.copyOf(routingState, capacity);
        arrivalClass = java.util.Arrays.copyOf(arrivalClass, capacity);
        virtualNetwork = java.util.Arrays.copyOf(virtualNetwork, capacity);
        hopClass = java.util.Arrays.copyOf(hopClass, capacity);
        hops = java.util.Arrays.copyOf(hops, capacity);
        ejected = java.util.Arrays.copyOf(ejected, capacity);
        state = java.util.Arrays.copyOf(state, capacity);
        packetClass = java.util.Arrays.copyOf(packetClass, capacity);
        header = java.util.Arrays.copyOf(header, capacity);
        corrupt = java.util.Arrays.copyOf(corrupt, capacity);
        branched = java.util.Arrays.copyOf(branched, capacity);
        replication = java.util.Arrays.copyOf(replication, capacity);
        nextFree = java.util.Arrays.copyOf(nextFree, capacity);
        for (int i = old; i < capacity - 1; i++) {
            nextFree[i] = i + 1;
        }
        nextFree[capacity - 1] = -1;
        freeHead = old;
    }
}
