package org.fabrica.topology.dragonfly;

import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/** The {@code dragonfly} topology. */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=dragonfly",
        "fabrica.description=Dragonfly (Kim, Dally, Scott, Abts 2008): groups of fully connected routers joined by"
                + " one global link per pair of groups, absolute (BookSim2) or palm-tree arrangement"})
public final class DragonflyFactory implements TopologyFactory<DragonflyParameters> {
    @Override
    public Class<DragonflyParameters> parameterType() {
        return DragonflyParameters.class;
    }

    @Override
    public Topology create(DragonflyParameters parameters) {
        return new Dragonfly(parameters.p(), parameters.a(), parameters.h(), parameters.g(), parameters.arrangement());
    }
}
