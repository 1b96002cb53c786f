package org.fabrica.routing.fattree;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code adaptive-up}: adaptive up-port routing on fat trees by downstream occupancy ({@link AdaptiveUpRouting}). */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=adaptive-up",
        "fabrica.description=Adaptive routing on fat trees: every upper port offered, the emptier"
                + " downstream first (ties in a seeded random rotation); flit model only"})
public final class AdaptiveUpFactory implements RoutingFactory<AdaptiveUpParameters> {
    @Override
    public Class<AdaptiveUpParameters> parameterType() {
        return AdaptiveUpParameters.class;
    }

    /** Outside a run (no run seed): the choices of run seed 0. */
    @Override
    public RoutingAlgorithm create(Topology topology, AdaptiveUpParameters parameters) {
        return create(topology, parameters, new RandomStreams(0));
    }

    /** The tie rotations derive from the run's own stream, so each seed of a sweep gives other paths. */
    @Override
    public RoutingAlgorithm create(Topology topology, AdaptiveUpParameters parameters, RandomStreams random) {
        return new AdaptiveUpRouting("adaptive-up", UpDownRouting.requireTree("adaptive-up", topology),
                random.stream("routing", 0).nextLong(), parameters.topForced());
    }
}
