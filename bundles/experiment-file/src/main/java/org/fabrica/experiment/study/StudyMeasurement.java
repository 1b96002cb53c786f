package org.fabrica.experiment.study;

import java.util.List;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * What a simulating study mode measures in one point ({@link StudyJob#simulate}): its collectors,
 * an optional end condition of its own, and the point's metrics once the run has ended. One
 * instance per point, used by the point's thread only.
 */
@ConsumerType
public interface StudyMeasurement {
    /**
     * The point's collectors, asked once when the point is built. Their events arrive on the
     * point's thread in simulation order; they are the hot path: count into fields and arrays,
     * allocate nothing per event (docs/architecture.md, "The hot path").
     *
     * @param nodes the number of end nodes
     */
    NetworkObserver observer(int nodes);

    /**
     * Whether the mode's measurement is complete after cycle {@code now} (called every cycle, on
     * the hot path); by default never, so the point runs until the network ends by itself or the
     * spec's {@code maxCycles}.
     */
    default boolean ended(long now) {
        return false;
    }

    /**
     * The point's metrics after its run.
     *
     * @param endCycle the first cycle not simulated
     * @param how why the run ended
     */
    Outcome outcome(long endCycle, End how);

    /** Why a simulated point ended. */
    enum End {
        /** The measurement said so ({@link #ended}). */
        MEASURED,
        /** The network ended by itself: generation stopped and every packet was delivered. */
        NETWORK_DONE,
        /** The cycle limit was reached (the spec's {@code maxCycles}, or the network's own). */
        LIMIT
    }

    /**
     * The point's result as the mode sees it.
     *
     * @param metrics the mode's metrics, named {@code <mode>.<metric>} by convention (the
     *        simulation's own and the statistics collectors' are added after them); the same names
     *        for every point, an undefined value NaN
     * @param saturated whether the point did not complete (its status {@code saturated}, not {@code ok})
     * @param endNote why the point ended, in words, e.g. {@code every packet delivered at cycle 812}
     */
    record Outcome(List<Metric> metrics, boolean saturated, String endNote) {
        public Outcome {
            metrics = List.copyOf(metrics);
        }
    }
}
