package org.fabrica.routing.hyperx;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code hyperx-valiant}: Valiant routing on HyperX and flattened butterflies through a random router. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=hyperx-valiant",
        "fabrica.description=Valiant routing on HyperX and flattened butterflies: dimension order to a random"
                + " router, then to the destination; 2 VC classes, reproducible per seed"})
public final class HyperXValiantFactory implements RoutingFactory<HyperXValiantParameters> {
    @Override
    public Class<HyperXValiantParameters> parameterType() {
        return HyperXValiantParameters.class;
    }

    /** Outside a run (no run seed): the choices of run seed 0. */
    @Override
    public RoutingAlgorithm create(Topology topology, HyperXValiantParameters parameters) {
        return create(topology, parameters, new RandomStreams(0));
    }

    /** The intermediate routers derive from the run's own stream, so each seed of a sweep gives other paths. */
    @Override
    public RoutingAlgorithm create(Topology topology, HyperXValiantParameters parameters, RandomStreams random) {
        return new HyperXRouting(HyperXRouting.require("hyperx-valiant", topology), true,
                random.stream("routing", 0).nextLong());
    }
}
