package org.fabrica.network.packet;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Unicast packets on lossy links, as the flit model loses and sends them again (its
 * {@code UnicastRetransmission}; docs/model-reference.md, "Unicast packets on lossy links"): a
 * packet of F flits of B bits that crossed h router-to-router links is corrupted with probability
 * 1 - (1 - rate)^(F B (h + 2)), drawn once per packet from the stream {@code ("unicast-errors", 0)}
 * in the flit model's order: by the cycle its tail is sent onto the terminal link, then by router
 * (the flit model visits routers in index order), then by terminal port. The corrupt packet takes
 * every VC, credit and link on its way, and its destination interface drops it in the cycle its
 * tail arrives (no receive overhead). Its source sends it again: it joins its source queue at
 * max(drop, injection + timeout), after that cycle's generated packets, keeping its id, creation
 * cycle and destination.
 *
 * <p>The draws wait in a heap until the start of the cycle after their tail is sent (every tail
 * sent before that cycle is known then, and none sent later can come before them); the waiting
 * copies in a heap by due cycle, then packet id. Only a run with a rate above 0 makes one.
 */
final class UnicastRetransmission {
    private static final int TABLED_LINKS = 64;
    private final double logIntact;
    private final int flitBits;
    private final int packetFlits;
    private final double[] byLinks;
    private final SplittableRandom random;
    private final long timeout;
    private final PacketPool pool;

    // draws to make: (tail cycle, router, port) order; the packet's slot
    private long[] drawKey = new long[16];
    private int[] drawSlot = new int[16];
    private int draws;
    private final int portBits;
    /** Per pool slot: {@link #NONE}, {@link #PENDING} (its draw waits), {@link #INTACT} or {@link #CORRUPT}. */
    private byte[] state = new byte[64];
    static final byte NONE = 0;
    static final byte PENDING = 1;
    static final byte INTACT = 2;
    static final byte CORRUPT = 3;

    // copies waiting to be sent again: by due cycle, then packet id
    private long[] due = new long[16];
    private long[] id = new long[16];
    private long[] created = new long[16];
    private int[] source = new int[16];
    private int[] destination = new int[16];
    private int waiting;

    long dropped;
    long retransmitted;

    /**
     * @param bitErrorRate per bit of every link, in (0, 1)
     * @param timeoutCycles cycles from a packet's injection to its retransmission at the earliest, >= 1
     * @param totalPorts the network's ports, for the draw order's key
     */
    UnicastRetransmission(double bitErrorRate, int flitBits, int packetFlits, long timeoutCycles, SplittableRandom random,
            PacketPool pool, int totalPorts) {
        this.logIntact = Math.log1p(-bitErrorRate);
        this.flitBits = flitBits;
        this.packetFlits = packetFlits;
        this.timeout = timeoutCycles;
        this.random = random;
        this.pool = pool;
        this.portBits = 64 - Long.numberOfLeadingZeros(Math.max(1, totalPorts - 1));
        if (portBits + 64 - Long.numberOfLeadingZeros(EventQueue.MAX_CYCLE) > 63) {
            throw new IllegalArgumentException("link errors: " + totalPorts + " ports are too many for the packet"
                    + " model's draw order; use the flit model");
        }
        this.byLinks = new double[TABLED_LINKS];
        for (int links = 0; links < TABLED_LINKS; links++) {
            byLinks[links] = probability((long) packetFlits * flitBits * links);
        }
    }

    /** Refuses a bit error rate outside [0, 1) and a timeout below 1, naming the parameter. */
    static void check(double bitErrorRate, long timeoutCycles) {
        if (!(bitErrorRate >= 0 && bitErrorRate < 1)) {
            throw new IllegalArgumentException("bitErrorRate = " + bitErrorRate + "; use a probability per bit from 0"
                    + " (no errors) up to, not including, 1");
        }
        if (timeoutCycles < 1) {
            throw new IllegalArgumentException("retransmitTimeoutCycles = " + timeoutCycles + "; use >= 1 (the cycles"
                    + " from a unicast packet's injection to the earliest cycle its source sends it again when a link"
                    + " error dropped it)");
        }
    }

    private double probability(long bits) {
        return -Math.expm1(bits * logIntact);
    }

