package org.fabrica.network.flit;


/**
 * Route computation and VC allocation of one router in one cycle.
 *
 * <p>Queues: one per input VC, or with VOQ crossbar access one per input VC and output (whose
 * heads were routed on arrival, {@link RouteStage#arrival}; their VC allocation starts R cycles
 * after they reach the front). Local queue indices stand for input VCs below.
 *
 * <p>A head visible at the front of its input VC in cycle A (its arrival, or the cycle after the
 * previous packet's tail left) spends R cycles in route computation ({@code routingDelay}); its
 * route is computed in cycle A+R ({@link RouteStage}), and from then on it requests, every cycle
 * until granted, each <i>free</i> downstream VC its candidates allow: a VC no packet owns and,
 * under virtual cut-through, with credits for the whole packet. The VC allocator (a part) gets
 * one request per (input VC, free output VC): input = the router-local input VC
 * ({@code port * vcs + vc}), output = the router-local output VC, rank = the candidate's position
 * in the routing's order; it grants each input and each output VC at most once. A granted packet
 * owns the output VC until its tail leaves (see {@link Crossbar}) and may request the switch from
 * cycle {@code x + VA} ({@code vcAllocDelay}). A VC granted on a candidate whose class needs atomic
 * allocation ({@code RoutingAlgorithm.atomicVcAllocation}, under wormhole) is owned until its tail's
 * credit returned, as every VC is with {@code waitForTailCredit}: it is granted again only with its
 * downstream buffer empty.
 *
 * <p>A head that found no free candidate is skipped until one of its router's output VCs may
 * have become free (the router's epoch changed): exact, since nothing else can free one. With VOQ
 * access, whose heads have candidates at one output port, it is parked until that port changes
 * instead ({@link PortWaiters}).
 *
 * <p>A head whose route has branches (a multi-output route) is handed to
 * {@link MultiOutputRoutes#claim}, which claims every branch's VC at once or none.
 */
final class VcAllocation {
    private final Wiring wiring;
    private final InputBuffers inputs;
    private final VcStates states;
    private final OutputUnits outputs;
    private final ActiveRouters routers;
    private final RouteStage route;
    private final ContentionCounter contention;
    private final AllocationStage stage;
    private final PacketPool pool;
    private final int[] vc;
    private final int[] owner;
    private final int[] credits;
    private final int[] ownerFlow;
    private final boolean[] drainRelease;
    private final long[] rt;
    private final int routerStride;
    private final int rSa;
    private final int vcs;
    /** Per router (its kind's pipeline): cycles of route computation and of VC allocation. */
    private final int[] routingDelay;
    private final int[] vcAllocDelay;
    private final boolean cutThrough;
    /** Virtual cut-through with buffers of several sizes: a blocked head checks that some candidate could ever hold it. */
    private final boolean checkRoom;
    private final int[] vcPriority;
    private final int[] localPort;
    private final int[] localVc;
    private final int[] portBase;
    private final int[] localOut;
    private final int[] maskWords;
    private final int[] queueBase;
    private final int[] localBase;
    private final boolean voq;
    /**
     * With VOQ access, where blocked heads wait for their output port; null for the router-wide
     * epoch alone (FIFO buffers, or {@link FlitNetwork#withoutParking}).
     */
    PortWaiters waiters;
    /** The multi-output routes' part: their heads claim every branch's VC at once ({@link MultiOutputRoutes#claim}). */
    private final MultiOutputRoutes branches;
    /** The collective engine's side (absorbs packets), or null. */
    CollectiveUnit collectives;

    /**
     * @param routingDelay per router, cycles of route computation ({@link RouterKinds#routingDelay})
     * @param vcAllocDelay per router, cycles of VC allocation
     */
    VcAllocation(int[] routingDelay, int[] vcAllocDelay, boolean cutThrough, Wiring wiring, InputBuffers inputs,
            OutputUnits outputs, ActiveRouters routers, RouteStage route, ContentionCounter contention, PacketPool pool,
            AllocationStage stage, int[] vcPriority, PortWaiters waiters, MultiOutputRoutes branches) {
        this.wiring = wiring;
        this.inputs = inputs;
        this.states = inputs.states;
        this.outputs = outputs;
        this.routers = routers;
        this.route = route;
        this.contention = contention;
        this.stage = stage;
        this.pool = pool;
        this.vc = inputs.vc;
        this.owner = outputs.owner;
        this.credits = outputs.credits;
        this.ownerFlow = outputs.ownerFlow;
        this.drainRelease = outputs.drainRelease;
        this.rt = routers.rt;
        this.routerStride = routers.stride;
        this.rSa = routers.sa;
        this.vcs = wiring.vcs;
        this.routingDelay = routingDelay.clone();
        this.vcAllocDelay = vcAllocDelay.clone();
        this.cutThrough = cutThrough;
        this.checkRoom = cutThrough && !outputs.uniform();
        this.vcPriority = vcPriority;
        this.localPort = wiring.localPort;
        this.localVc = wiring.localVc;
        this.portBase = wiring.portBase;
        this.localOut = wiring.localOut;
        this.maskWords = wiring.maskWords;
        this.queueBase = wiring.queueBase;
        this.localBase = wiring.localBase;
        this.voq = wiring.voq;
        this.waiters = waiters;
        if (waiters != null && !voq) {
            throw new IllegalArgumentException("port waiters are for VOQ access only");
        }
        this.branches = branches;
    }

