package org.example.fabrica.hops;

import java.util.List;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.Metric;
import org.fabrica.stats.StatisticsCollector;

/** Mean and largest hop count of the packets generated in the window, and the share above a limit. */
final class HopCount implements StatisticsCollector {
    private final CollectorContext context;
    private final int limit;
    private long packets;
    private long hops;
    private long max;
    private long above;

    HopCount(CollectorContext context, int limit) {
        this.context = context;
        this.limit = limit;
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        if (context.inWindow(created)) { // hot path: counters only
            packets++;
            this.hops += hops;
            max = Math.max(max, hops);
            if (hops > limit) {
                above++;
            }
        }
    }

    @Override
    public List<Metric> results(long endCycle) {
        double none = Double.NaN;
        return List.of(
                new Metric("mean", packets == 0 ? none : (double) hops / packets, "hops", "mean hops"),
                new Metric("max", packets == 0 ? none : max, "hops", "most hops"),
                new Metric("above", packets == 0 ? none : (double) above / packets, "1",
                        "fraction of packets with more than " + limit + " hops"));
    }
}
