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
 * A ring per VC: for slot i of VC iv (e = iv * stride + i), {@code ring[2e]} is the packet (pool
 * slot) of the flit and {@code ring[2e + 1]} the cycle it is visible from (low 32 bits; compared by
 * wrap-safe subtraction), interleaved so a flit's two fields share a cache line.
 *
 * <h2>VOQ buffers</h2>
 * A VC's flits may leave in another order than they came (packets bound to different outputs),
 * so its slots are a free list, and each queue links its flits in arrival order. The queue of a
 * packet is the output of its route, computed when its head arrives ({@link RouteStage#arrival}):
 * the rest of the packet follows the head into the same queue.
 */
final class InputBuffers {
    static final int IDLE = 0;
    static final int ROUTING = 1;
    static final int VC_ALLOC = 2;
    static final int ACTIVE = 3;

    static final int VC_SHIFT = 4;
    /** Flits in the queue (visible or still on the link). */
    static final int COUNT = 0;
    /** Position of the front flit (FIFO: ring position; VOQ: slot of the VC's pool). */
    static final int HEAD = 1;
    /** IDLE, ROUTING, VC_ALLOC or ACTIVE: the state of the front packet. */
    static final int STATE = 2;
    /** Low 32 bits of the cycle from which the front packet's next stage may proceed. */
    static final int READY = 3;
    /** Downstream (output) VC owned by the front packet, when ACTIVE. */
    static final int OUT = 4;
    /** Local output port of {@link #OUT}. */
    static final int OUT_PORT = 5;
    /** Flits of the front packet already sent on. */
    static final int SENT = 6;
    /** Router epoch at which the front head found all candidates taken. */
    static final int BLOCKED_AT = 7;
    /** Copy of the front flit's packet slot (valid when COUNT > 0), so allocation never reads the ring. */
    static final int FRONT_SLOT = 8;
    /** Copy of the cycle (low 32 bits) from which the front flit is visible (valid when COUNT > 0). */
    static final int FRONT_VIS = 9;
    /**
     * Route candidates of the front head (after route computation); negative: the branches of a
     * multi-output route (-count), whose output VCs, once granted, replace candidates 1.. in
     * {@link #candPort} (branch 0's is {@link #OUT}).
     */
    static final int CAND_COUNT = 10;
    /** The first candidate's output port and VC mask (low, high 32 bits); later ones in candPort/candMask. */
    static final int CAND_PORT = 11;
    static final int CAND_MASK_LO = 12;
    static final int CAND_MASK_HI = 13;
    /** FIFO: capacity of the queue's VC in flits; VOQ: the queue's last flit (pool slot of its VC). */
    static final int CAPACITY = 14;
    static final int TAIL = 14;
    /**
     * Contention state of the front packet at this router: 0, {@link ContentionCounter#COUNTED}
     * or {@link ContentionCounter#WAITING}.
     */
    static final int CONTENTION = 15;

    /** The per-queue records. */
    final int[] vc;
    /** Candidates 1 .. maxCandidates-1 of the front head, (maxCandidates - 1) per queue. */
    final int[] candPort;
    final long[] candMask;
    /** FIFO: the flits, two ints each (see the class comment). VOQ: a flit per pool slot, three ints (packet, visible, next). */
    final int[] ring;
    /**
     * Multi-output routes: per queue and branch k >= 1, the pool slot of the copy that branch
     * carries (created when the head crosses); allocated the first time a route has branches.
     */
    int[] branchSlot;
    final int maxBranches;
    /** Flit slots per VC: the largest VC capacity. */
    final int stride;
    final int maxCandidates;
    /** Queues per VC: 1 (FIFO) or one per output (VOQ). */
    final int queuesPerVc;
    final boolean voq;
    private final int vcs;
    private final int[] capacityOfVc;
    private final ActiveRouters routers;
    private final long[] rt;
    private final int rSa;
    private final int routerStride;
    private final int[] credits;
    // VOQ: per VC its flits, the head of its free slots, and the queue its arriving packet joined
    private final int[] vcFlits;
    private final int[] freeSlot;
    private final int[] arrivingQueue;
    private final int[] queueLocalOf;
    private RouteStage route;
    private InvariantChecks checks;

    /**
     * @param capacity capacity in flits of every global input VC ({@code globalPort * vcs + vc}):
     *        {@link RouterKinds#inputCapacity}, or {@link Wiring#everyInputVc} for one size per VC index
     * @param credits the output VCs' credit counters (a buffer whose front packet owns a VC with
     *        credit joins the switch-allocation mask when a flit arrives)
     */
    InputBuffers(Wiring wiring, int[] capacity, int maxCandidates, ActiveRouters routers, int[] credits) {
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
        this.queuesPerVc = wiring.queuesPerVc;
        this.voq = queuesPerVc > 1;
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
        vc = new int[Math.multiplyExact(queues, 1 << VC_SHIFT)];
        candPort = new int[Math.multiplyExact(queues, maxCandidates - 1)];
        candMask = new long[Math.multiplyExact(queues, maxCandidates - 1)];
        ring = new int[Math.multiplyExact(Math.multiplyExact(totalVcs, stride), voq ? 3 : 2)];
        for (int q = 0; q < queues; q++) {
            vc[(q << VC_SHIFT) + BLOCKED_AT] = -1;
            vc[(q << VC_SHIFT) + CAPACITY] = voq ? -1 : capacity[q];
        }
        if (voq) {
            vcFlits = new int[totalVcs];
            freeSlot = new int[totalVcs];
            arrivingQueue = new int[totalVcs];
            for (int iv = 0; iv < totalVcs; iv++) {
                int cap = capacity[iv];
                for (int i = 0; i < cap; i++) {
                    ring[(iv * stride + i) * 3 + 2] = i + 1 < cap ? i + 1 : -1;
                }
            }
        } else {
            vcFlits = null;
            freeSlot = null;
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
     * work and the router active.
     */
    void push(int iv, int r, int local, int slot, int visible) {
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
        int index = iv * stride + pos;
        ring[index << 1] = slot;
        ring[(index << 1) + 1] = visible;
        vc[x + COUNT] = count + 1;
        joined(x, r, local, count, slot, visible);
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
            q = iv * queuesPerVc + route.arrival(r, iv, slot);
            arrivingQueue[iv] = q;
        } else {
            q = arrivingQueue[iv];
        }
        int s = freeSlot[iv];
        int e = (iv * stride + s) * 3;
        freeSlot[iv] = ring[e + 2];
        ring[e] = slot;
        ring[e + 1] = visible;
        ring[e + 2] = -1;
        vcFlits[iv] = flits + 1;
        int x = q << VC_SHIFT;
        int count = vc[x + COUNT];
        if (count == 0) {
            vc[x + HEAD] = s;
        } else {
            ring[(iv * stride + vc[x + TAIL]) * 3 + 2] = s;
        }
        vc[x + TAIL] = s;
        vc[x + COUNT] = count + 1;
        joined(x, r, queueLocalOf[q], count, slot, visible);
    }

    /**
     * Removes the front flit of queue {@code q} at router {@code r} and returns the flits left in
     * the queue; the next flit (if any) becomes the front.
     */
    int pop(int q, int r) {
        if (voq) {
            return popQueued(q, r);
        }
        int x = q << VC_SHIFT;
        int cap = vc[x + CAPACITY];
        int h = vc[x + HEAD] + 1;
        if (h == cap) {
            h = 0;
        }
        vc[x + HEAD] = h;
        int remaining = --vc[x + COUNT];
        if (remaining > 0) {
            int next = (q * stride + h) << 1;
            vc[x + FRONT_SLOT] = ring[next];
            vc[x + FRONT_VIS] = ring[next + 1];
        }
        rt[r * routerStride + ActiveRouters.FLITS]--;
        return remaining;
    }

    private int popQueued(int q, int r) {
        int iv = q / queuesPerVc;
        int x = q << VC_SHIFT;
        int s = vc[x + HEAD];
        int e = (iv * stride + s) * 3;
        int next = ring[e + 2];
        ring[e + 2] = freeSlot[iv];
        freeSlot[iv] = s;
        vcFlits[iv]--;
        int remaining = --vc[x + COUNT];
        if (remaining > 0) {
            int n = (iv * stride + next) * 3;
            vc[x + HEAD] = next;
            vc[x + FRONT_SLOT] = ring[n];
            vc[x + FRONT_VIS] = ring[n + 1];
        }
        rt[r * routerStride + ActiveRouters.FLITS]--;
        return remaining;
    }

    /** Flits in input VC {@code iv}, over its queues (visible or still on the link): what its credits count. */
    int vcFlits(int iv) {
        return voq ? vcFlits[iv] : vc[(iv << VC_SHIFT) + COUNT];
    }

    /** Flits that have arrived in input VC {@code iv} by cycle {@code now} (those still on the link excluded). */
    int visibleFlits(int iv, long now) {
        int nowLow = (int) now;
        if (voq) {
            int visible = 0;
            for (int q = iv * queuesPerVc, end = q + queuesPerVc; q < end; q++) {
                int x = q << VC_SHIFT;
                for (int i = 0, s = vc[x + HEAD], n = vc[x + COUNT]; i < n; i++) {
                    int e = (iv * stride + s) * 3;
                    if (nowLow - ring[e + 1] >= 0) {
                        visible++;
                    }
                    s = ring[e + 2];
                }
            }
            return visible;
        }
        int x = iv << VC_SHIFT;
        int count = vc[x + COUNT];
        int cap = vc[x + CAPACITY];
        int pos = vc[x + HEAD] + count - 1;
        if (pos >= cap) {
            pos -= cap;
        }
        // flits still on the link are the newest ones, at the back of the FIFO
        while (count > 0 && nowLow - ring[((iv * stride + pos) << 1) + 1] < 0) {
            count--;
            pos = pos == 0 ? cap - 1 : pos - 1;
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
        return voq ? capacityOfVc(q / queuesPerVc) : vc[(q << VC_SHIFT) + CAPACITY];
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
            int iv = q / queuesPerVc;
            int s = vc[x + HEAD];
            for (int k = 0; k < i; k++) {
                s = ring[(iv * stride + s) * 3 + 2];
            }
            return ring[(iv * stride + s) * 3];
        }
        int pos = vc[x + HEAD] + i;
        int cap = vc[x + CAPACITY];
        if (pos >= cap) {
            pos -= cap;
        }
        return ring[(q * stride + pos) << 1];
    }

    /** Queues of input VC {@code iv} holding flits, for the wait-for graph (allocates; cold). */
    int[] nonEmptyQueues(int iv) {
        int[] out = new int[queuesPerVc];
        int n = 0;
        for (int q = iv * queuesPerVc, end = q + queuesPerVc; q < end; q++) {
            if (vc[(q << VC_SHIFT) + COUNT] > 0) {
                out[n++] = q;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The message of a flit arriving at a full VC, built off the hot path. */
    private SimulationException overflow(int iv, int flits, int cap, int slot) {
        return checks.invariant("buffer overflow: " + flits + " flits already in " + checks.vcName(iv) + " (capacity "
                + cap + ") when " + checks.packetName(slot) + " arrived", checks.now());
    }
}
