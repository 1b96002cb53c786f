package org.fabrica.stats.collectors.providers;

import java.util.List;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.Metric;
import org.fabrica.stats.StatisticsCollector;

/**
 * Accepted throughput of each node: the flits delivered during the window, counted at the
 * packet's destination (or source), per cycle of the window. Reported as the minimum, mean and
 * maximum over the nodes, and Jain's fairness index (sum x)^2 / (n * sum x^2) (R. Jain, D. Chiu,
 * W. Hawe, "A quantitative measure of fairness and discrimination", DEC-TR-301, 1984): 1 when every
 * node gets the same, 1/n when one node gets everything; undefined (NaN) when nothing was delivered.
 */
final class NodeThroughput implements StatisticsCollector {
    private static final String RATE = "flits/node/cycle";

    private final CollectorContext context;
    private final boolean atSource;
    private final long[] flits;

    NodeThroughput(CollectorContext context, NodeThroughputParameters.Node per) {
        this.context = context;
        this.atSource = per == NodeThroughputParameters.Node.SOURCE;
        this.flits = new long[context.nodes()];
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        if (context.inWindow(delivered)) {
            this.flits[atSource ? source : destination] += flits;
        }
    }

    @Override
    public List<Metric> results(long endCycle) {
        long cycles = context.windowCycles(endCycle);
        double min = Double.NaN;
        double max = Double.NaN;
        double mean = Double.NaN;
        double jain = Double.NaN;
        if (cycles > 0) {
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            double sum = 0;
            double squares = 0;
            for (long f : flits) {
                lo = Math.min(lo, f);
                hi = Math.max(hi, f);
                sum += f;
                squares += (double) f * f;
            }
            min = (double) lo / cycles;
            max = (double) hi / cycles;
            mean = sum / flits.length / cycles;
            jain = squares == 0 ? Double.NaN : sum * sum / (flits.length * squares); // per-cycle factors cancel
        }
        String where = atSource ? "source" : "destination";
        return List.of(
                new Metric("min", min, RATE, "smallest flits per cycle of the window delivered, per " + where + " node"),
                new Metric("mean", mean, RATE, "mean flits per cycle of the window delivered, per " + where + " node"),
                new Metric("max", max, RATE, "largest flits per cycle of the window delivered, per " + where + " node"),
                new Metric("jain", jain, "1", "Jain's fairness index of the per-node throughput (1 = all equal)"));
    }
}
