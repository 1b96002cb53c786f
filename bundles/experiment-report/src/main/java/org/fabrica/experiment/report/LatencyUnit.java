package org.fabrica.experiment.report;

import java.util.List;

/**
 * The unit latencies are drawn in: cycles (the simulator's own), or ns or us converted with the
 * hardware model's cycle length. Charts only: points.csv and summary.csv stay in cycles.
 *
 * @param label the axis label's unit, e.g. {@code us}
 * @param perCycle how many of the unit one cycle is (1 for cycles; the cycle in ns / 1000 for us)
 */
public record LatencyUnit(String label, double perCycle) {
    /** The words of the experiment key {@code latencyUnit}. */
    public static final List<String> WORDS = List.of("cycles", "ns", "us");
    /** Cycles, unconverted: the default. */
    public static final LatencyUnit CYCLES = new LatencyUnit("cycles", 1);

    public LatencyUnit {
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
