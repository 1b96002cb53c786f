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

    /** A packet's tail flit reached its destination. */
    default void packetDelivered(long packet, int source, int destination, int flits,
            long created, long injected, long delivered, int hops) {
    }

    /** End of a simulated cycle. */
    default void cycleEnd(long cycle) {
    }
}
