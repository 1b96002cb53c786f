package org.fabrica.network.flit;

import java.util.Arrays;
import org.fabrica.kernel.SimulationException;

/**
 * The input buffers of every router: one buffer per input VC ({@code globalPort * vcs + vc}) of
 * the VC's capacity, holding one FIFO queue (the default) or, with VOQ crossbar access, one queue
 * per output port ({@link Wiring}: queue {@code iv * Q + output}). Credits count a VC's flits
 * whichever queue holds them. A flit is visible in a buffer from the cycle it arrives. The flits of
 * one packet are contiguous in a VC; several packets may follow each other.
 *
 * <p>Every queue has a record of 16 ints (64 bytes, a cache line) in {@link #vc}: the storage's
 * fields below (flit count, head, capacity or tail, a copy of the front flit) and, at the offsets
 * of {@link VcStates}, the state of its front packet in the router pipeline ({@link #states}), so
 * that looking at a queue is one memory access: {@code vc[(q << VC_SHIFT) + field]}. The flits
 * themselves are stored by one of three layouts, chosen once (each a final class, so that the
 * choice is a branch, not a call through an interface):
 * <ul>
 * <li>{@link SlotFifoBuffers}: FIFO, one slot per flit, for VCs of at most {@link #SLOT_FIFO_MAX} flits;</li>
 * <li>{@link RunFifoBuffers}: FIFO, runs of one packet, for deeper VCs;</li>
 * <li>{@link VoqBuffers}: VOQ, per queue a linked list of runs from its VC's pool.</li>
 * </ul>
 * Here is what they share: the choice, the bookkeeping of a flit's arrival and departure (the
 * router's flit count, its VA and SA masks, its activation) and the invariants' messages.
 */
final class InputBuffers {
    static final int VC_SHIFT = 4;
    /**
     * Where a queue's record starts in its stride of {@code 1 << VC_SHIFT} ints: queue q's fields
     * are {@code vc[(q << VC_SHIFT) + LEAD ..]}, so that with a 16-byte array header (HotSpot with
     * compressed class pointers) and an array starting on a 64-byte boundary (G1 puts an array
     * larger than half a region at a region's start: every large network's) each record fills one
     * cache line instead of straddling two. {@link #vc} has {@code LEAD} ints more than its records.
     */
    static final int LEAD = 12;
    /** Flits in the queue (visible or still on the link). */
    static final int COUNT = LEAD;
    /** Slot FIFO: the front flit's slot; run FIFO: the front run's entry in the VC's ring of runs; VOQ: the front run of the VC's pool. */
    static final int HEAD = LEAD + 1;
    /** Copy of the front flit's packet slot (valid when COUNT > 0), so allocation never reads the buffer. */
    static final int FRONT_SLOT = LEAD + 8;
    /** Copy of the cycle (low 32 bits) from which the front flit is visible (valid when COUNT > 0). */
    static final int FRONT_VIS = LEAD + 9;
    /** FIFO: capacity of the queue's VC in flits; VOQ: the queue's last run (in its VC's pool). */
    static final int CAPACITY = LEAD + 14;
    static final int TAIL = LEAD + 14;

    /** FIFO VCs of at most this many flits (the largest VC's capacity) keep one slot per flit instead of runs. */
    static final int SLOT_FIFO_MAX = 32;

    /** Arrival cycles kept per FIFO VC: enough for the flits on its link, never more than the largest VC holds. */
    static int windowFor(int stride, int arrivalDelay) {
        int need = arrivalDelay >= stride ? stride : arrivalDelay + 1;
        return Integer.highestOneBit(Math.max(1, need - 1)) << 1;
    }

    /** Runs a FIFO VC of {@code stride} flits holds at first: a partial packet at each end and whole ones between. */
    static int runSlotsFor(int stride, int packetFlits) {
        return (int) Math.max(1, Math.min(stride, (stride + (long) packetFlits - 1) / packetFlits + 1));
    }

