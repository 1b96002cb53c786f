package org.fabrica.routing.hyperx;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/**
 * {@code hyperx-dor}: dimension-order routing on HyperX and flattened butterflies (named for its family,
 * as {@code kns-dor}: {@code dor} is the tori's and meshes').
 */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=hyperx-dor",
        "fabrica.description=Dimension-order routing on HyperX and flattened butterflies, minimal, 1 VC class"})
public final class HyperXDorFactory implements RoutingFactory<HyperXDorParameters> {
    @Override
    public Class<HyperXDorParameters> parameterType() {
        return HyperXDorParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, HyperXDorParameters parameters) {
        return new HyperXRouting(HyperXRouting.require("hyperx-dor", topology), false, 0);
    }
}
