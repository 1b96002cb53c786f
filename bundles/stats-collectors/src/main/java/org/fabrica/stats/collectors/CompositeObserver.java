package org.fabrica.stats.collectors;

import org.fabrica.stats.NetworkObserver;

/**
 * Fans network events out to several observers, in the order given. The observers are copied
 * into an array once, so forwarding an event allocates nothing.
 */
public final class CompositeObserver implements NetworkObserver {
    private final NetworkObserver[] observers;

    public CompositeObserver(NetworkObserver... observers) {
        for (NetworkObserver o : observers) {
            if (o == null) {
                throw new IllegalArgumentException("observer must not be null");
            }
        }
        this.observers = observers.clone();
    }

    /** One observer as itself, several as a composite (saves a call level per event). */
    public static NetworkObserver of(NetworkObserver... observers) {
        return observers.length == 1 ? observers[0] : new CompositeObserver(observers);
    }

    @Override
    public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
        for (NetworkObserver o : observers) {
            o.packetGenerated(packet, source, destination, flits, cycle);
        }
    }

    @Override
    public void packetInjected(long packet, int source, long cycle) {
        for (NetworkObserver o : observers) {
            o.packetInjected(packet, source, cycle);
        }
    }

    @Override
    public void packetReplicated(long packet, long copy, int source, int destination, int router, long cycle) {
        for (NetworkObserver o : observers) {
            o.packetReplicated(packet, copy, source, destination, router, cycle);
        }
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        for (NetworkObserver o : observers) {
            o.packetDelivered(packet, source, destination, flits, created, injected, delivered, hops);
        }
    }

    @Override
    public void collectiveCompleted(int node, int group, long cycle) {
        for (NetworkObserver o : observers) {
            o.collectiveCompleted(node, group, cycle);
        }
    }

    @Override
    public void cycleEnd(long cycle) {
        for (NetworkObserver o : observers) {
            o.cycleEnd(cycle);
        }
    }
}
