package org.fabrica.experiment.runner;

/**
 * How a schedulability point measures the scheduling time per request (key {@code timing},
 * specs/levelwise-fattree.md, "Workload and experiment": "the scheduling time per request of the
 * software implementation"). After the untimed pass that gives the ratios, the point plans its
 * permutations {@code warmup} more times untimed (so that the JIT has compiled the scheduler) and
 * then {@code repetitions} times timed; each timed pass gives one sample (time of the pass's
 * {@code plan()} calls / requests), and the point reports the median, quartiles, minimum and
 * maximum of the samples. The timing never changes what is scheduled: every pass plans the same
 * demands, and a plan does not depend on earlier calls ({@link org.fabrica.scheduler.Scheduler#plan}).
 *
 * @param warmup untimed passes over the point's permutations after the ratio pass, >= 0
 * @param repetitions timed passes, >= 1; each is one sample
 */
public record SchedulingTiming(int warmup, int repetitions) {
    /** Keys of the {@code timing} mapping. */
    static final java.util.List<String> KEYS = java.util.List.of("warmup", "repetitions");
    public static final int DEFAULT_WARMUP = 5;
    public static final int DEFAULT_REPETITIONS = 5;
    public static final int MAX_PASSES = 10_000;
    public static final SchedulingTiming DEFAULT = new SchedulingTiming(DEFAULT_WARMUP, DEFAULT_REPETITIONS);

    /** Checks the ranges. */
    public SchedulingTiming {
        if (warmup < 0 || warmup > MAX_PASSES || repetitions < 1 || repetitions > MAX_PASSES) {
            throw new IllegalArgumentException("timing needs 0 .. " + MAX_PASSES + " warm-up passes and 1 .. "
                    + MAX_PASSES + " repetitions; got warmup " + warmup + ", repetitions " + repetitions);
        }
    }
}
