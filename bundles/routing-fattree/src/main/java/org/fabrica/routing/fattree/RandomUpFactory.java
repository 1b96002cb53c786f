package org.fabrica.routing.fattree;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code random-up}: oblivious random up-port routing on fat trees. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=random-up",
        "fabrica.description=Oblivious routing on fat trees: a random upper port per upward hop, reproducible per seed"})
public final class RandomUpFactory implements RoutingFactory<RandomUpParameters> {
    @Override
    public Class<RandomUpParameters> parameterType() {
        return RandomUpParameters.class;
    }

    /** Outside a run (no run seed): the choices of run seed 0. */
    @Override
    public RoutingAlgorithm create(Topology topology, RandomUpParameters parameters) {
        return create(topology, parameters, new RandomStreams(0));
    }

    /** The up-port choices derive from the run's own stream, so each seed of a sweep gives other paths. */
    @Override
    public RoutingAlgorithm create(Topology topology, RandomUpParameters parameters, RandomStreams random) {
        return new RandomUpRouting("random-up", UpDownRouting.requireTree("random-up", topology),
                random.stream("routing", 0).nextLong(), parameters.topForced());
    }
}
