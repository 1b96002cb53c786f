package org.fabrica.routing.fattree;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code dmodk}: destination-mod-k up-port choice on fat trees. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=dmodk",
        "fabrica.description=D-mod-k on fat trees: upper port floor(d / k^(l-1)) mod k at upward hop l, optional top forcing"})
public final class DModKFactory implements RoutingFactory<DModKParameters> {
    @Override
    public Class<DModKParameters> parameterType() {
        return DModKParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, DModKParameters parameters) {
        return new ModKRouting("dmodk", UpDownRouting.requireTree("dmodk", topology), false, parameters.topForced());
    }
}
