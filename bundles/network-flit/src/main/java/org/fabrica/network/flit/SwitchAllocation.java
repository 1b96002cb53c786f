package org.fabrica.network.flit;

import org.fabrica.hardware.CrossbarOrganisation;

/**
 * Switch allocation of one router in one cycle, per flit.
 *
 * <p>A VC is eligible when it owns a downstream VC, its front flit is visible, it holds a credit
 * for that VC, its VC grant is at least {@code vcAllocDelay} cycles old (the SA mask of
 * {@link ActiveRouters} holds the VCs with a VC and a credit) and its output link is free (a link
 * of s cycles per flit takes a flit every s cycles). Each eligible VC requests its output port.
 * What competes depends on the crossbar organisation (the router description):
 * <ul>
 * <li>{@code SHARED}: one crossbar input per input port: input = the port, sub = the VC, output =
 * the output port. A port moves at most one flit per cycle.</li>
 * <li>{@code VC_INPUTS} (kN x N): input = the router-local input VC ({@code port * vcs + vc}),
 * output = the output port: VCs of one port move in the same cycle toward different outputs.</li>
 * <li>{@code VOQ}: every input queue (one per VC and output) is its own crossbar input: input =
 * the router-local queue, output = its output port; only the outputs constrain.</li>
 * <li>{@code PER_VC} (k crossbars of N x N, parallel switching): input = the local input VC,
 * output = {@code outPort * vcs + vc}, so the switch allocator matches each VC's crossbar on its
 * own (crossbar v: the ports' VC-v flits to the outputs); then, per output port, the output
 * arbiter (a second allocator part: input = {@code outPort * vcs + vc}, output = the port,
 * priority = the VC's) picks one of the crossbars' winners for the link.</li>
 * </ul>
 * Every output moves at most one flit per cycle. Granted flits cross ({@link Crossbar#traverse})
 * in the order of the (final) grants. VCs whose head has a multi-output route are gathered first
 * and cross before the allocator runs ({@link MultiOutputRoutes#crossFirst}).
 */
final class SwitchAllocation {
    private final Wiring wiring;
    private final ContentionCounter contention;
    private final Crossbar crossbar;
    private final AllocationStage stage;
    /** PER_VC: the output arbitration; null otherwise. */
    private final AllocationStage arbiter;
    private final PacketPool pool;
    private final int[] vc;
    private final long[] rt;
    private final int routerStride;
    private final int rSa;
    private final int vcs;
    private final boolean vcInputs;
    private final boolean perVc;
    private final int[] vcPriority;
    private final int[] localPort;
    private final int[] localVc;
    private final int[] portBase;
    private final int[] maskWords;
    private final int[] queueBase;
    private final int[] localBase;
    /** Links slower than one flit per cycle exist: check each output's link before it is requested. */
    private final boolean serialised;
    private final int[] linkFree;
    /** PER_VC: the switch-allocation request that won crossbar slot {@code outPort * vcs + vc}, -1 if none. */
    private final int[] slotWinner;
    /** The multi-output routes' part, which their flits cross with first ({@link MultiOutputRoutes#crossFirst}). */
    private final MultiOutputRoutes branches;
    /** Its list of the queues with a multi-output head that want the switch this cycle. */
    private final int[] multiVcs;

    SwitchAllocation(CrossbarOrganisation organisation, Wiring wiring, InputBuffers inputs, OutputUnits outputs,
            ActiveRouters routers,
            ContentionCounter contention, Crossbar crossbar, Links links, PacketPool pool, AllocationStage stage,
            AllocationStage arbiter, int[] vcPriority, MultiOutputRoutes branches) {
        if ((organisation == CrossbarOrganisation.VOQ) != wiring.voq) {
            throw new IllegalArgumentException("switch allocation: VOQ crossbar access goes with one input queue per output,"
                    + " the other organisations with one per VC");
        }
        this.vcInputs = organisation != CrossbarOrganisation.SHARED;
        this.perVc = organisation == CrossbarOrganisation.PER_VC;
        if (perVc && arbiter == null) {
            throw new IllegalArgumentException("switch allocation: per-VC crossbars need an output arbiter");
        }
        this.wiring = wiring;
        this.contention = contention;
        this.crossbar = crossbar;
        this.outputLock = crossbar.outputLock;
        this.inputLock = crossbar.inputLock;
        this.pool = pool;
        this.stage = stage;
        this.arbiter = arbiter;
        this.vc = inputs.vc;
        this.rt = routers.rt;
        this.routerStride = routers.stride;
        this.rSa = routers.sa;
        this.vcs = wiring.vcs;
        this.vcPriority = vcPriority;
        this.localPort = wiring.localPort;
        this.localVc = wiring.localVc;
        this.portBase = wiring.portBase;
        this.maskWords = wiring.maskWords;
        this.queueBase = wiring.queueBase;
        this.localBase = wiring.localBase;
        this.serialised = links.serialised;
        this.linkFree = links.linkFree;
        this.slotWinner = perVc ? filled(wiring.maxPorts * vcs) : null;
        this.branches = branches;
        this.multiVcs = branches.switchRequests;
    }

