package org.fabrica.throttle.spth;

import org.fabrica.throttle.Throttle;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.throttle.ThrottleFactory;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code spth}: State-Propagation Throttling with VCinfo registers (docs/studies/spth.md). */
@Component(service = ThrottleFactory.class, property = {
        "fabrica.name=spth",
        "fabrica.description=State-Propagation Throttling: holds back new packets while the VCinfo register of"
                + " their first hop shows a busy buffer downstream (k-ary n-cubes)"})
public final class SpthThrottleFactory implements ThrottleFactory<SpthParameters> {
    /** Registers are longs. */
    static final int MAX_LENGTH = 64;

    @Override
    public Class<SpthParameters> parameterType() {
        return SpthParameters.class;
    }

    @Override
    public Throttle create(ThrottleContext context, SpthParameters parameters) {
        Topology topology = context.topology();
        if (!(topology instanceof CartesianTopology cube)) {
            throw new IllegalArgumentException("throttle 'spth' propagates VCinfo along straight-through paths (same"
                    + " dimension and direction) and so needs a torus or mesh (k-ary n-cube), but the topology is "
                    + topology.describe() + "; use throttle 'none' or a torus/mesh topology");
        }
        int margin = parameters.margin();
        int capacity = context.bufferFlits();
        if (margin < 0 || margin >= capacity) {
            throw new IllegalArgumentException("throttle 'spth': margin = " + margin + " flits makes "
                    + (margin < 0 ? "no buffer ever busy" : "even an empty " + capacity + "-flit buffer busy, so nothing"
                            + " would ever be injected") + "; use a margin from 0 to " + (capacity - 1));
        }
        int length = parameters.length();
        if (length < -1 || length > MAX_LENGTH) {
            throw new IllegalArgumentException("throttle 'spth': length = " + length + " bits; use -1 (the longest"
                    + " path in one dimension), 0 (never throttle) or 1.." + MAX_LENGTH);
        }
        if (length == -1) {
            length = defaultLength(cube);
        }
        boolean credits = parameters.busySource() == SpthParameters.BusySource.CREDITS;
        return new SpthThrottle(new VcInfoRegisters(context, cube, length, margin, credits));
    }

    /**
     * L = N/2 on an N-ring (a minimal path never goes further in one dimension, docs/studies/spth.md
     * "VCinfo"); k-1 along a mesh dimension for the same reason; the largest over the dimensions,
     * capped at 64 bits.
     */
    static int defaultLength(CartesianTopology cube) {
        int longest = 0;
        for (int d = 0; d < cube.dimensions(); d++) {
            int k = cube.radix(d);
            longest = Math.max(longest, cube.wraps(d) ? k / 2 : k - 1);
        }
        return Math.min(longest, MAX_LENGTH);
    }
}
