package org.fabrica.routing;

import java.nio.file.Path;
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
     * reproducible choices. The default ignores the streams.
     */
    default RoutingAlgorithm create(Topology topology, P parameters, RandomStreams random) {
        return create(topology, parameters);
    }

    /**
     * Creates the algorithm for one run of an experiment file whose directory is
     * {@code baseDirectory}: an algorithm that reads a file named by a parameter (forwarding tables)
     * resolves a relative name against it, as the mapping and trace files of an experiment are. The
     * runner always calls this method; the default ignores the directory.
     *
     * @param baseDirectory absolute directory of the experiment file (the working directory when the
     *        experiment has no file)
     * @since 1.5
     */
    default RoutingAlgorithm create(Topology topology, P parameters, RandomStreams random, Path baseDirectory) {
        return create(topology, parameters, random);
    }
}
