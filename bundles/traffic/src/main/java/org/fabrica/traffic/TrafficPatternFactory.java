package org.fabrica.traffic;

import java.util.SplittableRandom;
import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a traffic pattern provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "traffic", order = 70)
@ConsumerType
public interface TrafficPatternFactory<P> extends ProviderFactory<P> {
    /**
     * Creates the pattern for a topology's end nodes. {@code random} seeds pattern-level choices
     * made once per run (e.g. random pairings).
     *
     * @throws IllegalArgumentException when the pattern cannot apply (e.g. bit patterns on a node
     *         count that is not a power of two), naming the requirement
     */
    TrafficPattern create(Topology topology, SplittableRandom random, P parameters);
}
