package org.fabrica.scheduler;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a scheduler provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "scheduler", order = 110)
@ConsumerType
public interface SchedulerFactory<P> extends ProviderFactory<P> {
    /**
     * Creates the scheduler for a topology.
     *
     * @throws IllegalArgumentException when the topology is not one this scheduler plans for, with
     *         a message naming the topology kinds it supports
     */
    Scheduler create(Topology topology, P parameters);

    /**
     * Creates the scheduler for one run. {@code random} holds the run's per-component streams
     * (derived from the run seed): schedulers that make random choices override this method and
     * draw from {@code random.stream("scheduler", ...)}, so that every seed of a sweep gives
     * different, reproducible choices (as {@code RoutingFactory.create(Topology, P, RandomStreams)}
     * does for routing). The experiment runner always calls this method; the default ignores the
     * streams.
     */
    default Scheduler create(Topology topology, P parameters, RandomStreams random) {
        return create(topology, parameters);
    }
}
