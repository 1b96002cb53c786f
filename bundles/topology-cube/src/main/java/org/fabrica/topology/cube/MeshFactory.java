package org.fabrica.topology.cube;

import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/** The {@code mesh} topology: a k-ary n-cube without wrap-around links. */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=mesh",
        "fabrica.description=k-ary n-cube without wrap-around links (mesh), one node per router"})
public final class MeshFactory implements TopologyFactory<MeshParameters> {
    @Override
    public Class<MeshParameters> parameterType() {
        return MeshParameters.class;
    }

    @Override
    public Topology create(MeshParameters parameters) {
        return new KAryNCube(parameters.k(), parameters.n(), false);
    }
}
