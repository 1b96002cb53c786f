package org.fabrica.stats.collectors;

import org.fabrica.stats.NetworkObserver;

/**
 * Counts the packets generated and delivered during a run: what a mode or the runner's accounting
 * check (every generated packet delivered or still in flight) reads at the end. Allocates nothing.
 *
 * @since 1.6
 */
public final class PacketCounts implements NetworkObserver {
    private long generated;
    private long delivered;

    @Override
    public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
        generated++;
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        this.delivered++;
    }

    /** Packets generated so far. */
    public long generated() {
        return generated;
    }

    /** Packets delivered so far. */
    public long delivered() {
        return delivered;
    }
}
