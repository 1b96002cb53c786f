package org.fabrica.experiment.study;

import java.util.List;
import org.fabrica.network.NetworkModel;
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
     * The point's collectors, given the point's traffic: its pattern (e.g. which packets are
     * foreground) and its injection process (e.g. the offered load per window), built for this
     * point. By default {@link #observer(int)}. Since 2.4.
     *
     * @param nodes the number of end nodes
     * @param traffic the point's pattern, injection process and collective engine, as the network gets them
     */
    default NetworkObserver observer(int nodes, StudyTraffic.Packets traffic) {
        return observer(nodes);
    }

    /**
     * Whether the observer of {@link #observer(int, StudyTraffic.Packets)} sees every packet of the
     * point and {@link #packetsGenerated()} and {@link #packetsDelivered()} count them: the runner's
     * accounting check then reads those instead of counting every event beside the mode's
     * collectors (a second observer on the hot path, and one that makes an event-driven network
     * call it in every idle cycle). Asked after {@code observer}; false by default. Since 2.5.
     */
    default boolean countsPackets() {
        return false;
    }

    /** Packets generated so far, when {@link #countsPackets()}. Since 2.5. */
    default long packetsGenerated() {
        throw new UnsupportedOperationException("a measurement that does not count its packets (countsPackets)");
    }

    /** Packets delivered so far, when {@link #countsPackets()}. Since 2.5. */
    default long packetsDelivered() {
        throw new UnsupportedOperationException("a measurement that does not count its packets (countsPackets)");
    }

    /**
     * An observer told the end of every cycle, after the network's cycle and after the events of
     * {@link #observer}, for series sampled between cycles (packets in flight per window, what a
     * throttle held back: {@code network.throttleHeldCycles()}); asked once, when the point's network
     * exists. With one, every cycle is simulated (an event-driven network skips none). None by
     * default.
     *
     * @param network the point's network, to read between cycles (never to drive)
     */
    default NetworkObserver cycleObserver(NetworkModel network) {
        return null;
    }

    /**
     * Whether the mode's measurement is complete after cycle {@code now} (called every cycle, on
     * the hot path); by default never, so the point runs until the network ends by itself or the
     * spec's {@code maxCycles}.
     */
    default boolean ended(long now) {
        return false;
    }

    /**
     * The first cycle after {@code now} at which {@link #ended} may turn true by the clock alone
     * (e.g. the end of a window), so that an event-driven network may skip the idle cycles before
     * it: {@code Long.MAX_VALUE} for a measurement whose end only packets' events decide. Every
     * cycle by default ({@code now + 1}), as a measurement that does not say must be asked.
     */
    default long nextBoundary(long now) {
        return now + 1;
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
     * @param tables the point's tables written under the results folder's {@code series/}, or null
     */
    record Outcome(List<Metric> metrics, boolean saturated, String endNote, Tables tables) {
        public Outcome {
            metrics = List.copyOf(metrics);
        }

        /** An outcome without tables. */
        public Outcome(List<Metric> metrics, boolean saturated, String endNote) {
            this(metrics, saturated, endNote, null);
        }
    }

    /**
     * A table of numeric columns (NaN for no value), all of one length; column names without a
     * comma, quote or line break.
     */
    record Table(List<String> names, List<double[]> columns) {
        public Table {
            names = List.copyOf(names);
            columns = List.copyOf(columns);
        }
    }

    /**
     * The tables of a point, each written to {@code series/<point>...csv} and read back for the
     * mode's charts ({@code org.fabrica.experiment.results.PointArtefacts} names their columns); any
     * may be null.
     *
     * @param windows one row per window of the mode's series ({@code <point>.csv})
     * @param inFlight one row per in-flight sample ({@code <point>-inflight.csv})
     * @param nodes one row per end node ({@code <point>-nodes.csv})
     */
    record Tables(Table windows, Table inFlight, Table nodes) {
    }
}