    /** Runs a VOQ VC's pool holds at first: its whole packets, a partial one at each queue's front and one arriving. */
    static int voqRunSlotsFor(int stride, int packetFlits, int queuesPerVc) {
        return (int) Math.max(1, Math.min(stride, stride / Math.max(1, packetFlits) + (long) queuesPerVc + 1));
    }

    /** Ints of the VOQ buffers: {@code inputVcs} blocks of {@link VoqBuffers#block}. */
    static long voqInts(long inputVcs, int stride, int arrivalDelay, int packetFlits, int queuesPerVc) {
        return inputVcs * (2 + windowFor(stride, arrivalDelay) + 4L * voqRunSlotsFor(stride, packetFlits, queuesPerVc));
    }

    /** Ints of the FIFO buffers: {@code inputVcs} blocks of {@link SlotFifoBuffers#block} or {@link RunFifoBuffers#block}. */
    static long fifoInts(long inputVcs, int stride, int arrivalDelay, int packetFlits) {
        if (stride <= SLOT_FIFO_MAX) {
            return inputVcs * (1 + 2L * stride);
        }
        return inputVcs * (2 + windowFor(stride, arrivalDelay) + 2L * runSlotsFor(stride, packetFlits));
    }

    /** The per-queue records. */
    final int[] vc;
    /** The pipeline state of every queue's front packet, in {@link #vc}. */
    final VcStates states;
    /** The layout in use: exactly one of the three is not null. */
    final SlotFifoBuffers slotFifo;
    final RunFifoBuffers runFifo;
    final VoqBuffers voqQueues;
    /** FIFO: one slot per flit ({@link #slotFifo}) instead of runs. */
    final boolean slots;
    final boolean voq;
    /** Flit slots per VC: the largest VC capacity. */
    final int stride;
    /** The most queues per VC: 1 (FIFO) or the largest router's port count (VOQ: one per output, {@link Wiring#queuesPerVc}). */
    final int maxQueuesPerVc;
    private final int[] capacityOfVc;
    private final ActiveRouters routers;
    private final long[] rt;
    private final int rSa;
    private final int routerStride;
    private final int[] credits;
    private final int[] queueLocalOf;
    private final Wiring wiring;
    // VOQ queue numbering (Wiring): per router its queues per VC; per VC its first queue
    private final int[] queuesPerVcOf;
    private final int[] firstQueue;
    private InvariantChecks checks;

    /**
     * @param capacity capacity in flits of every global input VC ({@code globalPort * vcs + vc}):
     *        {@link RouterKinds#inputCapacity}, or {@link Wiring#everyInputVc} for one size per VC index
     * @param credits the output VCs' credit counters (a buffer whose front packet owns a VC with
     *        credit joins the switch-allocation mask when a flit arrives)
     */
    InputBuffers(Wiring wiring, int[] capacity, int maxCandidates, ActiveRouters routers, int[] credits) {
        this(wiring, capacity, maxCandidates, routers, credits, Integer.MAX_VALUE, 1);
    }

    /**
     * @param arrivalDelay the most cycles between sending a flit and its being visible in a buffer
     *        ({@link Links#maxArrivalDelay}); {@code Integer.MAX_VALUE} keeps every flit's arrival cycle
     * @param packetFlits the usual packet length, which sizes the rings of runs (they grow if shorter
     *        packets need more)
     */
    InputBuffers(Wiring wiring, int[] capacity, int maxCandidates, ActiveRouters routers, int[] credits,
            int arrivalDelay, int packetFlits) {
        this(wiring, capacity, maxCandidates, routers, credits, arrivalDelay, packetFlits, SLOT_FIFO_MAX);
    }

