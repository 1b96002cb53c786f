package org.fabrica.network.flit;

/**
 * The input VC buffers of every router: a FIFO of flits per input VC ({@code globalPort * vcs +
 * vc}) and the state of its front packet in the router pipeline.
 *
 * <p>A flit is visible in a buffer from the cycle it arrives; the flits of several packets may
 * follow each other in one VC, but the flits of one packet are contiguous. The hot per-VC fields
 * are packed 16 ints (64 bytes, a cache line) per input VC so that looking at a VC is one memory
 * access: {@code vc[(iv << VC_SHIFT) + field]} with the offsets below. The flits themselves are a
 * ring per VC: for slot i of input VC iv (e = iv * bufferFlits + i), {@code ring[2e]} is the packet
 * (pool slot) of the flit and {@code ring[2e + 1]} the cycle it is visible from (low 32 bits;
 * compared by wrap-safe subtraction), interleaved so a flit's two fields share a cache line.
 */
final class InputBuffers {
    static final int IDLE = 0;
    static final int ROUTING = 1;
    static final int VC_ALLOC = 2;
    static final int ACTIVE = 3;

    static final int VC_SHIFT = 4;
    /** Flits in the buffer (visible or still on the link). */
    static final int COUNT = 0;
    /** Ring position of the front flit. */
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
    /** Capacity of this VC's buffer in flits. */
    static final int CAPACITY = 14;
    /**
     * Contention state of the front packet at this router: 0, {@link ContentionCounter#COUNTED}
     * or {@link ContentionCounter#WAITING}.
     */
    static final int CONTENTION = 15;

    final int[] vc;
    /** Candidates 1 .. maxCandidates-1 of the front head, (maxCandidates - 1) per input VC. */
    final int[] candPort;
    final long[] candMask;
    final int[] ring;
    /**
     * Multi-output routes: per input VC and branch k >= 1, the pool slot of the copy that branch
     * carries (created when the head crosses); allocated the first time a route has branches.
     */
    int[] branchSlot;
    final int maxBranches;
    /** Ring stride per VC: the largest VC capacity. */
    final int stride;
    final int maxCandidates;
    private final ActiveRouters routers;
    private final long[] rt;
    private final int rSa;
    private final int routerStride;
    private final int[] credits;
    private InvariantChecks checks;

    /**
     * @param capacity capacity in flits of each VC index (the same at every port)
     * @param credits the output VCs' credit counters (a buffer whose front packet owns a VC with
     *        credit joins the switch-allocation mask when a flit arrives)
     */
    InputBuffers(int totalVcs, int vcs, int[] capacity, int maxCandidates, ActiveRouters routers, int[] credits) {
        int max = 0;
        for (int c : capacity) {
            max = Math.max(max, c);
        }
        this.stride = max;
        this.maxCandidates = maxCandidates;
        this.maxBranches = maxCandidates;
        this.routers = routers;
        this.rt = routers.rt;
        this.rSa = routers.sa;
        this.routerStride = routers.stride;
        this.credits = credits;
        vc = new int[totalVcs << VC_SHIFT];
        candPort = new int[totalVcs * (maxCandidates - 1)];
        candMask = new long[totalVcs * (maxCandidates - 1)];
        ring = new int[Math.multiplyExact(Math.multiplyExact(totalVcs, stride), 2)];
        for (int iv = 0; iv < totalVcs; iv++) {
            vc[(iv << VC_SHIFT) + BLOCKED_AT] = -1;
            vc[(iv << VC_SHIFT) + CAPACITY] = capacity[iv % vcs];
        }
    }

    /** Input VC {@code iv}'s front head has a multi-output route: make room for its copies (once per run). */
    void multiOutput(int iv) {
        if (branchSlot == null) {
            branchSlot = new int[Math.multiplyExact(vc.length >> VC_SHIFT, maxBranches)];
        }
    }

    void checks(InvariantChecks c) {
        this.checks = c;
    }

