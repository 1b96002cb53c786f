package org.fabrica.network.flit;

import java.util.Arrays;
import org.fabrica.kernel.SimulationException;

/**
 * The input buffers of every router: one buffer per input VC ({@code globalPort * vcs + vc}) of
 * the VC's capacity, holding one FIFO queue (the default) or, with VOQ crossbar access, one queue
 * per output port ({@link Wiring}: queue {@code iv * Q + output}); and the state of each queue's
 * front packet in the router pipeline. Credits count a VC's flits whichever queue holds them.
 *
 * <p>A flit is visible in a buffer from the cycle it arrives. The flits of one packet are
 * contiguous in a VC; several packets may follow each other. The hot per-queue fields are packed
 * 16 ints (64 bytes, a cache line) per queue so that looking at a queue is one memory access:
 * {@code vc[(q << VC_SHIFT) + field]} with the offsets below.
 *
 * <h2>FIFO buffers</h2>
 * The flits of a VC are stored as runs of one packet, not one record per flit slot: one block of
 * {@link #block} ints per VC in {@link #fifo} ({@code b = iv * block}) holds {@code fifo[b]} the
 * flits that ever arrived (wrapping), {@code fifo[b + 1]} the runs held, then a window of the
 * arrival cycles of the last {@link #window} flits (arrival k at {@code b + 2 + (k & (window - 1))}),
 * then a ring of {@link #runSlots} runs (pool slot, flits), the front run at {@link #HEAD}. Flits
 * older than the window are visible: a VC takes at most one flit a cycle, each visible at most
 * {@code window - 1} cycles after it is sent ({@link Links#maxArrivalDelay}), and every push checks
 * it. A flit's packet is its run's; the arrival cycle of a visible flit is only compared with the
 * current cycle, so the current cycle stands for it once it left the window. The ring of runs
 * starts at {@link #runSlotsFor} and doubles (never past the largest capacity) when a VC holds more
 * packets than that. Results are those of a slot-per-flit ring, bit for bit.
 *
 * <p>Small VCs (the largest at most {@link #SLOT_FIFO_MAX} flits) keep that slot-per-flit ring
 * instead: a block of {@code 1 + 2 * stride} ints, {@code fifo[b]} the flits that ever arrived,
 * then per slot the flit's packet and arrival cycle, the front at {@link #HEAD}. Its push and pop
 * are shorter: 6-8% more router-cycles per second on the bench tori (8- and 16-flit VCs; see
 * docs/architecture.md, section 10), for 1.7 and 2.75 times the runs' bytes there (17 against 10,
 * 33 against 12 ints per VC). Runs pay off where VCs
 * are deep (hundreds of flits), whose slot rings would take most of the network's memory.
 *
 * <h2>VOQ buffers</h2>
 * A VC's flits may leave in another order than they came (packets bound to different outputs),
 * so each queue is a linked list of runs of one packet drawn from its VC's pool of runs. The queue
 * of a packet is the output of its route, computed when its head arrives
 * ({@link RouteStage#arrival}): the rest of the packet follows the head into the same queue. A
 * VC's arrivals are packet-contiguous (the upstream VC belongs to one packet at a time), so a run
 * is a range of the VC's arrival numbers and keeps only its first; the VC keeps the arrival cycles
 * of its last {@link #window} flits, as a FIFO VC does, and older flits are visible. One block of
 * {@link #voqBlock} ints per VC in {@link #voqRuns} ({@code b = iv * voqBlock}): {@code [b]} the
 * flits that ever arrived, {@code [b + 1]} the first free run, the window, then
 * {@link #voqRunSlots} runs of four ints (pool slot, flits, arrival number of its first flit, next
 * run or -1). A queue's {@link #HEAD} and {@link #TAIL} are run numbers. The pools start at
 * {@link #voqRunSlotsFor} runs and double (every VC's, never past the largest capacity) when one
 * runs out. Results are those of a slot-per-flit pool, bit for bit.
 */
