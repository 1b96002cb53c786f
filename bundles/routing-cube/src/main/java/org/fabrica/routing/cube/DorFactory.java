package org.fabrica.routing.cube;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code dor}: dimension-order routing, x first. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=dor",
        "fabrica.description=Dimension-order routing for tori and meshes, x first, with dateline VC classes"})
public final class DorFactory implements RoutingFactory<DorParameters> {
    @Override
    public Class<DorParameters> parameterType() {
        return DorParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, DorParameters parameters) {
        CartesianTopology cube = requireCube("dor", topology);
        int[] order = new int[cube.dimensions()];
        for (int d = 0; d < order.length; d++) {
            order[d] = d;
        }
        return new DimensionOrderRouting("dor", cube, order, parameters.dateline(), parameters.tie());
    }

    static CartesianTopology requireCube(String name, Topology topology) {
        if (topology instanceof CartesianTopology cube) {
            return cube;
        }
        throw new IllegalArgumentException("routing '" + name + "' routes k-ary n-cubes (torus, mesh: topologies"
                + " implementing CartesianTopology), not " + topology.describe() + "; choose a torus or mesh topology"
                + " or a routing algorithm for this topology");
    }
}
