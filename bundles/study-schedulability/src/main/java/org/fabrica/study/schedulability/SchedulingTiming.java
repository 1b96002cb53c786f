package org.fabrica.study.schedulability;

import java.util.List;

/**
 * How a schedulability point measures the scheduling time per request (key {@code timing},
 * docs/studies/levelwise.md, "Workload and experiment": "the scheduling time per request of the
 * software implementation"). After the untimed pass that gives the ratios, the point plans its
 * permutations again, untimed, in whole passes until {@code warmup} seconds of wall time have
 * passed (so that the JIT has compiled the scheduler), and then {@code repetitions} times timed;
 * each timed pass gives one sample (time of the pass's {@code plan()} calls / requests), and the
 * point reports the median, quartiles, minimum and maximum of the samples.
 * <p>
 * The warm-up is wall time, not a number of passes, because the JIT compiles in background
 * threads, which lag behind on a loaded machine, while a pass over a small tree is a few
 * milliseconds of work. With a warm-up of 10 passes, the first small trees of a run measured 1.8x
 * to 6x slower than when the same trees were measured last (docs/studies/levelwise.md).
 * <p>
 * The timing never changes what is scheduled: every pass plans the same demands, and a plan does
 * not depend on earlier calls ({@link org.fabrica.scheduler.Scheduler#plan}).
 *
 * @param warmup wall seconds of untimed passes after the ratio pass (whole passes; none when 0), 0 .. 3600
 * @param repetitions timed passes, 1 .. 10000; each is one sample
 */
public record SchedulingTiming(double warmup, int repetitions) {
    /** Keys of the {@code timing} mapping. */
    static final List<String> KEYS = List.of("warmup", "repetitions");
    public static final double DEFAULT_WARMUP = 1.0;
    public static final int DEFAULT_REPETITIONS = 5;
    public static final double MAX_WARMUP = 3600;
    public static final int MAX_REPETITIONS = 10_000;
    /**
     * Largest permutations x nodes of a point: the point keeps its demands (about 80 bytes per
     * request) for the timed passes, so that building them is not timed.
     */
    public static final long MAX_REQUESTS_PER_POINT = 10_000_000L;
    public static final SchedulingTiming DEFAULT = new SchedulingTiming(DEFAULT_WARMUP, DEFAULT_REPETITIONS);

    /** Checks the ranges. */
    public SchedulingTiming {
        if (!(warmup >= 0 && warmup <= MAX_WARMUP)) {
            throw new IllegalArgumentException("timing.warmup = " + warmup + " is out of range; use 0 .. " + MAX_WARMUP
                    + " seconds");
        }
        if (repetitions < 1 || repetitions > MAX_REPETITIONS) {
            throw new IllegalArgumentException("timing.repetitions = " + repetitions + " is out of range; use 1 .. "
                    + MAX_REPETITIONS);
        }
    }

    /** The warm-up in nanoseconds. */
    long warmupNanos() {
        return Math.round(warmup * 1e9);
    }
}
