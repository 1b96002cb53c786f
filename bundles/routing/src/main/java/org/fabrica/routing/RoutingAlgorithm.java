package org.fabrica.routing;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A routing algorithm instance for one run. {@link #route} is on the hot path: it must not
 * allocate, block or keep references to its arguments.
 */
@ConsumerType
public interface RoutingAlgorithm {
    /**
     * Computes the candidate outputs for the head of {@code packet} at {@code router}, which it
     * entered through {@code inPort} (the terminal port when it was injected there).
     */
    void route(int router, int inPort, PacketView packet, RouteCandidates out);

    /** Number of VC classes the algorithm needs for deadlock freedom (1 if it needs none). */
    int vcClasses();

    /** True when every packet of a given source/destination pair always takes the same path. */
    default boolean deterministic() {
        return true;
    }
}
