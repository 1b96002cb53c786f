package org.fabrica.launch.plugin;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;

/**
 * A third party's routing provider whose component throws when activated (a licence file missing), packed
 * into its own bundle by {@link org.fabrica.launch.PluginFaultsIT}; its component description is written by
 * hand there, so this class carries no DS annotations.
 */
public class BrokenActivationRouting implements RoutingFactory<Object> {
    public static final String MESSAGE = "licence file /opt/broken.lic not found";

    /** Called by Declarative Services when the provider is first looked up. */
    public void activate() {
        throw new IllegalStateException(MESSAGE);
    }

    @Override
    public Class<Object> parameterType() {
        return Object.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, Object parameters) {
        throw new IllegalStateException(MESSAGE);
    }
}
