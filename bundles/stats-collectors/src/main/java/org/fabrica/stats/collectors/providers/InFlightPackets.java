package org.fabrica.stats.collectors.providers;

import java.util.List;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.Metric;
import org.fabrica.stats.StatisticsCollector;

/**
 * Packets in flight (generated and not yet delivered, whether in the source queue or in the
 * network), sampled at the end of the window's cycles {@code windowStart + k * every}: their mean
 * and maximum over the samples, and the number of samples. A cycle reported twice is sampled once.
 */
final class InFlightPackets implements StatisticsCollector {
    private final CollectorContext context;
    private final int every;
    private long inFlight;
    private long lastCycle = -1;
    private long samples;
    private long sum;
    private long max;

    InFlightPackets(CollectorContext context, int every) {
        if (every < 1) {
            throw new IllegalArgumentException("parameter 'every' = " + every + "; sample at least every cycle (1)");
        }
        this.context = context;
        this.every = every;
    }

    @Override
    public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
        inFlight++;
    }

    @Override
    public void packetReplicated(long packet, long copy, int source, int destination, int router, long cycle) {
        inFlight++; // the copy is delivered on its own
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        inFlight--;
    }

    @Override
    public void cycleEnd(long cycle) {
        if (cycle <= lastCycle) {
            return;
        }
        lastCycle = cycle;
        if (context.inWindow(cycle) && (cycle - context.windowStart()) % every == 0) {
            samples++;
            sum += inFlight;
            if (inFlight > max) {
                max = inFlight;
            }
        }
    }

    @Override
    public List<Metric> results(long endCycle) {
        return List.of(
                new Metric("mean", samples == 0 ? Double.NaN : (double) sum / samples, "packets",
                        "mean of the packets in flight at the end of the sampled cycles of the window"),
                new Metric("max", samples == 0 ? Double.NaN : max, "packets",
                        "largest number of packets in flight at the end of a sampled cycle of the window"),
                new Metric("samples", samples, "cycles", "cycles of the window sampled"));
    }
}
