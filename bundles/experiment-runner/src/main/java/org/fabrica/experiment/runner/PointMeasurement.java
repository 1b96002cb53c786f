package org.fabrica.experiment.runner;

import java.util.List;
import org.fabrica.experiment.plan.PointTraffic;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.results.SeriesTable;
import org.fabrica.network.NetworkModel;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.CompositeObserver;
import org.fabrica.stats.collectors.PacketCounts;
import org.fabrica.stats.collectors.SpaceTimeRecorder;

/**
 * What a simulating study mode does in one point, created per point by the mode
 * ({@link PointJob#simulate(PointMeasurement)}): its collectors, its end condition, and its metrics, status and
 * series once the run has ended. {@link PointSimulation} does the rest (building the point,
 * running the kernel, the accounting check, the simulation metrics, failures).
 */
abstract class PointMeasurement {
    /**
     * The point's metrics and series.
     *
     * @param metrics the mode's metrics (the simulation's own are added after them)
     * @param status {@link PointSimulation#OK} or {@link PointSimulation#SATURATED_STATUS}
     * @param endNote why the point ended, in words
     * @param series a series table of the point, or null
     * @param inFlight the in-flight series, or null
     * @param nodes a table per end node, or null
     */
    record Outcome(List<Metric> metrics, String status, String endNote, SeriesTable series, SeriesTable inFlight,
            SeriesTable nodes) {
    }

    /** Where the point's packets come from when not from the plan's traffic (a mode's own), or null. */
    PointTraffic traffic() {
        return null;
    }

    /** Counts every packet event, for the accounting check of the modes without a steady collector. */
    final PacketCounts counts = new PacketCounts();

    /**
     * The collectors, created once the point's traffic exists: its pattern, its injection process
     * and what the mode plays it from ({@link PointTraffic.Traffic#player}).
     */
    abstract NetworkObserver observer(int nodes, PointTraffic.Traffic traffic);

    /**
     * The run: the network with the mode's end condition. {@code recorder} (or null) is told the end
     * of every cycle with the mode's cycle collector ({@link #cycleObserver}).
     */
    abstract PointRun run(NetworkModel network, SpaceTimeRecorder recorder, SweepPlan.Assembly assembly);

    /** Packets generated, as the collectors saw them. */
    long generated() {
        return counts.generated();
    }

    /** Packets delivered, as the collectors saw them. */
    long delivered() {
        return counts.delivered();
    }

    /**
     * The point's metrics, status, end note and series after a run that ended at {@code end}
     * ({@code run.end()} says why).
     */
    abstract Outcome outcome(PointRun run, long end, NetworkModel network, SweepPlan.Assembly assembly);

    /** The collector told every cycle's end, with the space-time recorder when there is one. */
    static NetworkObserver cycleObserver(NetworkObserver collector, SpaceTimeRecorder recorder) {
        return recorder == null ? collector : CompositeObserver.of(collector, recorder);
    }

    static double[] toDouble(long[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }

    /** The values, with the negative ones (none) as NaN. */
    static double[] noneAsNaN(long[] v) {
        double[] out = toDouble(v);
        for (int i = 0; i < out.length; i++) {
            if (v[i] < 0) {
                out[i] = Double.NaN;
            }
        }
        return out;
    }
}
