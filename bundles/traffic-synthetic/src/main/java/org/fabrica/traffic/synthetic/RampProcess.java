package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.traffic.InjectionProcess;

/**
 * Ramp load (docs/studies/spth.md, "Two ways of offering load", 1): in cycle t a node generates a
 * packet with probability p(t) = slope * t / packetFlits, independently of other cycles, for
 * t below min(end, stopCycle).
 *
 * <p>Sampled by thinning: candidate cycles come from a Bernoulli process with the largest
 * probability pMax = p(limit - 1) (geometric gaps, one draw per candidate), and a candidate at
 * cycle c is kept with probability p(c) / pMax = c / (limit - 1). A cycle then carries a packet
 * with probability pMax * p(c) / pMax = p(c), independently of every other cycle, so the result
 * is exactly a coin per cycle while the cost is about two candidates per packet.
 */
final class RampProcess implements InjectionProcess {
    private final double slope;
    private final long limit;
    private final double pMax;
    private final double logFailure;
    private final double inverseTop;

    RampProcess(double slope, int packetFlits, long end, long stopCycle) {
        this.slope = slope;
        this.limit = Math.min(end, stopCycle);
        this.pMax = limit > 1 ? slope * (limit - 1) / packetFlits : 0.0;
        this.logFailure = Math.log1p(-pMax);
        this.inverseTop = limit > 1 ? 1.0 / (limit - 1) : 0.0;
    }

    @Override
    public long next(int node, long previous, SplittableRandom random) {
        long start = previous + 1; // at most one packet per node and cycle; -1 + 1 = cycle 0
        if (!(pMax > 0)) {
            return NEVER;
        }
        while (start < limit) {
            long candidate;
            if (pMax >= 1) {
                candidate = start;
            } else {
                // P(gap >= g) = (1 - pMax)^g: gap = floor(ln U / ln(1 - pMax)) with U uniform in (0, 1]
                double gap = Math.floor(Math.log(1.0 - random.nextDouble()) / logFailure);
                if (gap >= (double) (limit - start)) {
                    return NEVER;
                }
                candidate = start + (long) gap;
            }
            if (random.nextDouble() < candidate * inverseTop) {
                return candidate;
            }
            start = candidate + 1;
        }
        return NEVER;
    }

    /** g(now) = slope * now flits/node/cycle while the ramp runs, 0 afterwards. */
    @Override
    public double offeredLoad(long now) {
        return now >= 0 && now < limit ? slope * now : 0.0;
    }
}
