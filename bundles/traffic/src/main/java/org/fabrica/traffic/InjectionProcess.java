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
     * Value of {@link #next} when the node's next packet depends on deliveries (a barrier between
     * the transactions of a schedule): the node waits, and the network asks {@code next(node, t,
     * random)} again in every cycle {@code t} in which at least one packet was delivered, after the
     * deliveries of that cycle were reported to the run's observers, until the answer is something
     * else. A process that returns it learns about deliveries by being part of the run's observer.
     * A run ends when nothing is in flight or queued and no node has a packet scheduled; nodes
     * still waiting then are left waiting.
     *
     * @since 1.1
     */
    long AFTER_DELIVERY = Long.MAX_VALUE - 1;

    /**
     * Cycle at which {@code node} generates its next packet, not earlier than {@code previous}
     * (the cycle of its previous packet, or -1 before the first, or the cycle of a delivery when
     * the node waits, see {@link #AFTER_DELIVERY}). Several packets may share a cycle.
     * {@code random} is the node's own stream. {@link #NEVER} ends the node's traffic.
     */
    long next(int node, long previous, SplittableRandom random);

    /** Offered load in flits per node per cycle at cycle {@code now}, for reporting. */
    double offeredLoad(long now);
}
