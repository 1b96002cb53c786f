package org.fabrica.routing.fattree;

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

    @Override
    public RoutingAlgorithm create(Topology topology, RandomUpParameters parameters) {
        return new RandomUpRouting("random-up", UpDownRouting.requireTree("random-up", topology), parameters.seed(),
                parameters.topForced());
    }
}
