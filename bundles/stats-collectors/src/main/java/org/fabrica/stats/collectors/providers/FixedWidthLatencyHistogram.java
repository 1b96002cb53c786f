package org.fabrica.stats.collectors.providers;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.Metric;
import org.fabrica.stats.StatisticsCollector;

/**
 * Packets generated in the window per latency bin (generation to tail delivery, as
 * {@code latency.avg} of a steady point): bin {@code i} counts latencies in
 * {@code [i * width, (i + 1) * width)}, the last bin every latency from {@code (bins - 1) * width}
 * on. Metrics {@code <low>-<high>} (bounds in cycles, inclusive) and {@code <low>+} for the last.
 */
final class FixedWidthLatencyHistogram implements StatisticsCollector {
    private final CollectorContext context;
    private final int width;
    private final long[] counts;

    FixedWidthLatencyHistogram(CollectorContext context, int bins, int width) {
        if (bins < 1) {
            throw new IllegalArgumentException("parameter 'bins' = " + bins + "; use at least 1 bin");
        }
        if (width < 1) {
            throw new IllegalArgumentException("parameter 'width' = " + width + "; use a width of at least 1 cycle");
        }
        this.context = context;
        this.width = width;
        this.counts = new long[bins];
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        if (context.inWindow(created)) {
            long bin = (delivered - created) / width;
            counts[bin < counts.length - 1 ? (int) Math.max(bin, 0) : counts.length - 1]++;
        }
    }

    @Override
    public List<Metric> results(long endCycle) {
        List<Metric> out = new ArrayList<>(counts.length);
        for (int i = 0; i < counts.length; i++) {
            long low = (long) i * width;
            boolean last = i == counts.length - 1;
            String name = last ? low + "+" : low + "-" + (low + width - 1);
            out.add(new Metric(name, counts[i], "packets", "packets generated in the window whose latency is "
                    + (last ? "at least " + low : low + " to " + (low + width - 1)) + " cycles"));
        }
        return out;
    }
}
