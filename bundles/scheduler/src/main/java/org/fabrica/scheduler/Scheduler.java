package org.fabrica.scheduler;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A scheduler instance for one topology: turns demands into a {@link Plan}. Not on the simulation
 * hot path; it runs before the traffic it plans.
 */
@ConsumerType
public interface Scheduler {
    /**
     * Plans {@code demands}. A call starts from an idle network (no connection reserved) and does
     * not depend on earlier calls, so the same demands always give the same plan.
     *
     * @throws IllegalArgumentException when the demands do not fit the scheduler or the topology
     *         (e.g. a node the topology does not have, M > N for a scheduler that needs M <= N),
     *         with one sentence naming the problem and the fix
     */
    Plan plan(Demands demands);
}
