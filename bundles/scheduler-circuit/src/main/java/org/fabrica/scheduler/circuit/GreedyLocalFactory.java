package org.fabrica.scheduler.circuit;

import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code greedy-local}: local circuit scheduling, first free uplink per switch (docs/studies/levelwise.md). */
@Component(service = SchedulerFactory.class, property = {
        "fabrica.name=greedy-local",
        "fabrica.description=Local circuit scheduling on fat trees: each switch takes its first free uplink"})
public final class GreedyLocalFactory implements SchedulerFactory<GreedyLocalParameters> {
    @Override
    public Class<GreedyLocalParameters> parameterType() {
        return GreedyLocalParameters.class;
    }

    @Override
    public Scheduler create(Topology topology, GreedyLocalParameters parameters) {
        return new LocalScheduler("greedy-local", Circuits.requireTree("greedy-local", topology), false, 0);
    }
}
