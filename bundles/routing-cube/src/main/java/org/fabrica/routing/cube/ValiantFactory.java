package org.fabrica.routing.cube;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code valiant}: two-phase oblivious routing on k-ary n-cubes ({@link TwoPhaseRouting}). */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=valiant",
        "fabrica.description=Valiant routing on tori and meshes: dimension order to a random router, then to the destination;"
                + " VC classes per phase, reproducible per seed"})
public final class ValiantFactory implements RoutingFactory<ValiantParameters> {
    @Override
    public Class<ValiantParameters> parameterType() {
        return ValiantParameters.class;
    }

    /** Outside a run (no run seed): the choices of run seed 0. */
    @Override
    public RoutingAlgorithm create(Topology topology, ValiantParameters parameters) {
        return create(topology, parameters, new RandomStreams(0));
    }

    /** The intermediate routers derive from the run's own stream, so each seed of a sweep gives other paths. */
    @Override
    public RoutingAlgorithm create(Topology topology, ValiantParameters parameters, RandomStreams random) {
        return new TwoPhaseRouting(DorFactory.requireCube("valiant", topology), false, random.stream("routing", 0).nextLong());
    }
}
