package org.example.fabrica.westfirst;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/**
 * The provider: a Declarative Services component registering a {@link RoutingFactory} under the
 * name experiments use ({@code fabrica.name}). Fabrica finds it when the bundle starts; nothing
 * else has to be registered anywhere.
 */
@Component(service = RoutingFactory.class, property = {
    "fabrica.name=west-first",
    "fabrica.description=West-first turn-model routing: minimal, adaptive, deadlock-free with one VC class on 2D meshes"
            + " (on tori it does not use the wrap-around links)"})
public final class WestFirstRoutingFactory implements RoutingFactory<WestFirstParameters> {

    @Override
    public Class<WestFirstParameters> parameterType() {
        return WestFirstParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, WestFirstParameters parameters) {
        if (!(topology instanceof CartesianTopology cartesian)) {
            throw new IllegalArgumentException("west-first routes 2D meshes and tori only; the topology '"
                    + topology.describe() + "' is not a k-ary n-cube: use topology torus (or mesh) with n: 2");
        }
        return new WestFirstRouting(cartesian, parameters.preference());
    }
}
