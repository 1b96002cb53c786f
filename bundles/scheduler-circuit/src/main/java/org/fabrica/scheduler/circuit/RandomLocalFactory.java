package org.fabrica.scheduler.circuit;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/**
 * {@code random-local}: local circuit scheduling, uniformly random free uplink per switch
 * (docs/studies/levelwise.md).
 */
@Component(service = SchedulerFactory.class, property = {
        "fabrica.name=random-local",
        "fabrica.description=Local circuit scheduling on fat trees: each switch takes a random free uplink (seeded)"})
public final class RandomLocalFactory implements SchedulerFactory<RandomLocalParameters> {
    @Override
    public Class<RandomLocalParameters> parameterType() {
        return RandomLocalParameters.class;
    }

    @Override
    public Scheduler create(Topology topology, RandomLocalParameters parameters) {
        return new LocalScheduler("random-local", Circuits.requireTree("random-local", topology), true,
                parameters.seed());
    }

    /**
     * In a run the port choices come from the run's streams: the stream keyed by the parameter
     * {@code seed} under the run seed, so that every seed of a sweep gives different, reproducible
     * choices and two random-local schedulers with different {@code seed} stay independent.
     */
    @Override
    public Scheduler create(Topology topology, RandomLocalParameters parameters, RandomStreams random) {
        return new LocalScheduler("random-local", Circuits.requireTree("random-local", topology), true,
                random.stream("scheduler", parameters.seed()).nextLong());
    }
}
