package org.fabrica.stats.collectors.providers;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.Metric;
import org.fabrica.stats.StatisticsCollector;

/**
 * Accepted throughput (flits of every packet delivered, per node and cycle) in N consecutive equal
 * parts of the window a point simulated, and the change from the first part to the last. A steady
 * point's throughput should be the same in every part; a saturated network's often is not (it may
 * still be falling as congestion spreads), and then its {@code accepted} depends on the window's
 * length.
 *
 * <p>Deliveries are counted in at most {@value #MAX_BUCKETS} buckets of equal width over the
 * window (width 1 for windows up to that many cycles); the parts are made of whole buckets of the
 * part of the window that was simulated (all of it, or less when the point ended early: a
 * saturation check, a network that ended by itself), so a part's span may differ from the others'
 * by one bucket. Each part's rate divides by its own span. Needs a window that ends (steady mode).
 */
final class ThroughputTrend implements StatisticsCollector {
    static final int MAX_BUCKETS = 4096;
    private static final String RATE = "flits/node/cycle";

    private final CollectorContext context;
    private final int parts;
    private final long width;
    private final long[] flits;

    ThroughputTrend(CollectorContext context, int parts) {
        if (context.windowEnd() == CollectorContext.OPEN) {
            throw new IllegalArgumentException("throughput-trend splits a measurement window that ends (steady mode);"
                    + " this point is measured as a whole (ramp and collective modes have their own series)");
        }
        if (parts < 2 || parts > 64) {
            throw new IllegalArgumentException("parts = " + parts + "; use 2 .. 64");
        }
        this.context = context;
        this.parts = parts;
        long length = context.windowEnd() - context.windowStart();
        this.width = (length + MAX_BUCKETS - 1) / MAX_BUCKETS;
        this.flits = new long[(int) ((length + width - 1) / width)];
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        if (context.inWindow(delivered)) {
            this.flits[(int) ((delivered - context.windowStart()) / width)] += flits;
        }
    }

    @Override
    public List<Metric> results(long endCycle) {
        long simulated = context.windowCycles(endCycle);
        int buckets = (int) ((simulated + width - 1) / width);
        double[] rate = new double[parts];
        for (int p = 0; p < parts; p++) {
            int from = (int) ((long) p * buckets / parts);
            int to = (int) ((long) (p + 1) * buckets / parts);
            long span = Math.min(simulated, to * width) - from * width;
            long sum = 0;
            for (int b = from; b < to; b++) {
                sum += flits[b];
            }
            rate[p] = span > 0 ? (double) sum / ((double) context.nodes() * span) : Double.NaN;
        }
        List<Metric> out = new ArrayList<>(parts + 1);
        for (int p = 0; p < parts; p++) {
            out.add(new Metric("part" + (p + 1), rate[p], RATE,
                    "flits delivered per node and cycle in part " + (p + 1) + " of " + parts + " of the window simulated"));
        }
        out.add(new Metric("change", rate[0] > 0 ? rate[parts - 1] / rate[0] - 1 : Double.NaN, "1",
                "last part's throughput / first part's - 1 (0 when steady)"));
        return out;
    }
}
