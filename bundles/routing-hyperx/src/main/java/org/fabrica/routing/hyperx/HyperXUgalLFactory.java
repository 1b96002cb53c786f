package org.fabrica.routing.hyperx;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code hyperx-ugal-l}: UGAL on HyperX and flattened butterflies with local queue information: the first output of each path at the source router, queue x router hops. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=hyperx-ugal-l",
        "fabrica.description=UGAL-L on HyperX and flattened butterflies: at the source router, dimension-order"
                + " minimal or Valiant by local queue information: the first output of each path at the source router, queue x router hops; 2 VC classes"})
public final class HyperXUgalLFactory implements RoutingFactory<HyperXUgalLParameters> {
    private static final String NAME = "hyperx-ugal-l";

    @Override
    public Class<HyperXUgalLParameters> parameterType() {
        return HyperXUgalLParameters.class;
    }

    /** Outside a run (no run seed): the choices of run seed 0. */
    @Override
    public RoutingAlgorithm create(Topology topology, HyperXUgalLParameters parameters) {
        return create(topology, parameters, new RandomStreams(0));
    }

    /** The intermediate routers derive from the run's own stream, as hyperx-valiant's. */
    @Override
    public RoutingAlgorithm create(Topology topology, HyperXUgalLParameters parameters, RandomStreams random) {
        return new HyperXUgalRouting(NAME, HyperXRouting.require(NAME, topology), false, parameters.intermediate(),
                parameters.threshold(), random.stream("routing", 0).nextLong());
    }
}
