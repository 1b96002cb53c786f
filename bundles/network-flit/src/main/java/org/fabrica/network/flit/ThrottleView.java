package org.fabrica.network.flit;

import java.util.Arrays;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.topology.Topology;

/**
 * What a throttle sees of the network: free space of every output's downstream buffer (the
 * credits) and of every input buffer, one at a time or all at once. The bulk queries answer from
 * the per-router flit counts, outside the router loop.
 */
final class ThrottleView implements ThrottleContext {
    private final Wiring wiring;
    private final InputBuffers inputs;
    private final OutputUnits outputs;
    private final ActiveRouters routers;
    private final Progress clock;
    /** The largest and the smallest VC capacity. */
    private final int bufferFlits;
    private final int minCapacity;

    ThrottleView(Wiring wiring, InputBuffers inputs, OutputUnits outputs, ActiveRouters routers, Progress clock,
            int bufferFlits, int minCapacity) {
        this.wiring = wiring;
        this.inputs = inputs;
        this.outputs = outputs;
        this.routers = routers;
        this.clock = clock;
        this.bufferFlits = bufferFlits;
        this.minCapacity = minCapacity;
    }

    @Override
    public Topology topology() {
        return wiring.topology;
    }

    @Override
    public int vcs() {
        return wiring.vcs;
    }

    /** The capacity of a VC buffer (the largest one when VCs differ). */
    @Override
    public int bufferFlits() {
        return bufferFlits;
    }

    @Override
    public int freeFlits(int router, int outPort, int vc) {
        return outputs.credits[(wiring.portBase[router] + outPort) * wiring.vcs + vc];
    }

    @Override
    public int inputFreeFlits(int router, int inPort, int vc) {
        int iv = (wiring.portBase[router] + inPort) * wiring.vcs + vc;
        return inputs.capacityOfVc(iv) - inputs.visibleFlits(iv, clock.now);
    }

    /** The credit counters of the router outputs are laid out as the API asks. */
    @Override
    public void freeFlitsAtMost(int margin, boolean[] into) {
        int[] cr = outputs.credits;
        for (int ov = 0, n = wiring.totalVcs(); ov < n; ov++) {
            into[ov] = cr[ov] <= margin;
        }
    }

    /**
     * Flits still on the link are counted in a VC but not yet visible, so a VC holding fewer than
     * {@code capacity - margin} flits has more than {@code margin} free whatever their arrival
     * times, and a router holding fewer flits in all its VCs together than the smallest capacity
     * minus the margin has no such VC: only the VCs of fuller routers are looked at, and only the
     * fuller VCs counted.
     */
    @Override
    public void inputFreeFlitsAtMost(int margin, boolean[] into) {
        int n = wiring.totalVcs();
        if (bufferFlits - margin <= 0) { // even an empty buffer has at most the margin free
            Arrays.fill(into, 0, n, true);
            return;
        }
        Arrays.fill(into, 0, n, false);
        int smallest = minCapacity - margin;
        long now = clock.now;
        for (int r = 0; r < wiring.routers; r++) {
            if (smallest > 0 && routers.flits(r) < smallest) {
                continue;
            }
            for (int iv = wiring.portBase[r] * wiring.vcs, end = wiring.portBase[r + 1] * wiring.vcs; iv < end; iv++) {
                int capacity = inputs.capacityOfVc(iv);
                int full = capacity - margin;
                if (full <= 0 || inputs.vcFlits(iv) >= full && capacity - inputs.visibleFlits(iv, now) <= margin) {
                    into[iv] = true;
                }
            }
        }
    }
}
