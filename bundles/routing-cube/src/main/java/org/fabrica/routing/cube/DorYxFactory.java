package org.fabrica.routing.cube;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code dor-yx}: dimension-order routing, highest dimension first (y before x). */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=dor-yx",
        "fabrica.description=Dimension-order routing for tori and meshes, highest dimension (y) first,"
                + " with dateline VC classes"})
public final class DorYxFactory implements RoutingFactory<DorYxParameters> {
    @Override
    public Class<DorYxParameters> parameterType() {
        return DorYxParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, DorYxParameters parameters) {
        CartesianTopology cube = DorFactory.requireCube("dor-yx", topology);
        int n = cube.dimensions();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = n - 1 - i;
        }
        return new DimensionOrderRouting("dor-yx", cube, order, parameters.dateline(), parameters.tie());
    }
}
