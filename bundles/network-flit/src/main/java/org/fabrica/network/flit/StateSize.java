package org.fabrica.network.flit;

import org.fabrica.topology.Topology;

/**
 * The size of the flit network's state, worked out before any of it is allocated: every array must
 * have an {@code int} length, and the whole must fit in the heap. A configuration that does not is
 * refused with the parameter to change, instead of failing deep inside a part with an arithmetic
 * overflow, a negative array size or an out-of-memory error.
 *
 * <p>The byte figure counts only the arrays that grow with the network (per input queue, input VC
 * and flit slot, per port, per node and per router), so it is a lower bound of what a run takes.
 * FIFO buffers count their blocks as first sized ({@link InputBuffers#fifoInts}: two ints per flit
 * slot for small VCs, runs for deep ones): packets shorter than the experiment's make runs grow
 * during the run (at worst to a little over two ints per flit slot).
 */
final class StateSize {
    /** The longest array a JVM reliably allocates. */
    static final long MAX_ARRAY = Integer.MAX_VALUE - 8;
    /** Share of the heap the network may take: the runner, collectors and a second point need the rest. */
    static final double HEAP_SHARE = 0.8;

    // bytes per element of each kind, from the parts' arrays (ints are 4 bytes, longs 8)
    /** InputBuffers.vc (1 << VC_SHIFT ints), ContentionCounter.waitSince, allocator stamps and requests. */
    private static final long PER_QUEUE = (4L << InputBuffers.VC_SHIFT) + 8 + 16;
    /** Per routing candidate beyond the first: InputBuffers.candPort (int) and candMask (long). */
    private static final long PER_CANDIDATE = 12;
    /** OutputUnits (credits, owner, two owner-flow words, tail flag) and Wiring's VC maps. */
    private static final long PER_VC = 4 + 4 + 8 + 1 + 8;
    /** Wiring's eight port maps and Links' four per-port counters. */
    private static final long PER_PORT = 8 * 4 + 4 * 4;
    /** Network interface records, four pooled packet records, the node's source queue. */
    private static final long PER_NODE = 56 + 4 * 57 + 150;

    final long routers;
    final long nodes;
    final long ports;
    final long maxPorts;
    final long inputVcs;
    final long queues;
    final long maxCandidates;
    /** Flit slots of the input VCs (input VCs x the largest capacity). */
    final long flitSlots;
    /** Ints the buffers take: a block of runs and arrival cycles per VC (FIFO or VOQ). */
    final long bufferInts;
    /** Longs of {@link PortWaiters} (VOQ), 0 without. */
    final long waiterLongs;
    final long bytes;

    /**
     * @param capacity flits of each VC index (the same at every port)
     * @param voq one queue per input VC and output port (VOQ crossbar access: a router's port count per VC), else one per VC
     * @param vcClasses the routing's VC classes (a head has up to ports x classes candidates)
     * @param packetFlits the packet length, which sizes the FIFO rings of runs (their starting size: a
     *        run with shorter packets may grow them)
     * @param arrivalDelay {@link Links#maxArrivalDelay}: arrival cycles kept per FIFO VC
     */
    private StateSize(Topology topology, int[] capacity, boolean voq, int vcClasses, int packetFlits,
            int arrivalDelay) {
        int vcs = capacity.length;
        this.routers = topology.routers();
        this.nodes = topology.nodes();
        long p = 0;
        long mp = 0;
        long squares = 0;
        long waiterWords = 0;
        for (int r = 0; r < routers; r++) {
            int n = topology.ports(r);
            p += n;
            mp = Math.max(mp, n);
            squares += (long) n * n;
            // PortWaiters: per output port two masks over the router's input VCs
            waiterWords += 2L * n * ((n * (long) vcs + 63) >>> 6);
        }
        this.ports = p;
        this.maxPorts = mp;
        this.waiterLongs = voq ? waiterWords : 0;
        this.inputVcs = p * vcs;
        // with VOQ every input VC of a router of n ports has n queues (Wiring)
        this.queues = voq ? squares * vcs : inputVcs;
        long stride = 0;
        for (int c : capacity) {
            stride = Math.max(stride, c);
        }
        this.flitSlots = inputVcs * stride;
        // runs of packets and a window of arrival cycles per VC: linked per queue (VOQ) or a ring (FIFO); InputBuffers
        int largest = (int) Math.min(stride, Integer.MAX_VALUE);
        this.bufferInts = voq ? InputBuffers.voqInts(inputVcs, largest, arrivalDelay, packetFlits, (int) mp)
                : InputBuffers.fifoInts(inputVcs, largest, arrivalDelay, packetFlits);
        this.maxCandidates = mp * vcClasses;
        // a VOQ queue's head has one candidate (its queue's output), kept in the queue's record
        long candidates = voq ? 0 : Math.max(0, maxCandidates - 1);
        // ActiveRouters: at least eight longs per router (VC-allocation words and request masks)
        this.bytes = queues * (PER_QUEUE + candidates * PER_CANDIDATE) + inputVcs * PER_VC + bufferInts * 4
                + p * PER_PORT + nodes * PER_NODE + routers * 64 + waiterLongs * 8;
    }

    /**
     * Checks that the network fits: array lengths first (naming the parameter that makes one too
     * long), then the bytes against {@code maxHeapBytes}.
     *
     * @throws IllegalArgumentException with the sizes and what to change
     */
    static StateSize check(Topology topology, int[] capacity, boolean voq, int vcClasses, int packetFlits,
            int arrivalDelay, long maxHeapBytes) {
        StateSize s = new StateSize(topology, capacity, voq, vcClasses, packetFlits, arrivalDelay);
        long maxCandidates = s.maxCandidates;
        // the caller adds the topology's name and the VC count
        String network = s.routers + " routers, " + s.ports + " ports, " + s.nodes + " nodes";
        if (s.bufferInts > MAX_ARRAY) {
            throw new IllegalArgumentException(network + ": the VC buffers hold " + s.flitSlots
                    + " flit slots (input VCs x the largest bufferFlits), more than one array can index (2^31); lower "
                    + "bufferFlits (or bufferBytes) of the hardware model, or use a smaller topology");
        }
        if ((s.queues << InputBuffers.VC_SHIFT) + InputBuffers.LEAD > MAX_ARRAY
                || s.queues * Math.max(1, maxCandidates - 1) > MAX_ARRAY) {
            throw new IllegalArgumentException(network + ": " + s.queues + " input queues" + (voq
                    ? " (every input VC x its router's outputs with VOQ crossbar access)" : "")
                    + " with up to " + maxCandidates + " routing candidates each are more than one array can index; "
                    + "lower vcs of the hardware model, or use a smaller topology");
        }
        if (s.bytes > HEAP_SHARE * maxHeapBytes) {
            throw new IllegalArgumentException(network + ": the network state needs at least " + mb(s.bytes)
                    + " MB, more than this Java heap allows (at most " + mb(maxHeapBytes) + " MB, of which the network "
                    + "may take " + Math.round(HEAP_SHARE * 100) + "%); raise the heap, e.g. FABRICA_JAVA_OPTS=-Xmx"
                    + Math.max(1, (long) Math.ceil(s.bytes / HEAP_SHARE / (1L << 30))) + "g, or use a smaller "
                    + "topology, fewer VCs or smaller buffers");
        }
        return s;
    }

    static long mb(long bytes) {
        return (bytes + (1 << 20) - 1) >> 20;
    }
}
