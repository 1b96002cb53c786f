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

    /**
     * Adds a branch of a multi-output route (since 1.2): the packet must leave through every port
     * given by {@code addBranch} at once, e.g. a multicast packet replicated at this router. The
     * network grants the branches all or none (a VC of class {@code vcClass} on each, then the
     * switch on every output in the same cycle), reads each flit once from its buffer and sends it
     * to all of them; from the second branch on, the packet continues as a copy of its own (a new
     * packet id, reported to observers as replicated). A branch to a terminal port delivers that
     * copy to the port's node. A route is either alternatives ({@link #add}) or branches, never
     * both; a route of one branch is an ordinary route.
     *
     * @throws UnsupportedOperationException when the network model cannot replicate packets
     */
    default void addBranch(int outPort, int vcClass) {
        throw new UnsupportedOperationException("this network model does not take multi-output routes (addBranch)");
    }
}
