package org.fabrica.topology;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a topology provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "topology", order = 10)
@ConsumerType
public interface TopologyFactory<P> extends ProviderFactory<P> {
    /**
     * Builds the topology.
     *
     * @throws IllegalArgumentException with a message naming the parameter and the valid range
     */
    Topology create(P parameters);
}