    void step(int r, long t, int tl) {
        final int base = portBase[r];
        final int np = portBase[r + 1] - base;
        final int qBase = queueBase[r];
        final int lb = localBase[r];
        final int w0 = r * routerStride;
        final int epoch = (int) rt[w0 + ActiveRouters.EPOCH];
        final int[] v = vc;
        int count = 0;
        int requesters = 0;
        for (int w = 0, words = maskWords[r]; w < words; w++) {
            long bits = rt[w0 + ActiveRouters.VA + w];
            while (bits != 0) {
                int l = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int iv = qBase + l;
                int x = iv << InputBuffers.VC_SHIFT;
                int st = v[x + VcStates.STATE];
                if (tl - v[x + InputBuffers.FRONT_VIS] < 0) {
                    continue;
                }
                if (st == VcStates.IDLE) {
                    v[x + VcStates.READY] = tl + routingDelay[r];
                    v[x + VcStates.STATE] = VcStates.ROUTING;
                    st = VcStates.ROUTING;
                }
                if (st == VcStates.ROUTING) {
                    if (tl - v[x + VcStates.READY] < 0) {
                        continue;
                    }
                    if (voq) {
                        route.fromArrival(r, localOut[lb + l], iv, v[x + InputBuffers.FRONT_SLOT], t);
                    } else {
                        if (route.compute(r, base, np, localPort[lb + l], iv, v[x + InputBuffers.FRONT_SLOT], t)) {
                            collectives.absorb(r, base, qBase, l, t);
                            continue;
                        }
                    }
                } else if (waiters == null && v[x + VcStates.BLOCKED_AT] == epoch) {
                    continue;
                }
                if (v[x + VcStates.CAND_COUNT] < 0) {
                    branches.claim(r, base, w0, iv, l, epoch, tl);
                    continue;
                }
                int before = count;
                count = request(base, iv, l, lb, count);
                if (count == before) {
                    if (checkRoom) {
                        requireRoom(r, base, iv, tl);
                    }
                    // every candidate taken: wait for a release here
                    v[x + VcStates.BLOCKED_AT] = (int) rt[w0 + ActiveRouters.EPOCH];
                    if (v[x + VcStates.CONTENTION] != ContentionCounter.WAITING) {
                        noteHeldByOtherFlow(base, iv, t);
                    }
                    if (waiters != null) {
                        waiters.park(r, l, v[x + VcStates.CONTENTION] == ContentionCounter.WAITING);
                    }
                } else {
                    requesters++;
                }
            }
        }
        if (count > 0) {
            grant(r, w0, base * vcs, qBase, count, requesters, t, tl);
        }
    }

    /** Adds the requests of the head at input VC {@code iv} (local {@code l}) for its free candidate VCs. */
    private int request(int base, int iv, int l, int lb, int count) {
        final int[] v = vc;
        int x = iv << InputBuffers.VC_SHIFT;
        int slot = v[x + InputBuffers.FRONT_SLOT];
        int length = pool.length[slot];
        int cc = v[x + VcStates.CAND_COUNT];
        int cb = iv * (route.maxCandidates - 1);
        AllocationStage s = stage;
        int[] in = s.input;
        int[] out = s.output;
        int[] rank = s.rank;
        for (int k = 0; k < cc; k++) {
            int port;
            long mask;
            if (k == 0) {
                port = v[x + VcStates.CAND_PORT];
                mask = (v[x + VcStates.CAND_MASK_LO] & 0xFFFF_FFFFL) | ((long) v[x + VcStates.CAND_MASK_HI] << 32);
            } else {
                port = states.candPort[cb + k - 1];
                mask = states.candMask[cb + k - 1];
            }
            int ovBase = (base + port) * vcs;
            while (mask != 0) {
                int c = Long.numberOfTrailingZeros(mask);
                mask &= mask - 1;
                int ov = ovBase + c;
                if (owner[ov] >= 0 || (cutThrough && credits[ov] < length)) {
                    continue;
                }
                in[count] = l;
                out[count] = port * vcs + c;
                rank[count] = k;
                if (s.usesPriority) {
                    s.priority[count] = vcPriority[localVc[lb + l]];
                }
                if (s.usesAge) {
                    s.age[count] = pool.created[slot];
                }
                count++;
            }
        }
        return count;
    }

