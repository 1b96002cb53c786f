package org.fabrica.routing;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a routing provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "routing", order = 40)
@ConsumerType
public interface RoutingFactory<P> extends ProviderFactory<P> {
    /**
     * Creates the algorithm for a topology.
     *
     * @throws IllegalArgumentException when the topology is not one this algorithm routes, with
     *         a message naming the topology kinds it supports
     */
    RoutingAlgorithm create(Topology topology, P parameters);

    /**
     * Creates the algorithm for one run. {@code random} holds the run's per-component streams
     * (derived from the run seed): algorithms that make random choices override this method and
     * draw from {@code random.stream("routing", ...)}, so that every seed of a sweep gives different,
     * reproducible choices. The runner always calls this method; the default ignores the streams.
     */
    default RoutingAlgorithm create(Topology topology, P parameters, RandomStreams random) {
        return create(topology, parameters);
    }
}
