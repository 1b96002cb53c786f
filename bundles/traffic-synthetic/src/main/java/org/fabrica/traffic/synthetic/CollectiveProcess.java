package org.fabrica.traffic.synthetic;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabrica.traffic.InjectionProcess;

/**
 * Unsteady (collective) load: every node generates K packets, all at cycle 0, and nothing after.
 * The process counts what each node still has to generate, relying on the contract that
 * {@link #next} is asked once per generated packet (plus once before the first); packets for
 * which the pattern gives no destination still count, so a node that maps onto itself sends
 * nothing (docs/studies/spth.md, "Traffic patterns").
 */
final class CollectiveProcess implements InjectionProcess {
    private final int[] remaining;

    CollectiveProcess(int nodes, int packets, long stopCycle) {
        remaining = new int[nodes];
        if (stopCycle > 0) {
            Arrays.fill(remaining, packets);
        }
    }

    @Override
    public long next(int node, long previous, SplittableRandom random) {
        if (remaining[node] == 0) {
            return NEVER;
        }
        remaining[node]--;
        return 0;
    }

    /** A burst has no steady offered load. */
    @Override
    public double offeredLoad(long now) {
        return 0.0;
    }
}
