package org.fabrica.collective.load;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabrica.collective.CollectiveProgram;
import org.fabrica.stats.Metric;

/**
 * A loop of barriers over nodes 0 .. members-1 beside a steady mode's unicast load (the
 * {@code collective.barrier} section, docs/collectives.md): every member enters its first barrier
 * at cycle 0 and each next one {@code gapCycles} after learning the previous one's completion,
 * until {@code stopCycle}. It measures, for the completions learned in the window
 * [{@code from}, {@code to}), the time each member spent in its barrier: posted entry to the
 * completion learned (the interface's send and receive software included).
 */
public final class BarrierLoop implements CollectiveProgram {
    public static final String LATENCY = "barrier.latency.mean";
    public static final String LATENCY_US = "barrier.latencyMicros.mean";
    public static final String LATENCY_P99_US = "barrier.latencyMicros.p99";
    public static final String COMPLETIONS = "barrier.completions";
    public static final String BARRIERS = "barrier.barriers";

    private final int members;
    private final long gapCycles;
    private final long stopCycle;
    private final long from;
    private final long to;
    private final double cycleNs;
    private final long[] entered;
    private final int[] completed;
    private long[] latencies = new long[1024];
    private int count;
    private long sum;

    public BarrierLoop(int members, long gapCycles, long stopCycle, long from, long to, double cycleNs) {
        this.members = members;
        this.gapCycles = gapCycles;
        this.stopCycle = stopCycle;
        this.from = from;
        this.to = to;
        this.cycleNs = cycleNs;
        this.entered = new long[members];
        this.completed = new int[members];
    }

    /** The group: nodes 0 .. members-1. */
    public int[] group() {
        int[] g = new int[members];
        for (int i = 0; i < members; i++) {
            g[i] = i;
        }
        return g;
    }

    @Override
    public long firstEntry(int node) {
        return node < members ? 0 : NONE;
    }

    @Override
    public int group(int node) {
        return 0;
    }

    @Override
    public long nextEntry(int node, int group, long cycle) {
        completed[node]++;
        if (cycle >= from && cycle < to) {
            long latency = cycle - entered[node];
            if (count == latencies.length) {
                latencies = Arrays.copyOf(latencies, count * 2);
            }
            latencies[count++] = latency;
            sum += latency;
        }
        long next = cycle + gapCycles;
        if (next >= stopCycle) {
            return NONE;
        }
        entered[node] = next;
        return next;
    }

    /** The metrics of the window. */
    public List<Metric> metrics() {
        List<Metric> out = new ArrayList<>();
        double mean = count == 0 ? Double.NaN : (double) sum / count;
        out.add(new Metric(LATENCY, mean, "cycles", "time a member spends in a barrier, entry posted to completion"
                + " learned, mean over the completions learned in the measurement window"));
        out.add(new Metric(LATENCY_US, mean * cycleNs / 1000, "us", "the same in microseconds"));
        double p99 = Double.NaN;
        if (count > 0) {
            long[] sorted = Arrays.copyOf(latencies, count);
            Arrays.sort(sorted);
            p99 = sorted[Math.min(count - 1, (int) Math.ceil(0.99 * count) - 1)] * cycleNs / 1000;
        }
        out.add(new Metric(LATENCY_P99_US, p99, "us", "99th percentile of the time in a barrier"));
        out.add(new Metric(COMPLETIONS, count, "completions", "barrier completions learned by the members in the window"));
        out.add(new Metric(BARRIERS, (double) count / members, "barriers", "completions per member in the window"));
        return out;
    }
}
