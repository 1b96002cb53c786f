package org.fabrica.traffic.synthetic;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabrica.traffic.InjectionProcess;

/**
 * On/off injection: every node is a two-state Markov chain, per cycle on -> off with probability
 * beta and off -> on with probability alpha, starting in its stationary state (on with probability
 * alpha / (alpha + beta)). While on, the node generates a packet in each cycle with probability r1;
 * while off, none. So the mean rate is r1 alpha / (alpha + beta) packets per cycle, an on period
 * lasts 1 / beta cycles and holds r1 / beta packets on average, an off period 1 / alpha cycles.
 *
 * <p>Sampled without a draw per cycle: each node keeps its current (or next) on period
 * {@code [onStart, onEnd)}, whose lengths and gaps are geometric; within it packets follow
 * Bernoulli gaps; a gap that overshoots the period ends it (the chain is memoryless, so this has
 * the same distribution as a coin per cycle). One instance serves one point; its state is per node.
 */
final class OnOffProcess implements InjectionProcess {
    private final double alpha;
    private final double beta;
    private final double r1;
    private final double onFraction;
    private final long stopCycle;
    private final double flitsPerNodeCycle;
    private final long[] onStart;
    private final long[] onEnd;

    OnOffProcess(int nodes, double alpha, double beta, double r1, double onFraction, long stopCycle,
            double flitsPerNodeCycle) {
        this.alpha = alpha;
        this.beta = beta;
        this.r1 = r1;
        this.onFraction = onFraction;
        this.stopCycle = stopCycle;
        this.flitsPerNodeCycle = flitsPerNodeCycle;
        this.onStart = new long[nodes];
        this.onEnd = new long[nodes];
        Arrays.fill(onEnd, -1);
    }

    @Override
    public long next(int node, long previous, SplittableRandom random) {
        long t = previous + 1; // at most one packet per node and cycle
        if (onFraction <= 0 || t >= stopCycle) {
            return NEVER;
        }
        if (onEnd[node] < 0) {
            boolean on = random.nextDouble() < onFraction;
            onStart[node] = on ? 0 : atLeastOne(alpha, random);
            onEnd[node] = onStart[node] + atLeastOne(beta, random);
        }
        while (true) {
            if (t >= onEnd[node]) { // the on period is over: the next one starts after an off period
                onStart[node] = onEnd[node] + atLeastOne(alpha, random);
                onEnd[node] = onStart[node] + atLeastOne(beta, random);
                continue;
            }
            t = Math.max(t, onStart[node]);
            if (t >= stopCycle) {
                return NEVER;
            }
            long gap = r1 >= 1 ? 0 : (long) Math.floor(Math.log(1.0 - random.nextDouble()) / Math.log1p(-r1));
            if (gap < onEnd[node] - t) {
                return t + gap < stopCycle ? t + gap : NEVER;
            }
            t = onEnd[node];
        }
    }

    /** A geometric length of at least one cycle that ends in each cycle with probability {@code q}. */
    private static long atLeastOne(double q, SplittableRandom random) {
        if (q >= 1) {
            return 1;
        }
        double extra = Math.floor(Math.log(1.0 - random.nextDouble()) / Math.log1p(-q));
        return 1 + (extra >= Long.MAX_VALUE / 4 ? Long.MAX_VALUE / 4 : (long) extra);
    }

    @Override
    public double offeredLoad(long now) {
        return now < stopCycle ? flitsPerNodeCycle : 0.0;
    }
}
