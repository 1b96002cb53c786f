package org.fabrica.routing.hyperx;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code hyperx-min-adaptive}: minimal adaptive routing with a dimension-order escape on HyperX and flattened butterflies. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=hyperx-min-adaptive",
        "fabrica.description=Minimal adaptive routing on HyperX and flattened butterflies: any unaligned dimension's"
                + " direct link, emptier output first, with a dimension-order escape class; flit model only"})
public final class HyperXMinAdaptiveFactory implements RoutingFactory<HyperXMinAdaptiveParameters> {
    @Override
    public Class<HyperXMinAdaptiveParameters> parameterType() {
        return HyperXMinAdaptiveParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, HyperXMinAdaptiveParameters parameters) {
        return new HyperXAdaptiveRouting(HyperXRouting.require("hyperx-min-adaptive", topology));
    }
}
