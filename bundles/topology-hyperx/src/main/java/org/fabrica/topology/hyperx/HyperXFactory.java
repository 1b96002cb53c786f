package org.fabrica.topology.hyperx;

import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/** The {@code hyperx} topology. */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=hyperx",
        "fabrica.description=HyperX (Ahn et al. 2009): routers in a lattice of widths S_d, every dimension line fully"
                + " connected, T terminals per router"})
public final class HyperXFactory implements TopologyFactory<HyperXParameters> {
    @Override
    public Class<HyperXParameters> parameterType() {
        return HyperXParameters.class;
    }

    @Override
    public Topology create(HyperXParameters parameters) {
        return new HyperX("hyperx", parameters.widths(), parameters.terminals());
    }
}
