package org.fabrica.network.flit;

import static org.fabrica.network.flit.InputBuffers.LEAD;
import static org.fabrica.network.flit.InputBuffers.VC_SHIFT;

/**
 * The state of every input queue's front packet in the router pipeline, apart from the flits the
 * queue stores (as gem5 Garnet keeps a {@code VirtualChannel}'s state apart from its
 * {@code flitBuffer}): IDLE, ROUTING, VC_ALLOC or ACTIVE, the ready cycle, the output VC held, the
 * flits sent, the blocked epoch, the route candidates and the contention state. One queue per
 * input VC, or per input VC and output with VOQ crossbar access ({@link Wiring}).
 *
 * <p>The fields live in the queue's record of {@link InputBuffers#vc}, beside the storage's count,
 * head and front copy, so that looking at a queue is one memory access (a 64-byte cache line):
 * {@code vc[(q << VC_SHIFT) + field]} with the offsets below. Candidates after the first are in
 * {@link #candPort} and {@link #candMask}.
 */
final class VcStates {
    static final int IDLE = 0;
    static final int ROUTING = 1;
    static final int VC_ALLOC = 2;
    static final int ACTIVE = 3;

    /** IDLE, ROUTING, VC_ALLOC or ACTIVE: the state of the front packet. */
    static final int STATE = LEAD + 2;
    /** Low 32 bits of the cycle from which the front packet's next stage may proceed. */
    static final int READY = LEAD + 3;
    /** Downstream (output) VC owned by the front packet, when ACTIVE. */
    static final int OUT = LEAD + 4;
    /** Local output port of {@link #OUT}. */
    static final int OUT_PORT = LEAD + 5;
    /** Flits of the front packet already sent on. */
    static final int SENT = LEAD + 6;
    /** Router epoch at which the front head found all candidates taken. */
    static final int BLOCKED_AT = LEAD + 7;
    /**
     * Route candidates of the front head (after route computation); negative: the branches of a
     * multi-output route (-count), whose output VCs, once granted, replace candidates 1.. in
     * {@link #candPort} (branch 0's is {@link #OUT}).
     */
    static final int CAND_COUNT = LEAD + 10;
    /** The first candidate's output port and VC mask (low, high 32 bits); later ones in candPort/candMask. */
    static final int CAND_PORT = LEAD + 11;
    static final int CAND_MASK_LO = LEAD + 12;
    static final int CAND_MASK_HI = LEAD + 13;
    /**
     * Contention state of the front packet at this router: 0, {@link ContentionCounter#COUNTED}
     * or {@link ContentionCounter#WAITING}.
     */
    static final int CONTENTION = LEAD + 15;

    /** The queue records, shared with the buffers' layout. */
    final int[] vc;
    /**
     * Candidates 1 .. maxCandidates-1 of the front head, (maxCandidates - 1) per queue; empty with
     * VOQ buffers, whose heads have one candidate, the output of their queue, kept in the record.
     */
    final int[] candPort;
    final long[] candMask;
    final int maxCandidates;
    /**
     * Per queue and candidate ({@code q * candidateStride + k}): the candidate's VC class needs
     * atomic VC allocation; null while the routing declares no such class ({@link #enableAtomic}).
     */
    boolean[] candAtomic;
    /**
     * Per queue and candidate, as {@link #candAtomic}: the candidate's VC class, recorded for the
     * packet when a VC is granted on it ({@code PacketView.arrivalClass}); null unless the routing
     * in use reads arrival classes ({@link #recordClasses}).
     */
    int[] candClass;
    /** Candidates per queue in {@link #candAtomic}: maxCandidates, or 1 with VOQ buffers. */
    final int candidateStride;
    private final int queues;

    /** The states of {@code queues} queues in {@code records}, whose heads have up to {@code maxCandidates} candidates ({@code oneCandidate}: VOQ, one). */
    VcStates(int[] records, int queues, int maxCandidates, boolean oneCandidate) {
        this.vc = records;
        this.maxCandidates = maxCandidates;
        int later = oneCandidate ? 0 : maxCandidates - 1;
        this.queues = queues;
        this.candidateStride = oneCandidate ? 1 : maxCandidates;
        candPort = new int[Math.multiplyExact(queues, later)];
        candMask = new long[Math.multiplyExact(queues, later)];
        for (int q = 0; q < queues; q++) {
            vc[(q << VC_SHIFT) + BLOCKED_AT] = -1;
        }
    }

    /** Makes room for the candidates' atomic flags (once, when a routing first declares an atomic class). */
    void enableAtomic() {
        if (candAtomic == null) {
            candAtomic = new boolean[Math.multiplyExact(queues, candidateStride)];
        }
    }

    /**
     * Records the candidates' classes while the routing in use reads arrival classes, and none
     * otherwise (set when the network is built and at each routing swap; cold path).
     */
    void recordClasses(boolean on) {
        if (!on) {
            candClass = null;
        } else if (candClass == null) {
            candClass = new int[Math.multiplyExact(queues, candidateStride)];
        }
    }

    // ---- per-queue fields for cold code and tests

    int state(int q) {
        return vc[(q << VC_SHIFT) + STATE];
    }

    int out(int q) {
        return vc[(q << VC_SHIFT) + OUT];
    }

    int outPort(int q) {
        return vc[(q << VC_SHIFT) + OUT_PORT];
    }

    int sent(int q) {
        return vc[(q << VC_SHIFT) + SENT];
    }

    /** Candidates (or branches) of the front head. */
    int candidateCount(int q) {
        return Math.abs(vc[(q << VC_SHIFT) + CAND_COUNT]);
    }

    /** The front head's route has branches (a multi-output route). */
    boolean multi(int q) {
        return vc[(q << VC_SHIFT) + CAND_COUNT] < 0;
    }

    int candidatePort(int q, int k) {
        return k == 0 ? vc[(q << VC_SHIFT) + CAND_PORT] : candPort[q * (maxCandidates - 1) + k - 1];
    }

    long candidateMask(int q, int k) {
        int x = q << VC_SHIFT;
        return k == 0 ? (vc[x + CAND_MASK_LO] & 0xFFFF_FFFFL) | ((long) vc[x + CAND_MASK_HI] << 32)
                : candMask[q * (maxCandidates - 1) + k - 1];
    }
}