    /** Runs the VC allocator and applies its grants; notes the losers that lost to another flow. */
    private void grant(int r, int w0, int ovBase, int qBase, int count, int requesters, long t, int tl) {
        AllocationStage s = stage;
        int n = s.allocate(r, count, t);
        int[] in = s.input;
        int[] out = s.output;
        final int[] v = vc;
        for (int k = 0; k < n; k++) {
            int i = s.grants[k];
            int li = in[i];
            int lo = out[i];
            int iv = qBase + li;
            int ov = ovBase + lo;
            if (owner[ov] >= 0) {
                continue; // a multi-output route claimed it earlier in this cycle
            }
            owner[ov] = iv;
            boolean[] atomic = states.candAtomic;
            if (atomic != null) {
                // granted on a class that needs atomic allocation: held until its buffer drained
                drainRelease[ov] = atomic[iv * states.candidateStride + s.rank[i]];
            }
            int x = iv << InputBuffers.VC_SHIFT;
            int granted = v[x + InputBuffers.FRONT_SLOT];
            int[] classes = states.candClass;
            if (classes != null) {
                pool.arrivalClass[granted] = classes[iv * states.candidateStride + s.rank[i]];
            }
            ownerFlow[ov << 1] = pool.source[granted];
            ownerFlow[(ov << 1) + 1] = pool.destination[granted];
            if (v[x + VcStates.CONTENTION] == ContentionCounter.WAITING) {
                contention.end(iv, t);
            }
            v[x + VcStates.STATE] = VcStates.ACTIVE;
            v[x + VcStates.OUT] = ov;
            v[x + VcStates.OUT_PORT] = lo / vcs; // lo: local output VC = port * vcs + vc
            v[x + VcStates.READY] = tl + vcAllocDelay[r];
            int word = w0 + (li >>> 6);
            rt[word + ActiveRouters.VA] &= ~(1L << li);
            if (credits[ov] > 0) {
                rt[word + rSa] |= 1L << li;
            }
            if (waiters != null) {
                waiters.granted(r, lo / vcs);
            }
        }
        if (requesters > n) {
            for (int i = 0; i < count; i++) {
                int li = in[i];
                if (s.inputGranted(li)) {
                    continue;
                }
                int j = s.outputWinner(out[i]);
                if (j >= 0 && contention.otherFlow(qBase + li, qBase + in[j])) {
                    contention.note(qBase + li, wiring.flitTarget[(ovBase + out[i]) / vcs] == Wiring.TERMINAL, t);
                }
            }
        }
    }

    /**
     * Virtual cut-through: the head at input VC {@code iv} found no candidate VC free with room for
     * it; fails the point when no candidate VC could ever hold it ({@link CutThroughFit}).
     */
    private void requireRoom(int r, int base, int iv, int tl) {
        int cc = states.candidateCount(iv);
        int slot = inputs.frontSlot(iv);
        int length = pool.length[slot];
        for (int k = 0; k < cc; k++) {
            int ovBase = (base + states.candidatePort(iv, k)) * vcs;
            for (long mask = states.candidateMask(iv, k); mask != 0; mask &= mask - 1) {
                if (outputs.capacityOf(ovBase + Long.numberOfTrailingZeros(mask)) >= length) {
                    return;
                }
            }
        }
        StringBuilder tried = new StringBuilder(); // the point fails: allocating is fine now
        for (int k = 0; k < cc; k++) {
            int port = states.candidatePort(iv, k);
            for (long mask = states.candidateMask(iv, k); mask != 0; mask &= mask - 1) {
                int c = Long.numberOfTrailingZeros(mask);
                tried.append(tried.length() == 0 ? "" : ", ").append("VC ").append(c).append(" of output port ")
                        .append(port).append(" (").append(outputs.capacityOf((base + port) * vcs + c)).append(" flits)");
            }
        }
        throw CutThroughFit.never(pool.name(slot), length, "at router " + r + " in cycle " + tl, tried.toString());
    }

    /**
     * The head at input VC {@code iv} found every candidate output VC taken: a contention event
     * when one of them is owned by another flow (not when all are merely short of credits).
     */
    private void noteHeldByOtherFlow(int base, int iv, long t) {
        int cc = states.candidateCount(iv);
        int slot = inputs.frontSlot(iv);
        int source = pool.source[slot];
        int destination = pool.destination[slot];
        for (int k = 0; k < cc; k++) {
            int port = states.candidatePort(iv, k);
            long mask = states.candidateMask(iv, k);
            int ovBase = (base + port) * vcs;
            while (mask != 0) {
                int ov = ovBase + Long.numberOfTrailingZeros(mask);
                mask &= mask - 1;
                if (owner[ov] >= 0 && (ownerFlow[ov << 1] != source || ownerFlow[(ov << 1) + 1] != destination)) {
                    contention.note(iv, wiring.flitTarget[base + port] == Wiring.TERMINAL, t);
                    return;
                }
            }
        }
    }
}
