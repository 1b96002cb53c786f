package org.fabrica.experiment.results;

import org.fabrica.stats.collectors.SpaceTimeChart;

/**
 * What a point produces besides its metrics and notes: series too long for the journal and
 * space-time charts. The results store writes them under {@code series/} and {@code spacetime/}
 * as the point finishes, before its journal line (so a journaled point's files exist).
 *
 * @param series ramp mode: the per-window series (raw and smoothed), else null
 * @param inFlight collective mode: packets in flight per sample, else null
 * @param nodes collective mode: per-node packet counts and durations, else null
 * @param spaceTime the space-time chart when one was requested, else null
 * @param cellPixels width of a chart cell in the PNG
 */
public record PointArtefacts(SeriesTable series, SeriesTable inFlight, SeriesTable nodes, SpaceTimeChart spaceTime,
        int cellPixels) {
    /** Suffixes of the files under {@code series/}: {@code <point>.csv}, {@code <point>-inflight.csv}, {@code <point>-nodes.csv}. */
    public static final String SERIES_SUFFIX = ".csv";
    public static final String IN_FLIGHT_SUFFIX = "-inflight.csv";
    public static final String NODES_SUFFIX = "-nodes.csv";

    /** Column names of the ramp series. */
    public static final String WINDOW_START = "cycle";
    public static final String OFFERED = "offered";
    public static final String GENERATED = "generated";
    public static final String PACKETS = "packets";
    public static final String FLITS = "flits";
    public static final String THROUGHPUT = "throughput";
    public static final String LATENCY = "latency";
    public static final String OFFERED_SMOOTH = "offered.smoothed";
    public static final String THROUGHPUT_SMOOTH = "throughput.smoothed";
    public static final String LATENCY_SMOOTH = "latency.smoothed";
    /** Column names of the in-flight series. */
    public static final String IN_FLIGHT = "inFlight";
    /**
     * Column of the in-flight series of a point with an active throttle: the sources it held back
     * (every queued packet of the node held), the mean over the window (since 1.3).
     */
    public static final String HELD = "held";

    /** File name stem of a point: its id with every character other than letters, digits, '.', '-' as '_'. */
    public static String stem(String pointId) {
        return pointId.replaceAll("[^A-Za-z0-9.-]", "_");
    }
}
