package org.fabrica.routing.cube;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code min-adaptive}: minimal adaptive routing with a dimension-order escape (Duato's protocol). */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=min-adaptive",
        "fabrica.description=Minimal adaptive routing for tori and meshes (Duato's protocol): any minimal direction,"
                + " emptier output first, with a dimension-order escape network; flit model only"})
public final class MinAdaptiveFactory implements RoutingFactory<MinAdaptiveParameters> {
    @Override
    public Class<MinAdaptiveParameters> parameterType() {
        return MinAdaptiveParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, MinAdaptiveParameters parameters) {
        return new MinimalAdaptiveRouting(DorFactory.requireCube("min-adaptive", topology),
                parameters.escape().equals("sticky"));
    }
}
