package org.fabrica.routing.cube;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code romm}: two-phase oblivious routing on k-ary n-cubes ({@link TwoPhaseRouting}). */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=romm",
        "fabrica.description=Two-phase ROMM routing on tori and meshes: dimension order to a random router of the minimal"
                + " quadrant, then to the destination; minimal, VC classes per phase, reproducible per seed"})
public final class RommFactory implements RoutingFactory<RommParameters> {
    @Override
    public Class<RommParameters> parameterType() {
        return RommParameters.class;
    }

    /** Outside a run (no run seed): the choices of run seed 0. */
    @Override
    public RoutingAlgorithm create(Topology topology, RommParameters parameters) {
        return create(topology, parameters, new RandomStreams(0));
    }

    /** The intermediate routers derive from the run's own stream, so each seed of a sweep gives other paths. */
    @Override
    public RoutingAlgorithm create(Topology topology, RommParameters parameters, RandomStreams random) {
        return new TwoPhaseRouting(DorFactory.requireCube("romm", topology), true, random.stream("routing", 0).nextLong());
    }
}
