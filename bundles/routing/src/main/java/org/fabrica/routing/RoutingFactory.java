package org.fabrica.routing;

import org.fabrica.kernel.ProviderFactory;
import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a routing provider; registered with {@code fabrica.name}. */
@ConsumerType
public interface RoutingFactory<P> extends ProviderFactory<P> {
    /**
     * Creates the algorithm for a topology.
     *
     * @throws IllegalArgumentException when the topology is not one this algorithm routes, with
     *         a message naming the topology kinds it supports
     */
    RoutingAlgorithm create(Topology topology, P parameters);
}
