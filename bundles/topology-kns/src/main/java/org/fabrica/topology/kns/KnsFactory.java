package org.fabrica.topology.kns;

import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/** The {@code kns} topology: k-ary n-direct s-indirect (s = 1: one switch per line; s > 1: an r-ary s-tree per line). */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=kns",
        "fabrica.description=k-ary n-direct s-indirect hybrid topology: node interfaces with one port per"
                + " dimension, each dimension line joined by a k-port switch (s = 1) or a k^(1/s)-ary s-tree of"
                + " switches (s > 1)"})
public final class KnsFactory implements TopologyFactory<KnsParameters> {
    @Override
    public Class<KnsParameters> parameterType() {
        return KnsParameters.class;
    }

    @Override
    public Topology create(KnsParameters parameters) {
        return new KAryNDirectSIndirect(parameters.k(), parameters.n(), parameters.s());
    }
}