    /**
     * Appends a flit of packet {@code slot}, visible from cycle {@code visible}, to input VC
     * {@code iv} (local index {@code local} at router {@code r}); marks the VC's allocation work
     * and the router active.
     */
    void push(int iv, int r, int local, int slot, int visible) {
        int x = iv << VC_SHIFT;
        int count = vc[x + COUNT];
        int cap = vc[x + CAPACITY];
        if (count >= cap) {
            throw checks.invariant("buffer overflow: " + count + " flits already in " + checks.vcName(iv) + " (capacity "
                    + cap + ") when " + checks.packetName(slot) + " arrived", checks.now());
        }
        int pos = vc[x + HEAD] + count;
        if (pos >= cap) {
            pos -= cap;
        }
        int index = iv * stride + pos;
        ring[index << 1] = slot;
        ring[(index << 1) + 1] = visible;
        vc[x + COUNT] = count + 1;
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

    /**
     * Removes the front flit of input VC {@code iv} at router {@code r} and returns the flits left;
     * the next flit (if any) becomes the front.
     */
    int pop(int iv, int r) {
        int x = iv << VC_SHIFT;
        int cap = vc[x + CAPACITY];
        int h = vc[x + HEAD] + 1;
        if (h == cap) {
            h = 0;
        }
        vc[x + HEAD] = h;
        int remaining = --vc[x + COUNT];
        if (remaining > 0) {
            int next = (iv * stride + h) << 1;
            vc[x + FRONT_SLOT] = ring[next];
            vc[x + FRONT_VIS] = ring[next + 1];
        }
        rt[r * routerStride + ActiveRouters.FLITS]--;
        return remaining;
    }

    /** Flits that have arrived in input VC {@code iv} by cycle {@code now} (those still on the link excluded). */
    int visibleFlits(int iv, long now) {
        int x = iv << VC_SHIFT;
        int count = vc[x + COUNT];
        int cap = vc[x + CAPACITY];
        int nowLow = (int) now;
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

    // ---- per-VC fields for cold code and tests

    int count(int iv) {
        return vc[(iv << VC_SHIFT) + COUNT];
    }

    int head(int iv) {
        return vc[(iv << VC_SHIFT) + HEAD];
    }

    int state(int iv) {
        return vc[(iv << VC_SHIFT) + STATE];
    }

    int out(int iv) {
        return vc[(iv << VC_SHIFT) + OUT];
    }

    int outPort(int iv) {
        return vc[(iv << VC_SHIFT) + OUT_PORT];
    }

    int sent(int iv) {
        return vc[(iv << VC_SHIFT) + SENT];
    }

    int capacity(int iv) {
        return vc[(iv << VC_SHIFT) + CAPACITY];
    }

    /** Packet slot of the front flit of a non-empty VC. */
    int frontSlot(int iv) {
        return vc[(iv << VC_SHIFT) + FRONT_SLOT];
    }

    /** Cycle (low 32 bits) from which the front flit of a non-empty VC is visible. */
    int frontVisible(int iv) {
        return vc[(iv << VC_SHIFT) + FRONT_VIS];
    }

    /** Candidates (or branches) of the front head. */
    int candidateCount(int iv) {
        return Math.abs(vc[(iv << VC_SHIFT) + CAND_COUNT]);
    }

    /** The front head's route has branches (a multi-output route). */
    boolean multi(int iv) {
        return vc[(iv << VC_SHIFT) + CAND_COUNT] < 0;
    }

    int candidatePort(int iv, int k) {
        return k == 0 ? vc[(iv << VC_SHIFT) + CAND_PORT] : candPort[iv * (maxCandidates - 1) + k - 1];
    }

    long candidateMask(int iv, int k) {
        int x = iv << VC_SHIFT;
        return k == 0 ? (vc[x + CAND_MASK_LO] & 0xFFFF_FFFFL) | ((long) vc[x + CAND_MASK_HI] << 32)
                : candMask[iv * (maxCandidates - 1) + k - 1];
    }

    /** Packet slot of the flit at position {@code i} (0 = front) of input VC {@code iv}. */
    int flitSlot(int iv, int i) {
        int x = iv << VC_SHIFT;
        int pos = vc[x + HEAD] + i;
        int cap = vc[x + CAPACITY];
        if (pos >= cap) {
            pos -= cap;
        }
        return ring[(iv * stride + pos) << 1];
    }
}