    private static int[] filled(int n) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, -1);
        return a;
    }

    /** Whole-packet outputs: the crossbar's locks ({@link Crossbar#outputLock}); null when flits interleave. */
    private final int[] outputLock;
    /** Whole packets through a shared crossbar: its input locks ({@link Crossbar#inputLock}), else null. */
    private final int[] inputLock;

    void step(int r, long t, int tl) {
        final int base = portBase[r];
        final int ivBase = queueBase[r];
        final int lb = localBase[r];
        final int w0 = r * routerStride;
        final int[] v = vc;
        final AllocationStage s = stage;
        final int[] in = s.input;
        final int[] out = s.output;
        final int[] sub = s.sub;
        final int[] lp = localPort;
        final int[] lv = localVc;
        final int nv = vcs;
        int count = 0;
        int multis = 0;
        for (int w = 0, words = maskWords[r]; w < words; w++) {
            long bits = rt[w0 + rSa + w];
            while (bits != 0) {
                int l = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int x = (ivBase + l) << InputBuffers.VC_SHIFT;
                if (tl - v[x + VcStates.READY] < 0 || tl - v[x + InputBuffers.FRONT_VIS] < 0) {
                    continue;
                }
                if (v[x + VcStates.CAND_COUNT] < 0) {
                    multiVcs[multis++] = l;
                    continue;
                }
                int o = v[x + VcStates.OUT_PORT];
                if (serialised && tl - linkFree[base + o] < 0) {
                    continue;
                }
                if (outputLock != null) {
                    int owner = outputLock[base + o];
                    if (owner != 0 && owner != ivBase + l + 1) {
                        continue; // the output sends another packet to its tail
                    }
                    if (inputLock != null) {
                        owner = inputLock[base + lp[lb + l]];
                        if (owner != 0 && owner != ivBase + l + 1) {
                            continue; // another VC's packet holds the port's crossbar input to its tail
                        }
                    }
                }
                if (vcInputs) {
                    in[count] = l;
                    out[count] = perVc ? o * nv + lv[lb + l] : o;
                } else {
                    in[count] = lp[lb + l];
                    sub[count] = lv[lb + l];
                    out[count] = o;
                }
                if (s.usesPriority) {
                    s.priority[count] = vcPriority[lv[lb + l]];
                }
                if (s.usesAge) {
                    s.age[count] = pool.created[v[x + InputBuffers.FRONT_SLOT]];
                }
                if (s.usesOutputVc) {
                    s.outputVc[count] = v[x + VcStates.OUT] % nv;
                }
                count++;
            }
        }
        if (multis > 0) {
            count = branches.crossFirst(r, base, ivBase, count, multis, t, tl);
        }
        if (count == 0) {
            return;
        }
        int n = s.allocate(r, count, t);
        if (count > n) {
            noteLosses(s, base, ivBase, count, t);
        }
        if (perVc) {
            arbitrateOutputs(r, base, ivBase, n, t, tl);
            return;
        }
        int[] grants = s.grants;
        for (int k = 0; k < n; k++) {
            int i = grants[k];
            crossbar.traverse(r, base, ivBase, vcInputs ? in[i] : in[i] * nv + sub[i], out[i], t, tl);
        }
    }

    /**
     * PER_VC: each output port's arbiter picks one of the VC crossbars that granted a flit toward
     * it; the others wait (and count as contention when the winner is another flow's).
     */
    private void arbitrateOutputs(int r, int base, int ivBase, int n, long t, int tl) {
        AllocationStage s = stage;
        AllocationStage a = arbiter;
        int[] grants = s.grants;
        int slots = (portBase[r + 1] - base) * vcs;
        for (int k = 0; k < n; k++) {
            int i = grants[k];
            slotWinner[s.output[i]] = i;
        }
        int count = 0;
        for (int slot = 0; slot < slots; slot++) {
            int i = slotWinner[slot];
            if (i < 0) {
                continue;
            }
            a.input[count] = slot;
            a.output[count] = slot / vcs;
            if (a.usesPriority) {
                a.priority[count] = vcPriority[slot % vcs];
            }
            if (a.usesAge) {
                a.age[count] = pool.created[vc[((ivBase + s.input[i]) << InputBuffers.VC_SHIFT) + InputBuffers.FRONT_SLOT]];
            }
            if (a.usesOutputVc) {
                a.outputVc[count] = vc[((ivBase + s.input[i]) << InputBuffers.VC_SHIFT) + VcStates.OUT] % vcs;
            }
            count++;
        }
        int m = a.allocate(r, count, t);
        if (count > m) {
            for (int j = 0; j < count; j++) {
                int winner = a.outputWinner(a.output[j]);
                if (winner < 0 || winner == j) {
                    continue;
                }
                int lj = s.input[slotWinner[a.input[j]]];
                int lw = s.input[slotWinner[a.input[winner]]];
                if (contention.otherFlow(ivBase + lj, ivBase + lw)) {
                    contention.note(ivBase + lj, wiring.flitTarget[base + a.output[j]] == Wiring.TERMINAL, t);
                }
            }
        }
        for (int k = 0; k < m; k++) {
            int j = a.grants[k];
            int i = slotWinner[a.input[j]];
            crossbar.traverse(r, base, ivBase, s.input[i], a.output[j], t, tl);
        }
        for (int k = 0; k < n; k++) {
            slotWinner[s.output[grants[k]]] = -1;
        }
    }

    /**
     * Requests that were not granted while their output went to another crossbar input's flit of
     * another flow (before any flit moves: the flows are read from the buffers' fronts).
     */
    private void noteLosses(AllocationStage s, int base, int ivBase, int count, long t) {
        int[] in = s.input;
        int[] out = s.output;
        for (int i = 0; i < count; i++) {
            int j = s.outputWinner(out[i]);
            if (j < 0 || j == i || in[j] == in[i]) {
                continue;
            }
            int li = vcInputs ? in[i] : in[i] * vcs + s.sub[i];
            int lj = vcInputs ? in[j] : in[j] * vcs + s.sub[j];
            if (contention.otherFlow(ivBase + li, ivBase + lj)) {
                int port = perVc ? out[i] / vcs : out[i];
                contention.note(ivBase + li, wiring.flitTarget[base + port] == Wiring.TERMINAL, t);
            }
        }
    }
}
