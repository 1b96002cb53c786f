package org.fabrica.network.flit;

import java.util.Arrays;

/**
 * Transmit-wait counters, per output VC of the routers a queuing scheme asked about: the cycles in
 * which the VC had a packet ready to send and could not send it for lack of credits, as an
 * InfiniBand port counts them per VL (PortVLXmitWait). What SASHA may read instead of occupancy
 * (docs/studies/osha-sasha.md, "SASHA's signal").
 *
 * <p>A cycle counts for output VC {@code ov} when, at the end of the cycle, an input queue of its
 * router has a visible front flit and either owns {@code ov} with no credit left (the next flit
 * waits for one), or, under virtual cut-through, is a head waiting for VC allocation whose
 * candidate {@code ov} is free but has fewer credits than the packet has flits (a head advances
 * only when the whole packet fits). A head waiting for a VC another packet owns waits for that
 * packet, not for credits, and does not count. Each VC counts at most once per cycle.
 *
 * <p>Nothing is counted until a scheme asks: the first question about a router starts its
 * counters (so it answers 0), and from then on every cycle looks at that router's queues. The
 * look costs a pass over the router's local queues per cycle, paid only by runs whose scheme
 * reads the counters, and skipped for routers holding no flits.
 */
final class TransmitWait {
    private final Wiring wiring;
    private final InputBuffers inputs;
    private final OutputUnits outputs;
    private final PacketPool pool;
    private final ActiveRouters routers;
    private final boolean cutThrough;
    private final int vcs;
    /** Per router: whether its counters run. */
    private final boolean[] tracked;
    /** The tracked routers, in the order they were first asked about. */
    private int[] trackedList = new int[0];
    /** Per output VC: cycles waited for credits, since its router was first asked about; null until then. */
    private long[] waited;
    /** Per output VC: the last cycle (low 32 bits) counted, so a VC several heads want counts once. */
    private int[] countedAt;
    /** True once a router is tracked: the cycle loop then calls {@link #sample}. */
    boolean counting;

    TransmitWait(Wiring wiring, InputBuffers inputs, OutputUnits outputs, PacketPool pool, ActiveRouters routers,
            boolean cutThrough) {
        this.wiring = wiring;
        this.inputs = inputs;
        this.outputs = outputs;
        this.pool = pool;
        this.routers = routers;
        this.cutThrough = cutThrough;
        this.vcs = wiring.vcs;
        this.tracked = new boolean[wiring.routers];
    }

    /** The counter of output VC {@code vc} of {@code outPort} at {@code router}; starts the router's counters. */
    long read(int router, int outPort, int vc) {
        if (!tracked[router]) {
            if (waited == null) {
                waited = new long[wiring.totalVcs()];
                countedAt = new int[wiring.totalVcs()];
                Arrays.fill(countedAt, Integer.MIN_VALUE);
            }
            tracked[router] = true;
            trackedList = Arrays.copyOf(trackedList, trackedList.length + 1);
            trackedList[trackedList.length - 1] = router;
            counting = true;
        }
        return waited[(wiring.portBase[router] + outPort) * vcs + vc];
    }

    /** Counts cycle {@code tl} (low 32 bits) for the tracked routers; called at the end of the cycle. */
    void sample(int tl) {
        final InputBuffers in = inputs;
        final int[] credits = outputs.credits;
        final int[] owner = outputs.owner;
        for (int r : trackedList) {
            if (routers.flits(r) == 0) {
                continue;
            }
            int base = wiring.portBase[r];
            int first = wiring.queueBase[r];
            int end = wiring.queueBase[r + 1];
            for (int q = first; q < end; q++) {
                if (in.count(q) == 0 || tl - in.frontVisible(q) < 0) {
                    continue; // nothing ready to send
                }
                int state = in.states.state(q);
                if (state == VcStates.ACTIVE) {
                    int ov = in.states.out(q);
                    if (credits[ov] <= 0) {
                        count(ov, tl);
                    }
                } else if (state == VcStates.VC_ALLOC && cutThrough && !in.states.multi(q)) {
                    int length = pool.length[in.frontSlot(q)];
                    for (int k = 0, n = in.states.candidateCount(q); k < n; k++) {
                        int ovBase = (base + in.states.candidatePort(q, k)) * vcs;
                        for (long mask = in.states.candidateMask(q, k); mask != 0; mask &= mask - 1) {
                            int ov = ovBase + Long.numberOfTrailingZeros(mask);
                            if (owner[ov] < 0 && credits[ov] < length) {
                                count(ov, tl);
                            }
                        }
                    }
                }
            }
        }
    }

    private void count(int ov, int tl) {
        if (countedAt[ov] != tl) {
            countedAt[ov] = tl;
            waited[ov]++;
        }
    }
}
