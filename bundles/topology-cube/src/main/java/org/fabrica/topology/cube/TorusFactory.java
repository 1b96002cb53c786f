package org.fabrica.topology.cube;

import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/** The {@code torus} topology: a k-ary n-cube with wrap-around links. */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=torus",
        "fabrica.description=k-ary n-cube with wrap-around links (torus), one node per router"})
public final class TorusFactory implements TopologyFactory<TorusParameters> {
    @Override
    public Class<TorusParameters> parameterType() {
        return TorusParameters.class;
    }

    @Override
    public Topology create(TorusParameters parameters) {
        return new KAryNCube(parameters.k(), parameters.n(), true);
    }
}
