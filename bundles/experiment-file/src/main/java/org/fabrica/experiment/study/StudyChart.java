package org.fabrica.experiment.study;

import java.util.List;
import java.util.Objects;

/**
 * A chart of a run's results, by kind: the report bundle draws every kind for each pattern of the
 * experiment (plots/&lt;stem&gt;.svg and .png, and in the report), from the points' metrics or
 * from the files the mode's points wrote under series/ (so points kept from an earlier run count
 * too). Long series are thinned for drawing; the files keep every value. Since 3.0.
 */
public sealed interface StudyChart {
    /**
     * Load-latency curves (steady): per pattern, average packet latency against accepted traffic
     * and accepted against offered traffic, one curve per scheme, the seeds of a load averaged with
     * their 95% confidence interval ({@code latency-<pattern>}, {@code throughput-<pattern>}).
     *
     * @param unit the unit latencies are drawn in (points.csv and summary.csv stay in cycles)
     * @param window the measurement window in cycles, 0 when unknown: the throughput chart counts
     *        the points a saturation check cut short of it
     */
    record LoadCurves(LatencyUnit unit, long window) implements StudyChart {
        public LoadCurves {
            Objects.requireNonNull(unit, "unit");
        }
    }

    /**
     * Ramp curves (ramp), from each point's series: per pattern, smoothed throughput and latency and
     * the sources a throttle held back against smoothed offered load, one line per scheme (its seeds
     * averaged window by window), and every other scheme's curves divided by the baseline's, as
     * charts and as {@code series/ratios-<pattern>.csv}.
     */
    record RampCurves() implements StudyChart {
    }

    /**
     * Packets in flight against time (collective), from each point's in-flight series: per pattern,
     * one line per scheme (its first seed), and the sources a throttle held back where a scheme's
     * series has them ({@code inflight-<pattern>}, {@code held-<pattern>}).
     */
    record InFlight() implements StudyChart {
    }

    /**
     * Latency of successive packets (m2n), from each point's series of recorded source-destination
     * pairs: per pattern and scheme (its first seed), one line per pair
     * ({@code latency-<pattern>-<scheme>}).
     */
    record PairLatencies() implements StudyChart {
    }

    /**
     * Execution of replayed workloads (trace): per workload (pattern), the execution time of every
     * scheme as bars (mean over seeds), the finish time of every rank and, for small replays, every
     * rank's activity over time from the points' per-rank series; with several workloads, their
     * execution times side by side ({@code execution}).
     *
     * @param metric the point metric of the execution time in microseconds, e.g. {@code trace.executionMicros}
     */
    record Execution(String metric) implements StudyChart {
        public Execution {
            Objects.requireNonNull(metric, "metric");
        }
    }

    /**
     * Bars of point metrics (e.g. the study-plugin example's burst completion against its bound):
     * per pattern, a group per scheme with one bar per metric, each the mean over the scheme's
     * successful points where it is defined ({@code <stem>-<pattern>}, titled
     * {@code <pattern>: <title>}, schemes along the x axis).
     *
     * @param stem the file name's first part, e.g. {@code burst}
     * @param title what the chart shows, after the pattern
     * @param subtitle how the values were taken, e.g. {@code mean over the seeds that completed}
     * @param axis the y axis' label, e.g. {@code cycles}
     * @param bars the metrics, one bar each per scheme, in order
     */
    record MetricBars(String stem, String title, String subtitle, String axis, List<Bar> bars) implements StudyChart {
        public MetricBars {
            Objects.requireNonNull(stem, "stem");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(subtitle, "subtitle");
            Objects.requireNonNull(axis, "axis");
            bars = List.copyOf(bars);
        }
    }

    /**
     * One bar of a {@link MetricBars} group.
     *
     * @param metric the point metric, e.g. {@code burst.completion}
     * @param label its legend label, e.g. {@code completion}
     */
    record Bar(String metric, String label) {
        public Bar {
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(label, "label");
        }
    }

    /**
     * The unit latencies are drawn in: cycles (the simulator's own), or ns or us converted with the
     * hardware model's cycle length. Charts only: points.csv and summary.csv stay in cycles.
     *
     * @param label the axis label's unit, e.g. {@code us}
     * @param perCycle how many of the unit one cycle is (1 for cycles; the cycle in ns / 1000 for us)
     */
    record LatencyUnit(String label, double perCycle) {
        /** The words of the experiment key {@code latencyUnit}. */
        public static final List<String> WORDS = List.of("cycles", "ns", "us");
        /** Cycles, unconverted: the default. */
        public static final LatencyUnit CYCLES = new LatencyUnit("cycles", 1);

        public LatencyUnit {
            Objects.requireNonNull(label, "label");
            if (!(perCycle > 0) || Double.isInfinite(perCycle)) {
                throw new IllegalArgumentException("a latency unit needs a positive finite size per cycle, was " + perCycle);
            }
        }

        /**
         * The unit a word names.
         *
         * @param word one of {@link #WORDS}
         * @param cycleNanoseconds the hardware model's cycle length in ns
         */
        public static LatencyUnit of(String word, double cycleNanoseconds) {
            switch (word) {
                case "cycles":
                    return CYCLES;
                case "ns":
                    return new LatencyUnit("ns", cycleNanoseconds);
                case "us":
                    return new LatencyUnit("us", cycleNanoseconds / 1000.0);
                default:
                    throw new IllegalArgumentException("latency unit '" + word + "' is not one of " + WORDS);
            }
        }
    }
}
