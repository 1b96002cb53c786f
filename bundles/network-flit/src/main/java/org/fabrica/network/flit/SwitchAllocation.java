package org.fabrica.network.flit;

/**
 * Switch allocation of one router in one cycle, per flit.
 *
 * <p>A VC is eligible when it owns a downstream VC, its front flit is visible, it holds a credit
 * for that VC and its VC grant is at least {@code vcAllocDelay} cycles old (the SA mask of
 * {@link ActiveRouters} holds the VCs with a VC and a credit). Each eligible VC requests its
 * output port. Which requests compete depends on the crossbar: with one crossbar input per
 * input port (the default), input = the input port and sub = the VC, so a port moves at most one
 * flit per cycle; with one crossbar input per input VC ({@code voqCrossbar}), input = the
 * router-local input VC. Outputs are the output ports; each moves at most one flit per cycle. The
 * switch allocator (a part) grants each input and each output at most once; every granted flit
 * then crosses ({@link Crossbar#traverse}), in the order of the grants.
 */
final class SwitchAllocation {
    private final Wiring wiring;
    private final InputBuffers inputs;
    private final ActiveRouters routers;
    private final ContentionCounter contention;
    private final Crossbar crossbar;
    private final AllocationStage stage;
    private final PacketPool pool;
    private final int[] vc;
    private final long[] rt;
    private final int routerStride;
    private final int words;
    private final int rSa;
    private final int vcs;
    private final boolean vcInputs;
    private final int[] vcPriority;
    private final int[] localPort;
    private final int[] localVc;

    SwitchAllocation(boolean vcInputs, Wiring wiring, InputBuffers inputs, ActiveRouters routers,
            ContentionCounter contention, Crossbar crossbar, PacketPool pool, AllocationStage stage, int[] vcPriority) {
        this.vcInputs = vcInputs;
        this.wiring = wiring;
        this.inputs = inputs;
        this.routers = routers;
        this.contention = contention;
        this.crossbar = crossbar;
        this.pool = pool;
        this.stage = stage;
        this.vc = inputs.vc;
        this.rt = routers.rt;
        this.routerStride = routers.stride;
        this.words = routers.words;
        this.rSa = routers.sa;
        this.vcs = wiring.vcs;
        this.vcPriority = vcPriority;
        this.localPort = wiring.localPort;
        this.localVc = wiring.localVc;
    }

    void step(int r, long t, int tl) {
        final int base = wiring.portBase[r];
        final int ivBase = base * vcs;
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
        for (int w = 0; w < words; w++) {
            long bits = rt[w0 + rSa + w];
            while (bits != 0) {
                int l = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int x = (ivBase + l) << InputBuffers.VC_SHIFT;
                if (tl - v[x + InputBuffers.READY] < 0 || tl - v[x + InputBuffers.FRONT_VIS] < 0) {
                    continue;
                }
                if (vcInputs) {
                    in[count] = l;
                } else {
                    in[count] = lp[l];
                    sub[count] = lv[l];
                }
                out[count] = v[x + InputBuffers.OUT_PORT];
                if (s.usesPriority) {
                    s.priority[count] = vcPriority[lv[l]];
                }
                if (s.usesAge) {
                    s.age[count] = pool.created[v[x + InputBuffers.FRONT_SLOT]];
                }
                count++;
            }
        }
        if (count == 0) {
            return;
        }
        int n = s.allocate(r, count, t);
        if (count > n) {
            noteLosses(base, ivBase, count, t);
        }
        int[] grants = s.grants;
        for (int k = 0; k < n; k++) {
            int i = grants[k];
            crossbar.traverse(r, base, ivBase, vcInputs ? in[i] : in[i] * nv + sub[i], out[i], t, tl);
        }
    }

    /**
     * Requests that were not granted while their output went to another crossbar input's flit of
     * another flow (before any flit moves: the flows are read from the buffers' fronts).
     */
    private void noteLosses(int base, int ivBase, int count, long t) {
        AllocationStage s = stage;
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
                contention.note(ivBase + li, wiring.flitTarget[base + out[i]] == Wiring.TERMINAL, t);
            }
        }
    }
}
