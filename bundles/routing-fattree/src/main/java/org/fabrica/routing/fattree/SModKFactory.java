package org.fabrica.routing.fattree;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code smodk}: source-mod-k up-port choice on fat trees. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=smodk",
        "fabrica.description=S-mod-k on fat trees: upper port floor(s / k^(l-1)) mod k at upward hop l, optional top forcing"})
public final class SModKFactory implements RoutingFactory<SModKParameters> {
    @Override
    public Class<SModKParameters> parameterType() {
        return SModKParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, SModKParameters parameters) {
        return new ModKRouting("smodk", UpDownRouting.requireTree("smodk", topology), true, parameters.topForced());
    }
}
