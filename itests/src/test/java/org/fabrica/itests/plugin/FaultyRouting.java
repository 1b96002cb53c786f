package org.fabrica.itests.plugin;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;

/**
 * A third-party routing provider that throws from {@code route}, or with {@code hang: true} never
 * returns from it: packed into its own bundle by
 * {@link PluginJar} and dropped into the launcher's plugins folder. Its component description is
 * written by hand there, so this class carries no DS annotations.
 */
public class FaultyRouting implements RoutingFactory<FaultyRoutingParameters> {
    public static final String NAME = "itest-faulty";
    public static final String BUNDLE = "org.fabrica.itests.faulty";

    @Override
    public Class<FaultyRoutingParameters> parameterType() {
        return FaultyRoutingParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, FaultyRoutingParameters parameters) {
        return parameters.hang() ? new HangingRoutingAlgorithm() : new ThrowingRoutingAlgorithm();
    }
}