final class InputBuffers {
    static final int IDLE = 0;
    static final int ROUTING = 1;
    static final int VC_ALLOC = 2;
    static final int ACTIVE = 3;

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
    /** FIFO: the front run's entry in the VC's ring of runs; VOQ: the front run of the VC's pool of runs. */
    static final int HEAD = LEAD + 1;
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
    /** Copy of the front flit's packet slot (valid when COUNT > 0), so allocation never reads the ring. */
    static final int FRONT_SLOT = LEAD + 8;
    /** Copy of the cycle (low 32 bits) from which the front flit is visible (valid when COUNT > 0). */
    static final int FRONT_VIS = LEAD + 9;
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
    /** FIFO: capacity of the queue's VC in flits; VOQ: the queue's last run (in its VC's pool). */
    static final int CAPACITY = LEAD + 14;
    static final int TAIL = LEAD + 14;
    /**
     * Contention state of the front packet at this router: 0, {@link ContentionCounter#COUNTED}
     * or {@link ContentionCounter#WAITING}.
     */
    static final int CONTENTION = LEAD + 15;

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

    /** Ints of the VOQ buffers: {@code inputVcs} blocks of {@link #voqBlock}. */
    static long voqInts(long inputVcs, int stride, int arrivalDelay, int packetFlits, int queuesPerVc) {
        return inputVcs * (2 + windowFor(stride, arrivalDelay) + 4L * voqRunSlotsFor(stride, packetFlits, queuesPerVc));
    }

    /** Ints of the FIFO buffers: {@code inputVcs} blocks of {@link #block}. */
    static long fifoInts(long inputVcs, int stride, int arrivalDelay, int packetFlits) {
        if (stride <= SLOT_FIFO_MAX) {
            return inputVcs * (1 + 2L * stride);
        }
        return inputVcs * (2 + windowFor(stride, arrivalDelay) + 2L * runSlotsFor(stride, packetFlits));
    }

