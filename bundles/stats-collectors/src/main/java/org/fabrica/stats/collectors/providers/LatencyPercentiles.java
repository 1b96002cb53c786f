package org.fabrica.stats.collectors.providers;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.Metric;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.collectors.LatencyHistogram;

/**
 * Latency percentiles of the packets generated in the window (generation to tail delivery): the
 * nearest-rank percentile P is the smallest latency such that at least P% of the packets have at
 * most that latency. Exact below 1,024 cycles, three significant digits above
 * ({@link LatencyHistogram}). Metrics {@code p<P>} for each percentile (e.g. {@code p50},
 * {@code p99.9}) and {@code count}, the packets measured.
 */
final class LatencyPercentiles implements StatisticsCollector {
    private final CollectorContext context;
    private final double[] percentiles;
    private final String[] names;
    private final LatencyHistogram latency = new LatencyHistogram();

    LatencyPercentiles(CollectorContext context, double[] percentiles) {
        if (percentiles.length == 0) {
            throw new IllegalArgumentException("parameter 'percentiles' is empty; list at least one, e.g. [50, 99]");
        }
        this.context = context;
        this.percentiles = percentiles.clone();
        this.names = new String[percentiles.length];
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < percentiles.length; i++) {
            double p = percentiles[i];
            if (!(p > 0 && p <= 100)) {
                throw new IllegalArgumentException("parameter 'percentiles' has " + p
                        + "; each percentile must be above 0 and at most 100");
            }
            names[i] = "p" + BigDecimal.valueOf(p).stripTrailingZeros().toPlainString();
            if (!seen.add(names[i])) {
                throw new IllegalArgumentException("parameter 'percentiles' lists " + p + " twice; list each once");
            }
        }
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        if (context.inWindow(created)) {
            latency.record(delivered - created);
        }
    }

    /** The nearest rank of percentile {@code p} among {@code count} values; exact for decimal percentages. */
    static long rank(double p, long count) {
        // P% of count in decimal: 99.9 x 1000 / 100 is 999 exactly, where 0.999 x 1000 in binary is 999.0000000000001
        BigDecimal exact = BigDecimal.valueOf(p).multiply(BigDecimal.valueOf(count)).divide(BigDecimal.valueOf(100));
        return exact.setScale(0, java.math.RoundingMode.CEILING).longValueExact();
    }

    @Override
    public List<Metric> results(long endCycle) {
        List<Metric> out = new ArrayList<>(names.length + 1);
        long count = latency.count();
        for (int i = 0; i < names.length; i++) {
            out.add(new Metric(names[i], count == 0 ? Double.NaN : latency.atRank(rank(percentiles[i], count)),
                    "cycles", "latency (generation to tail delivery) that " + percentiles[i]
                            + "% of the packets generated in the window do not exceed"));
        }
        out.add(new Metric("count", count, "packets", "packets generated in the window and delivered"));
        return out;
    }
}
