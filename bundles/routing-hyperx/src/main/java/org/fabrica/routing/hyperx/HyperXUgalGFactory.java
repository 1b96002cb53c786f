package org.fabrica.routing.hyperx;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code hyperx-ugal-g}: UGAL on HyperX and flattened butterflies with global queue information: every output along each path, summed. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=hyperx-ugal-g",
        "fabrica.description=UGAL-G on HyperX and flattened butterflies: at the source router, dimension-order"
                + " minimal or Valiant by global queue information: every output along each path, summed; 2 VC classes"})
public final class HyperXUgalGFactory implements RoutingFactory<HyperXUgalGParameters> {
    private static final String NAME = "hyperx-ugal-g";

    @Override
    public Class<HyperXUgalGParameters> parameterType() {
        return HyperXUgalGParameters.class;
    }

    /** Outside a run (no run seed): the choices of run seed 0. */
    @Override
    public RoutingAlgorithm create(Topology topology, HyperXUgalGParameters parameters) {
        return create(topology, parameters, new RandomStreams(0));
    }

    /** The intermediate routers derive from the run's own stream, as hyperx-valiant's. */
    @Override
    public RoutingAlgorithm create(Topology topology, HyperXUgalGParameters parameters, RandomStreams random) {
        return new HyperXUgalRouting(NAME, HyperXRouting.require(NAME, topology), true, parameters.intermediate(),
                parameters.threshold(), random.stream("routing", 0).nextLong());
    }
}
