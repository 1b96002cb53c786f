package org.fabrica.routing;

import org.osgi.annotation.versioning.ProviderType;

/** Receives the candidate outputs of one route computation, in order of preference. */
@ProviderType
public interface RouteCandidates {
    /**
     * Adds a candidate: leave through {@code outPort} using VC class {@code vcClass}
     * (0 .. {@link RoutingAlgorithm#vcClasses()}-1). At the destination router, the terminal port
     * of the destination node is the single candidate.
     */
    void add(int outPort, int vcClass);
}
