package org.fabrica.network.flit;

import java.util.SplittableRandom;

/**
 * Unicast packets on lossy links: the CRC drop at the destination interface and the source
 * interface's end-to-end retransmission (docs/collectives.md, "Lossy links").
 *
 * <p><b>Loss.</b> A unicast packet crosses its router-to-router hops and the two terminal links; it
 * is corrupted with probability 1 - (1 - BER)^(bits x links), bits = its flits x the flit size.
 * In a wormhole or virtual cut-through network a worm cannot be recalled once its head has left,
 * so the drop is modelled at the destination interface (an end-to-end CRC check): the corrupt
 * packet uses every buffer, credit and link on its way, and the interface discards it when its
 * tail arrives (without the receive overhead: the check is the interface's, not the process's)
 * instead of delivering it. One draw per packet, when its tail leaves for the interface, from a
 * stream of its own ({@code unicast-errors}), so that the collective engine's draws (stream
 * {@code links}) and every other stream stay as they were; none at all when the rate is 0.
 *
 * <p><b>Recovery.</b> The source interface keeps a copy of every unicast packet until it is
 * delivered (the record here: id, creation cycle, source, destination). A dropped packet is
 * queued again at its source at cycle max(drop, injection + timeout), behind whatever the source
 * queue holds then, and injected like any packet; it keeps its id, creation cycle and destination,
 * so observers see it generated once and delivered once (and injected once per sending), and its
 * latency from creation includes the loss. It may be dropped again and sent again. The
 * acknowledgements that would tell the source are not simulated as traffic.
 *
 * <p>Hot path: a comparison per delivered packet when the rate is 0, else one draw; the waiting
 * copies are a binary heap of primitive arrays (by due cycle, then packet id) that grows by
 * doubling, so a run allocates only while its peak of waiting packets grows. Not final: tests
 * script the drops by overriding {@link #corrupt}.
 */
class UnicastRetransmission {
    /** Links crossed for which the corruption probability of a packet of the run's length is tabled. */
    private static final int TABLED_LINKS = 64;

    /** log(1 - BER), 0 when links never corrupt. */
    private final double logIntact;
    private final int flitBits;
    private final int packetFlits;
    /** Corruption probability of a packet of {@code packetFlits} flits crossing {@code i} links. */
    private final double[] byLinks;
    private final SplittableRandom random;
    private final long timeout;

    private long[] due = new long[16];
    private long[] id = new long[16];
    private long[] created = new long[16];
    private int[] source = new int[16];
    private int[] destination = new int[16];
    private int waiting;

    /** Unicast packets dropped by the destination's CRC check. */
    long dropped;
    /** Dropped packets queued again at their source. */
    long retransmitted;

    /**
     * @param bitErrorRate per bit of every link, in [0, 1)
     * @param timeoutCycles cycles from a packet's injection to its retransmission at the earliest, >= 1
     */
    UnicastRetransmission(double bitErrorRate, int flitBits, int packetFlits, long timeoutCycles,
            SplittableRandom random) {
        LinkErrors.check(bitErrorRate);
        if (timeoutCycles < 1) {
            throw new IllegalArgumentException("retransmitTimeoutCycles = " + timeoutCycles + "; use >= 1 (the cycles"
                    + " from a unicast packet's injection to the earliest cycle its source sends it again when a link"
                    + " error dropped it)");
        }
        this.logIntact = Math.log1p(-bitErrorRate);
        this.flitBits = flitBits;
        this.packetFlits = packetFlits;
        this.timeout = timeoutCycles;
        this.random = random;
        this.byLinks = new double[TABLED_LINKS];
        for (int links = 0; links < TABLED_LINKS; links++) {
            byLinks[links] = probability((long) packetFlits * flitBits * links);
        }
    }

    /** Whether links may corrupt packets at all (false: no draw is ever made). */
    boolean lossy() {
        return logIntact != 0;
    }

    /** 1 - (1 - BER)^bits, accurate for tiny rates. */
    private double probability(long bits) {
        return -Math.expm1(bits * logIntact);
    }

    /**
     * Draws whether a unicast packet of {@code flits} flits that crossed {@code hops}
     * router-to-router links (and the two terminal links) arrives corrupted. Call only when
     * {@link #lossy()}.
     */
    boolean corrupt(int flits, int hops) {
        int links = hops + 2;
        double p = flits == packetFlits && links < TABLED_LINKS ? byLinks[links]
                : probability((long) flits * flitBits * links);
        return random.nextDouble() < p;
    }

    /**
     * The destination dropped the packet in {@code slot} in cycle {@code t}: keeps its copy for the
     * source to send again at max(t, injection + timeout). The caller releases the slot.
     */
    void drop(PacketPool pool, int slot, long t) {
        dropped++;
        if (waiting == due.length) {
            grow();
        }
        long at = Math.max(t, pool.injected[slot] + timeout);
        long packet = pool.id[slot];
        // sift up: by due cycle, then packet id (deterministic)
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
        created[i] = pool.created[slot];
        source[i] = pool.source[slot];
        destination[i] = pool.destination[slot];
    }

    /** Whether a copy waits to be sent again. */
    boolean hasWaiting() {
        return waiting > 0;
    }

    /** Copies waiting to be sent again (the network's conservation counts them as held packets). */
    int waiting() {
        return waiting;
    }

    /** Queues at their sources, in cycle {@code t}, the copies due by then (earliest first, ties by packet id). */
    void resendDue(NetworkInterfaces interfaces, long t) {
        while (waiting > 0 && due[0] <= t) {
            interfaces.enqueue(source[0], id[0], destination[0], created[0], t);
            retransmitted++;
            removeFirst();
        }
    }

    /** Whether (atA, idA) comes before (atB, idB): by due cycle, then packet id. */
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

    /** Removes the heap's first copy: the last one sifts down from the top. */
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

    private void grow() {
        int capacity = due.length * 2;
        due = java.util.Arrays.copyOf(due, capacity);
        id = java.util.Arrays.copyOf(id, capacity);
        created = java.util.Arrays.copyOf(created, capacity);
        source = java.util.Arrays.copyOf(source, capacity);
        destination = java.util.Arrays.copyOf(destination, capacity);
    }
}