    /** @param slotFifoMax the largest VC capacity kept slot per flit ({@link #SLOT_FIFO_MAX}; tests choose) */
    InputBuffers(Wiring wiring, int[] capacity, int maxCandidates, ActiveRouters routers, int[] credits,
            int arrivalDelay, int packetFlits, int slotFifoMax) {
        if (capacity.length != wiring.totalVcs()) {
            throw new IllegalArgumentException("input VC capacities: " + capacity.length + " given for "
                    + wiring.totalVcs() + " input VCs");
        }
        int max = 0;
        for (int c : capacity) {
            max = Math.max(max, c);
        }
        this.stride = max;
        this.capacityOfVc = capacity.clone();
        this.wiring = wiring;
        this.maxQueuesPerVc = wiring.maxQueuesPerVc;
        this.voq = wiring.voq;
        this.queuesPerVcOf = wiring.queuesPerVc;
        this.firstQueue = wiring.firstQueue;
        this.routers = routers;
        this.rt = routers.rt;
        this.rSa = routers.sa;
        this.routerStride = routers.stride;
        this.credits = credits;
        this.queueLocalOf = wiring.queueLocal;
        int totalVcs = wiring.totalVcs();
        int queues = wiring.totalQueues();
        vc = new int[Math.addExact(Math.multiplyExact(queues, 1 << VC_SHIFT), LEAD)];
        this.states = new VcStates(vc, queues, maxCandidates, voq);
        int window = windowFor(stride, arrivalDelay);
        this.slots = !voq && stride <= slotFifoMax;
        this.voqQueues = voq ? new VoqBuffers(vc, wiring, capacityOfVc, stride, window,
                voqRunSlotsFor(stride, packetFlits, maxQueuesPerVc)) : null;
        this.slotFifo = slots ? new SlotFifoBuffers(vc, totalVcs, stride) : null;
        this.runFifo = !voq && !slots ? new RunFifoBuffers(vc, totalVcs, stride, window, runSlotsFor(stride, packetFlits))
                : null;
        for (int q = 0; q < queues; q++) {
            vc[(q << VC_SHIFT) + CAPACITY] = voq ? -1 : capacity[q];
        }
    }

    void wire(RouteStage routeStage, InvariantChecks invariantChecks) {
        this.checks = invariantChecks;
        if (voq) {
            voqQueues.wire(routeStage, invariantChecks);
        } else if (slots) {
            slotFifo.wire(invariantChecks);
        } else {
            runFifo.wire(invariantChecks);
        }
    }

    /**
     * A flit of packet {@code slot} arrives in input VC {@code iv} (local VC index
     * {@code vcLocal} at router {@code r}), visible from cycle {@code visible}; {@code head} is the
     * packet's first flit. FIFO: appended to the VC's queue. VOQ: a head is routed now and joins
     * the queue of its output, the other flits follow it.
     */
    void arrive(int iv, int r, int vcLocal, int slot, int visible, boolean head) {
        if (voq) {
            int q = voqQueues.arrive(iv, r, slot, visible, head);
            int x = q << VC_SHIFT;
            joined(x, r, queueLocalOf[q], vc[x + COUNT] - 1, slot, visible);
        } else {
            push(iv, r, vcLocal, slot, visible);
        }
    }

    /**
     * FIFO: appends a flit of packet {@code slot}, visible from cycle {@code visible}, to queue
     * (= VC) {@code iv} (local index {@code local} at router {@code r}); marks the VC's allocation
     * work and the router active.
     */
    void push(int iv, int r, int local, int slot, int visible) {
        int count = slots ? slotFifo.push(iv, slot, visible) : runFifo.push(iv, slot, visible);
        joined(iv << VC_SHIFT, r, local, count, slot, visible);
    }

    /** The bookkeeping of a flit that joined queue record {@code x} holding {@code count} flits before. */
    private void joined(int x, int r, int local, int count, int slot, int visible) {
        int rb = r * routerStride;
        rt[rb + ActiveRouters.FLITS]++;
        if (count == 0) {
            vc[x + FRONT_SLOT] = slot;
            vc[x + FRONT_VIS] = visible;
            if (vc[x + VcStates.STATE] != VcStates.ACTIVE) {
                rt[rb + ActiveRouters.VA + (local >>> 6)] |= 1L << local;
            } else if (credits[vc[x + VcStates.OUT]] > 0) {
                rt[rb + rSa + (local >>> 6)] |= 1L << local;
            }
        }
        routers.activate(r, rb);
    }

