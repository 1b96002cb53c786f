package org.fabrica.traffic;

import java.util.SplittableRandom;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * When each node generates packets. Expressed as "the cycle of the node's next packet" so that
 * the network touches a node only when it generates (a Bernoulli process is sampled with
 * geometric gaps, which has the same distribution as a coin per cycle).
 */
@ConsumerType
public interface InjectionProcess {
    /** Value of {@link #next} when the node generates no more packets. */
    long NEVER = Long.MAX_VALUE;

    /**
     * Cycle at which {@code node} generates its next packet, not earlier than {@code previous}
     * (the cycle of its previous packet, or -1 before the first). Several packets may share a
     * cycle. {@code random} is the node's own stream.
     */
    long next(int node, long previous, SplittableRandom random);

    /** Offered load in flits per node per cycle at cycle {@code now}, for reporting. */
    double offeredLoad(long now);
}
