package org.fabrica.routing.cube;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/**
 * {@code dor-vn}: dimension-order routing whose order is the packet's virtual network's: network 0
 * corrects x, y, z, ... (XY, XYZ), network 1 y, x, z, ... (YX, YXZ), each with the dateline VC
 * classes of {@code dor}. The queuing scheme chooses the network at the source
 * ({@code dbbq}) and keeps the two networks on disjoint VCs, so each network is deadlock free on
 * its own and the two never share a buffer.
 */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=dor-vn",
        "fabrica.description=Dimension-order routing for tori and meshes, XY(Z) in virtual network 0 and YX(Z) in"
                + " network 1, with dateline VC classes"})
public final class DorVnFactory implements RoutingFactory<DorVnParameters> {
    @Override
    public Class<DorVnParameters> parameterType() {
        return DorVnParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, DorVnParameters parameters) {
        CartesianTopology cube = DorFactory.requireCube("dor-vn", topology);
        int n = cube.dimensions();
        if (n < 2) {
            throw new IllegalArgumentException("routing 'dor-vn' swaps the first two dimensions in network 1, but "
                    + topology.describe() + " has " + n + "; use 'dor'");
        }
        int[] xy = new int[n];
        int[] yx = new int[n];
        for (int d = 0; d < n; d++) {
            xy[d] = d;
            yx[d] = d;
        }
        yx[0] = 1;
        yx[1] = 0;
        return new DimensionOrderRouting("dor-vn", cube, new int[][] {xy, yx}, parameters.dateline(), parameters.tie());
    }
}
