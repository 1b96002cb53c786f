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

    /**
     * True when the algorithm chooses by the network's state (since 1.6): the network model then
     * hands it a {@link NetworkOccupancy} through {@link #occupancy} before the first route, and
     * again after a swap. A model that cannot give one refuses the algorithm at build time.
     */
    default boolean readsOccupancy() {
        return false;
    }

    /**
     * Receives the view of the network's buffers (since 1.6), once per run before the first
     * {@link #route}; called only when {@link #readsOccupancy()} is true.
     */
    default void occupancy(NetworkOccupancy view) {
    }
}
