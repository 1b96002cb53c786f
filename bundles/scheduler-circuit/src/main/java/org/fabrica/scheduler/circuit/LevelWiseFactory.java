package org.fabrica.scheduler.circuit;

import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code levelwise}: the global level-wise circuit scheduler of docs/studies/levelwise.md. */
@Component(service = SchedulerFactory.class, property = {
        "fabrica.name=levelwise",
        "fabrica.description=Level-wise circuit scheduling on fat trees: level by level, first port free up and down"})
public final class LevelWiseFactory implements SchedulerFactory<LevelWiseParameters> {
    @Override
    public Class<LevelWiseParameters> parameterType() {
        return LevelWiseParameters.class;
    }

    @Override
    public Scheduler create(Topology topology, LevelWiseParameters parameters) {
        return new LevelWiseScheduler(Circuits.requireTree("levelwise", topology), parameters.releaseOnFailure());
    }
}