    /**
     * The tail of the packet in {@code slot} is sent in cycle {@code tail} through global port
     * {@code port} (a terminal port) of router {@code router}: its draw is made before its tail arrives.
     */
    void tailSent(long tail, int router, int port, int slot) {
        if (draws == drawKey.length) {
            drawKey = Arrays.copyOf(drawKey, draws * 2);
            drawSlot = Arrays.copyOf(drawSlot, draws * 2);
        }
        // the global port numbers routers in index order: (tail, port) orders by router, then port
        long key = (tail << portBits) | port;
        int i = draws++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (drawKey[parent] <= key) {
                break;
            }
            drawKey[i] = drawKey[parent];
            drawSlot[i] = drawSlot[parent];
            i = parent;
        }
        drawKey[i] = key;
        drawSlot[i] = slot;
        if (slot >= state.length) {
            state = Arrays.copyOf(state, Math.max(slot + 1, state.length * 2));
        }
        state[slot] = PENDING;
    }

    /** Makes the draws of the tails sent before cycle {@code t}, in the flit model's order. */
    void drawBefore(long t) {
        while (draws > 0 && (drawKey[0] >>> portBits) < t) {
            int slot = drawSlot[0];
            removeFirstDraw();
            int links = pool.hops(slot) + 2;
            int flits = pool.length(slot);
            double p = flits == packetFlits && links < TABLED_LINKS ? byLinks[links]
                    : probability((long) flits * flitBits * links);
            state[slot] = random.nextDouble() < p ? CORRUPT : INTACT;
        }
    }

    /**
     * The packet in {@code slot} is due at its interface: {@link #NONE} for a delivery, else its
     * tail has just arrived and it was drawn {@link #INTACT} or {@link #CORRUPT} (the state is
     * forgotten, so its delivery, when due, is a plain one).
     */
    byte arrived(int slot) {
        if (slot >= state.length) {
            return NONE;
        }
        byte s = state[slot];
        if (s == PENDING) {
            throw new IllegalStateException("the link-error draw of packet slot " + slot + " was not made before its"
                    + " tail arrived");
        }
        state[slot] = NONE;
        return s;
    }

    private void removeFirstDraw() {
        int last = --draws;
        if (last == 0) {
            return;
        }
        long key = drawKey[last];
        int slot = drawSlot[last];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= last) {
                break;
            }
            if (child + 1 < last && drawKey[child + 1] < drawKey[child]) {
                child++;
            }
            if (drawKey[child] >= key) {
                break;
            }
            drawKey[i] = drawKey[child];
            drawSlot[i] = drawSlot[child];
            i = child;
        }
        drawKey[i] = key;
        drawSlot[i] = slot;
    }

    /** The destination dropped the packet in {@code slot} in cycle {@code t}: its source sends it again. */
    void drop(int slot, long t) {
        dropped++;
        if (waiting == due.length) {
            int capacity = due.length * 2;
            due = Arrays.copyOf(due, capacity);
            id = Arrays.copyOf(id, capacity);
            created = Arrays.copyOf(created, capacity);
            source = Arrays.copyOf(source, capacity);
            destination = Arrays.copyOf(destination, capacity);
        }
        long at = Math.max(t, pool.injected(slot) + timeout);
        long packet = pool.id(slot);
        int i = waiting++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!earlier(at, packet, due[parent], id[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        due[i] = at;
        id[i] = packet;
        created[i] = pool.created(slot);
        source[i] = pool.source(slot);
        destination[i] = pool.destination(slot);
    }

    /** Copies waiting to be sent again. */
    int waiting() {
        return waiting;
    }

    /** The cycle the next copy is due, or {@link Long#MAX_VALUE}. */
    long nextDue() {
        return waiting == 0 ? Long.MAX_VALUE : due[0];
    }

    /** Queues at their sources, in cycle {@code t}, the copies due by then (earliest first, ties by packet id). */
    void resendDue(Interfaces interfaces, long t) {
        while (waiting > 0 && due[0] <= t) {
            interfaces.resend(source[0], id[0], destination[0], created[0], t);
            retransmitted++;
            removeFirst();
        }
    }

    private static boolean earlier(long atA, long idA, long atB, long idB) {
        return atA < atB || atA == atB && idA < idB;
    }

    private void move(int from, int to) {
        due[to] = due[from];
        id[to] = id[from];
        created[to] = created[from];
        source[to] = source[from];
        destination[to] = destination[from];
    }

    private void removeFirst() {
        int last = --waiting;
        if (last == 0) {
            return;
        }
        long at = due[last];
        long packet = id[last];
        long c = created[last];
        int s = source[last];
        int d = destination[last];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= last) {
                break;
            }
            if (child + 1 < last && earlier(due[child + 1], id[child + 1], due[child], id[child])) {
                child++;
            }
            if (!earlier(due[child], id[child], at, packet)) {
                break;
            }
            move(child, i);
            i = child;
        }
        due[i] = at;
        id[i] = packet;
        created[i] = c;
        source[i] = s;
        destination[i] = d;
    }
}