    /**
     * Removes the front flit of queue {@code q} at router {@code r} and returns the flits left in
     * the queue; the next flit (if any) becomes the front.
     */
    int pop(int q, int r) {
        int remaining = voq ? voqQueues.pop(q, r) : slots ? slotFifo.pop(q) : runFifo.pop(q);
        rt[r * routerStride + ActiveRouters.FLITS]--;
        return remaining;
    }

    /** Flits in input VC {@code iv}, over its queues (visible or still on the link): what its credits count. */
    int vcFlits(int iv) {
        return voq ? voqQueues.vcFlits[iv] : vc[(iv << VC_SHIFT) + COUNT];
    }

    /** Flits that have arrived in input VC {@code iv} by cycle {@code now} (those still on the link excluded). */
    int visibleFlits(int iv, long now) {
        int nowLow = (int) now;
        return voq ? voqQueues.visibleFlits(iv, nowLow) : slots ? slotFifo.visibleFlits(iv, nowLow)
                : runFifo.visibleFlits(iv, nowLow);
    }

    /** Capacity in flits of input VC {@code iv}. */
    int capacityOfVc(int iv) {
        return voq ? capacityOfVc[iv] : vc[(iv << VC_SHIFT) + CAPACITY];
    }

    // ---- per-queue fields for cold code and tests

    int count(int q) {
        return vc[(q << VC_SHIFT) + COUNT];
    }

    int head(int q) {
        return vc[(q << VC_SHIFT) + HEAD];
    }

    /** FIFO: the capacity of queue (= VC) {@code q}. */
    int capacity(int q) {
        return voq ? capacityOfVc(wiring.queueVc(q)) : vc[(q << VC_SHIFT) + CAPACITY];
    }

    /** Packet slot of the front flit of a non-empty queue. */
    int frontSlot(int q) {
        return vc[(q << VC_SHIFT) + FRONT_SLOT];
    }

    /** Cycle (low 32 bits) from which the front flit of a non-empty queue is visible. */
    int frontVisible(int q) {
        return vc[(q << VC_SHIFT) + FRONT_VIS];
    }

    /** Packet slot of the flit at position {@code i} (0 = front) of queue {@code q}. */
    int flitSlot(int q, int i) {
        return voq ? voqQueues.flitSlot(q, i) : slots ? slotFifo.flitSlot(q, i) : runFifo.flitSlot(q, i);
    }

    /** Cycle (low 32 bits) from which the flit at position {@code i} (0 = front) of queue {@code q} is visible. */
    int flitVisible(int q, int i) {
        return voq ? voqQueues.flitVisible(q, i) : slots ? slotFifo.flitVisible(q, i) : runFifo.flitVisible(q, i);
    }

    /** FIFO: flits that have left VC {@code iv} since the start (wrapping), for tests. */
    int departures(int iv) {
        return slots ? slotFifo.departures(iv) : runFifo.departures(iv);
    }

    /** Queues of input VC {@code iv} holding flits, for the wait-for graph (allocates; cold). */
    int[] nonEmptyQueues(int iv) {
        int queues = queuesPerVcOf[wiring.vcRouter[iv]];
        int[] out = new int[queues];
        int n = 0;
        for (int q = firstQueue[iv], end = q + queues; q < end; q++) {
            if (vc[(q << VC_SHIFT) + COUNT] > 0) {
                out[n++] = q;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** A buffered flit leaves the arrival window of {@code window} cycles before it is visible: the window is sized wrong. */
    static SimulationException windowTooSmall(InvariantChecks checks, int iv, int visible, int window) {
        return checks.invariant("a flit of " + checks.vcName(iv) + " visible only from cycle " + visible + " left the "
                + window + " arrival cycles kept per VC (more flits on its link than the link delays allow)",
                checks.now());
    }

    /** The message of a flit arriving at a full VC, built off the hot path. */
    static SimulationException overflow(InvariantChecks checks, int iv, int flits, int cap, int slot) {
        return checks.invariant("buffer overflow: " + flits + " flits already in " + checks.vcName(iv) + " (capacity "
                + cap + ") when " + checks.packetName(slot) + " arrived", checks.now());
    }
}
