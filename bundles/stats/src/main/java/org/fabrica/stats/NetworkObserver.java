package org.fabrica.stats;

import org.osgi.annotation.versioning.ConsumerType;

/** Receives network events. Hot path: implementations must not allocate per event. */
@ConsumerType
public interface NetworkObserver {
    /** A packet was generated at its source (it may wait in the source queue). */
    default void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
    }

    /** A packet's head flit left the source queue into the network. */
    default void packetInjected(long packet, int source, long cycle) {
    }

    /**
     * A packet was replicated at {@code router} (a multi-output route): {@code copy} is a new
     * packet with the same source, bound for {@code destination} (since 1.1). The copy is delivered
     * on its own, so deliveries count originals and copies.
     */
    default void packetReplicated(long packet, long copy, int source, int destination, int router, long cycle) {
    }

    /** A packet's tail flit reached its destination. */
    default void packetDelivered(long packet, int source, int destination, int flits,
            long created, long injected, long delivered, int hops) {
    }

    /**
     * The collective operation of {@code group} (e.g. a hardware barrier) completed at {@code node}:
     * its process learns it in {@code cycle}, after the interface's receive overhead (since 1.5).
     * Collective packets themselves are not reported as generated, injected, replicated or
     * delivered: they belong to the collective engine, which counts them.
     */
    default void collectiveCompleted(int node, int group, long cycle) {
    }

    /** End of a simulated cycle. */
    default void cycleEnd(long cycle) {
    }
}
