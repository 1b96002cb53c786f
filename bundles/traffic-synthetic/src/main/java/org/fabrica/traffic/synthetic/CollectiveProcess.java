package org.fabrica.traffic.synthetic;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabrica.traffic.InjectionProcess;

/**
 * Unsteady (collective) load: every node generates K packets, all at cycle 0, and nothing after;
 * or, with a start spread S, all at one cycle drawn uniformly from 0 to S for each node (one draw
 * from the node's stream before its first packet, none when S = 0). The process counts what each
 * node still has to generate, relying on the contract that {@link #next} is asked once per
 * generated packet (plus once before the first); packets for which the pattern gives no
 * destination still count, so a node that maps onto itself sends nothing (docs/studies/spth.md,
 * "Traffic patterns").
 */
final class CollectiveProcess implements InjectionProcess {
    private final int packets;
    private final long spread;
    private final int[] remaining;
    private final long[] start;

    CollectiveProcess(int nodes, int packets, long spread, long stopCycle) {
        this.packets = packets;
        this.spread = spread;
        remaining = new int[nodes];
        start = new long[nodes];
        if (stopCycle > 0) {
            Arrays.fill(remaining, packets);
        }
    }

    @Override
    public long next(int node, long previous, SplittableRandom random) {
        if (remaining[node] == 0) {
            return NEVER;
        }
        if (remaining[node] == packets && spread > 0) {
            start[node] = random.nextLong(spread + 1);
        }
        remaining[node]--;
        return start[node];
    }

    /** A burst has no steady offered load. */
    @Override
    public double offeredLoad(long now) {
        return 0.0;
    }
}
