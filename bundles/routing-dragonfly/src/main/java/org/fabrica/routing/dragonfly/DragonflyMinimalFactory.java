package org.fabrica.routing.dragonfly;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code dragonfly-minimal}: local-global-local routing on dragonflies. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=dragonfly-minimal",
        "fabrica.description=Minimal dragonfly routing, local-global-local, 2 VC classes by hop type"})
public final class DragonflyMinimalFactory implements RoutingFactory<DragonflyMinimalParameters> {
    @Override
    public Class<DragonflyMinimalParameters> parameterType() {
        return DragonflyMinimalParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, DragonflyMinimalParameters parameters) {
        return new DragonflyRouting(DragonflyRouting.require("dragonfly-minimal", topology), false, 0);
    }
}
