package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.traffic.InjectionProcess;

/**
 * Bernoulli injection: in every cycle a node generates a packet with probability p, independently.
 * Sampled by geometric gaps (the number of failures before the next success), which has the same
 * distribution as a coin per cycle with one random draw per packet instead of one per cycle.
 */
final class BernoulliProcess implements InjectionProcess {
    private final double p;
    private final double logFailure;
    private final long stopCycle;
    private final double flitsPerNodeCycle;

    BernoulliProcess(double p, long stopCycle, double flitsPerNodeCycle) {
        this.p = p;
        this.logFailure = Math.log1p(-p);
        this.stopCycle = stopCycle;
        this.flitsPerNodeCycle = flitsPerNodeCycle;
    }

    @Override
    public long next(int node, long previous, SplittableRandom random) {
        long start = previous + 1; // at most one packet per node and cycle; -1 + 1 = cycle 0
        if (p <= 0 || start >= stopCycle) {
            return NEVER;
        }
        if (p >= 1) {
            return start;
        }
        // P(gap >= g) = (1-p)^g: gap = floor(ln U / ln(1-p)) with U uniform in (0, 1]
        double gap = Math.floor(Math.log(1.0 - random.nextDouble()) / logFailure);
        if (gap >= (double) (stopCycle - start)) {
            return NEVER;
        }
        return start + (long) gap;
    }

    @Override
    public double offeredLoad(long now) {
        return now < stopCycle ? flitsPerNodeCycle : 0.0;
    }
}
