package org.fabrica.routing.kns;

import java.util.Arrays;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.KnsTopology;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/**
 * {@code kns-dor}: hybrid dimension-order routing for KNS topologies, XY(Z) or YX(Z); destination-based
 * up/down inside multistage line subnetworks (s > 1).
 */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=kns-dor",
        "fabrica.description=Hybrid dimension-order routing for KNS topologies, XY(Z) or YX(Z) order, optionally"
                + " both in two virtual networks; destination-based up/down (d-mod-k) inside multistage line"
                + " subnetworks"})
public final class KnsDorFactory implements RoutingFactory<KnsDorParameters> {
    private static final String NAME = "kns-dor";

    @Override
    public Class<KnsDorParameters> parameterType() {
        return KnsDorParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, KnsDorParameters parameters) {
        KnsTopology kns = requireKns(topology);
        int[] yxSources = parameters.yxSources();
        if (yxSources.length > 0 && parameters.order() == DimensionOrder.YX) {
            throw new IllegalArgumentException(NAME + ": 'yxSources' " + Arrays.toString(yxSources) + " lists the sources"
                    + " that take the yx order while 'order' is xy, but 'order' is yx, so every packet already takes it;"
                    + " remove 'yxSources' or set 'order' to xy");
        }
        if (parameters.order() == DimensionOrder.NETWORK && (yxSources.length > 0 || parameters.virtualNetworks())) {
            throw new IllegalArgumentException(NAME + ": with 'order: network' the queuing scheme chooses each packet's"
                    + " network and keeps the networks on their own VCs; remove 'yxSources' and 'virtualNetworks'");
        }
        boolean[] yx = new boolean[kns.nodes()];
        for (int source : yxSources) {
            if (source < 0 || source >= kns.nodes()) {
                throw new IllegalArgumentException(NAME + ": 'yxSources' names node " + source + ", but "
                        + kns.describe() + " has nodes 0.." + (kns.nodes() - 1) + "; list node ids in that range");
            }
            yx[source] = true;
        }
        if (parameters.order() == DimensionOrder.YX) {
            Arrays.fill(yx, true);
        }
        return new HybridDimensionOrderRouting(kns, yx, parameters.virtualNetworks(),
                parameters.order() == DimensionOrder.NETWORK);
    }

    static KnsTopology requireKns(Topology topology) {
        if (!(topology instanceof KnsTopology kns)) {
            throw new IllegalArgumentException("routing '" + NAME + "' routes k-ary n-direct s-indirect topologies"
                    + " (kns: topologies implementing KnsTopology), not " + topology.describe() + "; choose topology"
                    + " 'kns' or a routing algorithm for this topology (dor, dor-yx for tori and meshes)");
        }
        return kns;
    }
}
