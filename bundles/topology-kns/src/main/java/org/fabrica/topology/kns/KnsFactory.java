package org.fabrica.topology.kns;

import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/** The {@code kns} topology: k-ary n-direct s-indirect (so far s = 1). */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=kns",
        "fabrica.description=k-ary n-direct s-indirect hybrid topology: node interfaces with one port per"
                + " dimension, each dimension line joined by a k-port switch"})
public final class KnsFactory implements TopologyFactory<KnsParameters> {
    @Override
    public Class<KnsParameters> parameterType() {
        return KnsParameters.class;
    }

    @Override
    public Topology create(KnsParameters parameters) {
        if (parameters.s() != 1) {
            throw new IllegalArgumentException("kns: s = " + parameters.s() + " asks for a multistage subnetwork per"
                    + " dimension line, which is not built yet; use s = 1 (one k-port switch per line)");
        }
        return new KAryNDirectSIndirect(parameters.k(), parameters.n());
    }
}