    /** The per-queue records. */
    final int[] vc;
    /**
     * Candidates 1 .. maxCandidates-1 of the front head, (maxCandidates - 1) per queue; empty with
     * VOQ buffers, whose heads have one candidate, the output of their queue, kept in the record.
     */
    final int[] candPort;
    final long[] candMask;
    /** VOQ: one block per VC (see the class comment); null for FIFO buffers; replaced when the pools grow. */
    int[] voqRuns;
    /** VOQ: runs in each VC's pool. */
    int voqRunSlots;
    /** VOQ: ints per VC in {@link #voqRuns}: 2 + window + 4 * voqRunSlots. */
    int voqBlock;
    /** FIFO: one block per VC (see the class comment); replaced when the ring of runs grows. */
    int[] fifo;
    /** FIFO: one slot per flit (small VCs, see the class comment) instead of runs. */
    final boolean slots;
    /** FIFO: arrival cycles kept per VC (a power of two). */
    final int window;
    /** FIFO: runs the ring of each VC holds. */
    int runSlots;
    /** FIFO: ints per VC in {@link #fifo}: 2 + window + 2 * runSlots. */
    int block;
    /**
     * Multi-output routes: per queue and branch k >= 1, the pool slot of the copy that branch
     * carries (created when the head crosses); allocated the first time a route has branches.
     */
    int[] branchSlot;
    final int maxBranches;
    /** Flit slots per VC: the largest VC capacity. */
    final int stride;
    final int maxCandidates;
    /** The most queues per VC: 1 (FIFO) or the largest router's port count (VOQ: one per output, {@link Wiring#queuesPerVc}). */
    final int maxQueuesPerVc;
    final boolean voq;
    private final int vcs;
    private final int[] capacityOfVc;
    private final ActiveRouters routers;
    private final long[] rt;
    private final int rSa;
    private final int routerStride;
    private final int[] credits;
    // VOQ: per VC its flits and the queue its arriving packet joined
    private final int[] vcFlits;
    private final int[] arrivingQueue;
    private final int[] queueLocalOf;
    private final Wiring wiring;
    // VOQ queue numbering (Wiring): per router its queues per VC; per VC its first queue
    private final int[] queuesPerVcOf;
    private final int[] firstQueue;
    private RouteStage route;
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
        this.vcs = wiring.vcs;
        this.capacityOfVc = capacity.clone();
        this.wiring = wiring;
        this.maxQueuesPerVc = wiring.maxQueuesPerVc;
        this.voq = wiring.voq;
        this.queuesPerVcOf = wiring.queuesPerVc;
        this.firstQueue = wiring.firstQueue;
        this.maxCandidates = maxCandidates;
        this.maxBranches = maxCandidates;
        this.routers = routers;
        this.rt = routers.rt;
        this.rSa = routers.sa;
        this.routerStride = routers.stride;
        this.credits = credits;
        this.queueLocalOf = wiring.queueLocal;
        int totalVcs = wiring.totalVcs();
        int queues = wiring.totalQueues();
        vc = new int[Math.addExact(Math.multiplyExact(queues, 1 << VC_SHIFT), LEAD)];
        int later = voq ? 0 : maxCandidates - 1;
        candPort = new int[Math.multiplyExact(queues, later)];
        candMask = new long[Math.multiplyExact(queues, later)];
        this.window = windowFor(stride, arrivalDelay);
        this.runSlots = runSlotsFor(stride, packetFlits);
        this.slots = !voq && stride <= slotFifoMax;
        this.block = slots ? 1 + 2 * stride : 2 + window + 2 * runSlots;
        this.voqRunSlots = voqRunSlotsFor(stride, packetFlits, maxQueuesPerVc);
        this.voqBlock = 2 + window + 4 * voqRunSlots;
        voqRuns = voq ? new int[Math.multiplyExact(totalVcs, voqBlock)] : null;
        fifo = voq ? null : new int[Math.multiplyExact(totalVcs, block)];
        for (int q = 0; q < queues; q++) {
            vc[(q << VC_SHIFT) + BLOCKED_AT] = -1;
            vc[(q << VC_SHIFT) + CAPACITY] = voq ? -1 : capacity[q];
        }
        if (voq) {
            vcFlits = new int[totalVcs];
            arrivingQueue = new int[totalVcs];
            for (int iv = 0; iv < totalVcs; iv++) {
                chainFree(voqRuns, iv * voqBlock, 0, voqRunSlots, -1);
            }
        } else {
            vcFlits = null;
            arrivingQueue = null;
        }
    }

    /** Queue {@code q}'s front head has a multi-output route: make room for its copies (once per run). */
    void multiOutput(int q) {
        if (branchSlot == null) {
            branchSlot = new int[Math.multiplyExact(vc.length >> VC_SHIFT, maxBranches)];
        }
    }

    void wire(RouteStage routeStage, InvariantChecks invariantChecks) {
        this.route = routeStage;
        this.checks = invariantChecks;
    }

    /**
     * A flit of packet {@code slot} arrives in input VC {@code iv} (local VC index
     * {@code vcLocal} at router {@code r}), visible from cycle {@code visible}; {@code head} is the
     * packet's first flit. FIFO: appended to the VC's queue. VOQ: a head is routed now and joins
     * the queue of its output, the other flits follow it.
     */
    void arrive(int iv, int r, int vcLocal, int slot, int visible, boolean head) {
        if (voq) {
            arriveQueued(iv, r, slot, visible, head);
        } else {
            push(iv, r, vcLocal, slot, visible);
        }
    }

    /**
     * FIFO: appends a flit of packet {@code slot}, visible from cycle {@code visible}, to queue
     * (= VC) {@code iv} (local index {@code local} at router {@code r}); marks the VC's allocation
     * work and the router active. The one place that chooses between slots and runs.
     */
    void push(int iv, int r, int local, int slot, int visible) {
        if (slots) {
            pushSlot(iv, r, local, slot, visible);
            return;
        }
        int x = iv << VC_SHIFT;
        int count = vc[x + COUNT];
        int cap = vc[x + CAPACITY];
        if (count >= cap) {
            throw overflow(iv, count, cap, slot);
        }
        int[] f = fifo;
        int b = iv * block;
        int arrivals = f[b];
        int w = b + 2 + (arrivals & (window - 1));
        if (count >= window && (int) checks.now() - f[w] < 0) {
            // the arrival leaving the window is still buffered: it must be visible already
            throw windowTooSmall(iv, f[w]);
        }
        f[w] = visible;
        f[b] = arrivals + 1;
        int runs = f[b + 1];
        int t = vc[x + HEAD] + runs - 1;
        if (t >= runSlots) {
            t -= runSlots;
        }
        int e = b + 2 + window + (t << 1);
        if (runs > 0 && f[e] == slot) {
            f[e + 1]++;
        } else {
            if (runs == runSlots) {
                growRuns();
                f = fifo;
                b = iv * block;
                t = vc[x + HEAD] + runs - 1;
            }
            if (++t >= runSlots) {
                t -= runSlots;
            }
            e = b + 2 + window + (t << 1);
            f[e] = slot;
            f[e + 1] = 1;
            f[b + 1] = runs + 1;
        }
        vc[x + COUNT] = count + 1;
        joined(x, r, local, count, slot, visible);
    }

    /** {@link #push} for small VCs: the flit takes the slot after the queue's last. */
    private void pushSlot(int iv, int r, int local, int slot, int visible) {
        int x = iv << VC_SHIFT;
        int count = vc[x + COUNT];
        int cap = vc[x + CAPACITY];
        if (count >= cap) {
            throw overflow(iv, count, cap, slot);
        }
        int pos = vc[x + HEAD] + count;
        if (pos >= cap) {
            pos -= cap;
        }
        int[] f = fifo;
        int b = iv * block;
        f[b]++;
        int e = b + 1 + (pos << 1);
        f[e] = slot;
        f[e + 1] = visible;
        vc[x + COUNT] = count + 1;
        joined(x, r, local, count, slot, visible);
    }

    /**
     * A VC holds more packets than its ring of runs: every ring doubles (at most to the largest
     * capacity), each VC's runs laid out from entry 0. Happens a few times a run at most.
     */
    private void growRuns() {
        int grown = Math.min(stride, runSlots * 2);
        int grownBlock = 2 + window + 2 * grown;
        int vcsTotal = capacityOfVc.length;
        int[] g = new int[Math.multiplyExact(vcsTotal, grownBlock)];
        int[] f = fifo;
        for (int iv = 0; iv < vcsTotal; iv++) {
            int b = iv * block;
            int nb = iv * grownBlock;
            System.arraycopy(f, b, g, nb, 2 + window);
            int x = iv << VC_SHIFT;
            for (int k = 0, h = vc[x + HEAD], runs = f[b + 1]; k < runs; k++) {
                int e = b + 2 + window + (((h + k) % runSlots) << 1);
                g[nb + 2 + window + (k << 1)] = f[e];
                g[nb + 2 + window + (k << 1) + 1] = f[e + 1];
            }
            vc[x + HEAD] = 0;
        }
        fifo = g;
        runSlots = grown;
        block = grownBlock;
    }

    /** The bookkeeping of a flit that joined queue record {@code x} holding {@code count} flits before. */
    private void joined(int x, int r, int local, int count, int slot, int visible) {
        int rb = r * routerStride;
        rt[rb + ActiveRouters.FLITS]++;
        if (count == 0) {
            vc[x + FRONT_SLOT] = slot;
            vc[x + FRONT_VIS] = visible;
            if (vc[x + STATE] != ACTIVE) {
                rt[rb + ActiveRouters.VA + (local >>> 6)] |= 1L << local;
            } else if (credits[vc[x + OUT]] > 0) {
                rt[rb + rSa + (local >>> 6)] |= 1L << local;
            }
        }
        routers.activate(r, rb);
    }

    /** VOQ: a flit joins the queue of its packet's output (routed on the head's arrival). */
    private void arriveQueued(int iv, int r, int slot, int visible, boolean head) {
        int flits = vcFlits[iv];
        int cap = capacityOfVc[iv];
        if (flits >= cap) {
            throw overflow(iv, flits, cap, slot);
        }
        int q;
        if (head) {
            q = firstQueue[iv] + route.arrival(r, iv, slot);
            arrivingQueue[iv] = q;
        } else {
            q = arrivingQueue[iv];
        }
        int[] f = voqRuns;
        int b = iv * voqBlock;
        int arrival = f[b];
        int w = b + 2 + (arrival & (window - 1));
        if (flits >= window && (int) checks.now() - f[w] < 0) {
            throw windowTooSmall(iv, f[w]);
        }
        f[w] = visible;
        f[b] = arrival + 1;
        vcFlits[iv] = flits + 1;
        int x = q << VC_SHIFT;
        int count = vc[x + COUNT];
        int tail = vc[x + TAIL];
        if (count > 0 && f[b + 2 + window + (tail << 2)] == slot) {
            f[b + 2 + window + (tail << 2) + 1]++;
        } else {
            int run = f[b + 1];
            if (run < 0) {
                growVoqRuns();
                f = voqRuns;
                b = iv * voqBlock;
                run = f[b + 1];
            }
            int e = b + 2 + window + (run << 2);
            f[b + 1] = f[e + 3];
            f[e] = slot;
            f[e + 1] = 1;
            f[e + 2] = arrival;
            f[e + 3] = -1;
            if (count == 0) {
                vc[x + HEAD] = run;
            } else {
                f[b + 2 + window + (tail << 2) + 3] = run;
            }
            vc[x + TAIL] = run;
        }
        vc[x + COUNT] = count + 1;
        joined(x, r, queueLocalOf[q], count, slot, visible);
    }

    /** Links runs {@code from .. to-1} of the VOQ block at {@code b} into its free list, ahead of {@code rest}. */
    private void chainFree(int[] f, int b, int from, int to, int rest) {
        int runs = b + 2 + window;
        for (int k = from; k < to; k++) {
            f[runs + (k << 2) + 3] = k + 1 < to ? k + 1 : rest;
        }
        f[b + 1] = from < to ? from : rest;
    }

    /** A VOQ VC ran out of runs: every pool doubles (at most to the largest capacity), runs keeping their numbers. */
    private void growVoqRuns() {
        int grown = Math.min(stride, voqRunSlots * 2);
        if (grown == voqRunSlots) {
            throw new IllegalStateException("a VOQ VC needs more than " + grown + " runs for at most " + stride + " flits");
        }
        int grownBlock = 2 + window + 4 * grown;
        int vcsTotal = capacityOfVc.length;
        int[] g = new int[Math.multiplyExact(vcsTotal, grownBlock)];
        for (int iv = 0; iv < vcsTotal; iv++) {
            int b = iv * voqBlock;
            int nb = iv * grownBlock;
            System.arraycopy(voqRuns, b, g, nb, voqBlock);
            chainFree(g, nb, voqRunSlots, grown, voqRuns[b + 1]);
        }
        voqRuns = g;
        voqRunSlots = grown;
        voqBlock = grownBlock;
    }

    /**
     * Removes the front flit of queue {@code q} at router {@code r} and returns the flits left in
     * the queue; the next flit (if any) becomes the front.
     */
    int pop(int q, int r) {
        if (voq) {
            return popQueued(q, r);
        }
        if (slots) {
            return popSlot(q, r);
        }
        int x = q << VC_SHIFT;
        int[] f = fifo;
        int b = q * block;
        int h = vc[x + HEAD];
        int e = b + 2 + window + (h << 1);
        int left = --f[e + 1];
        if (left == 0) {
            if (++h == runSlots) {
                h = 0;
            }
            vc[x + HEAD] = h;
            f[b + 1]--;
        }
        int remaining = --vc[x + COUNT];
        if (remaining > 0) {
            if (left == 0) {
                vc[x + FRONT_SLOT] = f[b + 2 + window + (h << 1)];
            }
            // the new front is the remaining-th newest flit; older than the window it is visible
            vc[x + FRONT_VIS] = remaining <= window ? f[b + 2 + ((f[b] - remaining) & (window - 1))]
                    : (int) checks.now();
        }
        rt[r * routerStride + ActiveRouters.FLITS]--;
        return remaining;
    }

    private int popSlot(int q, int r) {
        int x = q << VC_SHIFT;
        int h = vc[x + HEAD] + 1;
        if (h == vc[x + CAPACITY]) {
            h = 0;
        }
        vc[x + HEAD] = h;
        int remaining = --vc[x + COUNT];
        if (remaining > 0) {
            int e = q * block + 1 + (h << 1);
            vc[x + FRONT_SLOT] = fifo[e];
            vc[x + FRONT_VIS] = fifo[e + 1];
        }
        rt[r * routerStride + ActiveRouters.FLITS]--;
        return remaining;
    }

    private int popQueued(int q, int r) {
        int iv = wiring.queueVc(q, r);
        int x = q << VC_SHIFT;
        int[] f = voqRuns;
        int b = iv * voqBlock;
        int runs = b + 2 + window;
        int h = vc[x + HEAD];
        int e = runs + (h << 2);
        int left = --f[e + 1];
        f[e + 2]++; // the run's next flit arrived right after this one
        vcFlits[iv]--;
        int remaining = --vc[x + COUNT];
        if (left == 0) {
            int next = f[e + 3];
            f[e + 3] = f[b + 1];
            f[b + 1] = h;
            h = next;
            vc[x + HEAD] = h;
        }
        if (remaining > 0) {
            int n = runs + (h << 2);
            vc[x + FRONT_SLOT] = f[n];
            vc[x + FRONT_VIS] = voqVisible(f, b, f[n + 2]);
        }
        rt[r * routerStride + ActiveRouters.FLITS]--;
        return remaining;
    }

    /** VOQ: the cycle from which the VC's flit of arrival number {@code arrival} is visible (older than the window: now). */
    private int voqVisible(int[] f, int b, int arrival) {
        return f[b] - arrival <= window ? f[b + 2 + (arrival & (window - 1))] : (int) checks.now();
    }

    /** Flits in input VC {@code iv}, over its queues (visible or still on the link): what its credits count. */
    int vcFlits(int iv) {
        return voq ? vcFlits[iv] : vc[(iv << VC_SHIFT) + COUNT];
    }

    /** Flits that have arrived in input VC {@code iv} by cycle {@code now} (those still on the link excluded). */
    int visibleFlits(int iv, long now) {
        int nowLow = (int) now;
        if (voq) {
            // flits still on the link are among the VC's last arrivals, all in the window (and buffered)
            int visible = vcFlits[iv];
            for (int k = 0, w = iv * voqBlock + 2; k < window; k++) {
                if (nowLow - voqRuns[w + k] < 0) {
                    visible--;
                }
            }
            return visible;
        }
        int count = vc[(iv << VC_SHIFT) + COUNT];
        if (slots) {
            // flits still on the link are the newest ones, at the back of the FIFO
            for (int i = count - 1; i >= 0 && nowLow - fifo[slotEntry(iv, i) + 1] < 0; i--) {
                count--;
            }
            return count;
        }
        int b = iv * block;
        int arrivals = fifo[b];
        // flits still on the link are the newest ones, at the back of the FIFO, all in the window
        for (int k = 1, n = Math.min(count, window); k <= n && nowLow - fifo[b + 2 + ((arrivals - k) & (window - 1))] < 0; k++) {
            count--;
        }
        return count;
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

    /** Packet slot of the flit at position {@code i} (0 = front) of queue {@code q}. */
    int flitSlot(int q, int i) {
        int x = q << VC_SHIFT;
        if (voq) {
            return voqRuns[(int) (voqEntry(q, i) >>> 32)];
        }
        if (slots) {
            return fifo[slotEntry(q, i)];
        }
        int b = q * block;
        for (int k = 0, h = vc[x + HEAD], runs = fifo[b + 1]; k < runs; k++) {
            int e = b + 2 + window + (((h + k) % runSlots) << 1);
            if (i < fifo[e + 1]) {
                return fifo[e];
            }
            i -= fifo[e + 1];
        }
        throw new IndexOutOfBoundsException("flit " + i + " of queue " + q);
    }

    /** Cycle (low 32 bits) from which the flit at position {@code i} (0 = front) of queue {@code q} is visible. */
    int flitVisible(int q, int i) {
        int x = q << VC_SHIFT;
        if (voq) {
            long at = voqEntry(q, i);
            int e = (int) (at >>> 32);
            return voqVisible(voqRuns, wiring.queueVc(q) * voqBlock, voqRuns[e + 2] + (int) at);
        }
        if (slots) {
            return fifo[slotEntry(q, i) + 1];
        }
        int newer = vc[x + COUNT] - i; // this flit and those behind it
        int b = q * block;
        return newer <= window ? fifo[b + 2 + ((fifo[b] - newer) & (window - 1))] : (int) checks.now();
    }

    /** Slot FIFO: the index in {@link #fifo} of the flit at position {@code i} (0 = front) of VC {@code iv}. */
    private int slotEntry(int iv, int i) {
        int x = iv << VC_SHIFT;
        int pos = (vc[x + HEAD] + i) % vc[x + CAPACITY];
        return iv * block + 1 + (pos << 1);
    }

    /**
     * VOQ: the index in {@link #voqRuns} of the run holding the flit at position {@code i} (0 = front)
     * of queue {@code q} (high 32 bits) and the flit's position within that run (low 32 bits).
     */
    private long voqEntry(int q, int i) {
        int b = wiring.queueVc(q) * voqBlock;
        for (int run = vc[(q << VC_SHIFT) + HEAD]; run >= 0; ) {
            int e = b + 2 + window + (run << 2);
            if (i < voqRuns[e + 1]) {
                return (long) e << 32 | i;
            }
            i -= voqRuns[e + 1];
            run = voqRuns[e + 3];
        }
        throw new IndexOutOfBoundsException("flit " + i + " of queue " + q);
    }

    /** FIFO: flits that have left VC {@code iv} since the start (wrapping), for tests. */
    int departures(int iv) {
        return fifo[iv * block] - vc[(iv << VC_SHIFT) + COUNT];
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

    /** A buffered flit leaves the arrival window before it is visible: the window is sized wrong. */
    private SimulationException windowTooSmall(int iv, int visible) {
        return checks.invariant("a flit of " + checks.vcName(iv) + " visible only from cycle " + visible + " left the "
                + window + " arrival cycles kept per VC (more flits on its link than the link delays allow)",
                checks.now());
    }

    /** The message of a flit arriving at a full VC, built off the hot path. */
    private SimulationException overflow(int iv, int flits, int cap, int slot) {
        return checks.invariant("buffer overflow: " + flits + " flits already in " + checks.vcName(iv) + " (capacity "
                + cap + ") when " + checks.packetName(slot) + " arrived", checks.now());
    }
}
