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

    /**
     * True when VC class {@code vcClass} needs atomic VC allocation (since 1.7): a VC of the class
     * is granted to a packet only when its downstream buffer is empty, the previous packet's tail
     * credit returned, so that no packet ever waits in such a buffer behind another one. A routing
     * whose deadlock freedom rests on Duato's condition (an escape sub-function whose extended
     * channel dependency graph is acyclic, any other class adaptive) declares its adaptive classes:
     * the condition follows one packet's path, and a packet committed to an adaptive VC behind
     * another packet waits on that packet's escape channels, not its own. A network model honours
     * it under wormhole flow control; under virtual cut-through a granted packet has credits for
     * all its flits, so it never waits behind another packet while it still holds the buffer it
     * comes from, and Duato's condition for cut-through needs no atomic allocation. Asked for every class 0 .. vcClasses()-1 when the network is built
     * and after a routing swap, never on the hot path. Default: false for every class (a VC is
     * granted again as soon as the previous packet's tail left, unless the network waits for tail
     * credits anyway).
     */
    default boolean atomicVcAllocation(int vcClass) {
        return false;
    }

    /**
     * True when the algorithm reads the class of the VC a packet arrived on
     * ({@link PacketView#arrivalClass()}, since 1.8): the network model then records, at every VC
     * grant, the class of the candidate granted. A model that cannot refuses the algorithm at build
     * time. Asked when the network is built and after a routing swap, never on the hot path.
     */
    default boolean readsArrivalClass() {
        return false;
    }
}
