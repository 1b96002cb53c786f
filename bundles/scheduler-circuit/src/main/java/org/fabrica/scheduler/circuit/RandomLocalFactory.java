package org.fabrica.scheduler.circuit;

import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code random-local}: local circuit scheduling, uniformly random free uplink per switch (specs/levelwise-fattree.md). */
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
}
