package org.fabrica.study.schedulability;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.fabrica.experiment.study.ComputedStudies;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyProvider;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.topology.TreeTopology;

/**
 * One point of a schedulability experiment (docs/studies/levelwise.md, "Workload and
 * experiment"): one scheduler on one tree topology, run on {@code permutations} random
 * permutations of the end nodes. The permutations come from the seed's streams keyed by their
 * number only, so every scheduler of a topology sees the same ones (a paired comparison).
 * <p>
 * The ratios come from a first, untimed pass over the permutations. The time per request is
 * measured afterwards ({@link SchedulingTiming}): untimed passes for {@code warmup} seconds let the
 * JIT compile the scheduler, then each of {@code repetitions} timed passes plans every permutation
 * again and gives one sample, the time of the pass's {@code plan()} calls divided by its requests.
 * The clock is the thread's CPU time (ThreadMXBean) where the JVM supports it, so that the other
 * processes of a shared machine do not count, and the wall time otherwise (metric
 * {@code time.cpu} says which). Demands are built before the passes, so only {@code plan()} is
 * timed. Plans do not depend on earlier calls ({@link Scheduler#plan}), so the timed passes plan
 * exactly what the ratio pass planned: the timing cannot change the ratios.
 */
final class SchedulabilityPoint {
    /** Stream kind of the permutations. */
    static final String PERMUTATION_STREAM = "schedulability.permutation";
    static final String RATIO_MEAN = "ratio.mean";
    static final String RATIO_MIN = "ratio.min";
    static final String RATIO_MAX = "ratio.max";
    static final String TIME_PER_REQUEST = "time.perRequest";
    static final String TIME_Q1 = "time.perRequest.q1";
    static final String TIME_Q3 = "time.perRequest.q3";
    static final String TIME_MIN = "time.perRequest.min";
    static final String TIME_MAX = "time.perRequest.max";
    static final String TIME_WALL = "time.perRequest.wall";
    static final String TIME_CPU = "time.cpu";
    static final String TIME_REPETITIONS = "time.repetitions";
    static final String TIME_WARMUP_PASSES = "time.warmupPasses";
    static final String TIME_JIT = "time.jitMillis";
    static final String REQUESTS = "requests";
    static final String PERMUTATIONS = "permutations";

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

    private SchedulabilityPoint() {
    }

    /**
     * True when the current thread's CPU time can be read (and is enabled; HotSpot enables it by
     * default). Otherwise the point falls back to wall time and says so in {@code time.cpu}.
     */
    static boolean threadCpuTimeAvailable() {
        try {
            return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled()
                    && THREADS.getCurrentThreadCpuTime() >= 0;
        } catch (UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** Runs the point; a failure of the scheduler fails the point with its message, as {@code computed} words it. */
    static PointResult run(StudyJob job, ComputedStudies computed) {
        long start = System.nanoTime();
        StudyPlan plan = job.plan();
        StudyPoint point = job.point();
        try {
            TreeTopology tree = SchedulabilityStudy.state(plan).trees().get(point.pattern());
            StudyProvider provider = SchedulabilityStudy.state(plan).schedulers().get(point.scheme());
            RandomStreams streams = new RandomStreams(point.seed());
            Scheduler scheduler = SchedulabilityStudy.scheduler(provider, tree, streams);
            int n = tree.nodes();
            int count = SchedulabilityStudy.of(plan.spec()).permutations();
            SchedulingTiming timing = SchedulabilityStudy.of(plan.spec()).timing();
            Demands[] demands = new Demands[count];
            for (int k = 0; k < count; k++) {
                demands[k] = Demands.permutation(permutation(n, streams.stream(PERMUTATION_STREAM, k)), 1,
                        SizeUnit.PACKETS);
            }
            // the ratio pass (untimed)
            double sum = 0;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            long requests = 0;
            for (int k = 0; k < count; k++) {
                if (job.stopRequested()) {
                    return job.stopped();
                }
                Plan p = scheduler.plan(demands[k]);
                double ratio = p.schedulabilityRatio();
                sum += ratio;
                min = Math.min(min, ratio);
                max = Math.max(max, ratio);
                requests += demands[k].transfers().size();
            }
            // every pass must return one outcome per request; summing them also keeps the JIT from
            // discarding the plans of the untimed and timed passes
            long outcomes = 0;
            long warmupPasses = 0;
            long warmupStart = System.nanoTime();
            while (System.nanoTime() - warmupStart < timing.warmupNanos()) {
                if (job.stopRequested()) {
                    return job.stopped();
                }
                outcomes += pass(scheduler, demands);
                warmupPasses++;
            }
            long jit0 = jitMillis();
            boolean cpu = threadCpuTimeAvailable();
            double[] samples = new double[timing.repetitions()];
            double[] wallSamples = new double[timing.repetitions()];
            for (int r = 0; r < samples.length; r++) {
                if (job.stopRequested()) {
                    return job.stopped();
                }
                long cpu0 = cpu ? THREADS.getCurrentThreadCpuTime() : 0;
                long wall0 = System.nanoTime();
                outcomes += pass(scheduler, demands);
                long wall = System.nanoTime() - wall0;
                long cpuNanos = cpu ? THREADS.getCurrentThreadCpuTime() - cpu0 : wall;
                samples[r] = (double) cpuNanos / requests;
                wallSamples[r] = (double) wall / requests;
            }
            long jit = jit0 < 0 ? -1 : jitMillis() - jit0;
            if (outcomes != requests * (warmupPasses + timing.repetitions())) {
                throw new IllegalStateException("the scheduler's plans do not have one outcome per request ("
                        + outcomes + " outcomes in the timed and warm-up passes)");
            }
            double[] sorted = samples.clone();
            Arrays.sort(sorted);
            double[] wallSorted = wallSamples.clone();
            Arrays.sort(wallSorted);
            String clock = cpu ? "thread CPU time" : "wall time (thread CPU time is not supported by this JVM)";
            List<Metric> metrics = new ArrayList<>();
            metrics.add(new Metric(RATIO_MEAN, sum / count, "1", "mean schedulability ratio (granted / requests) over the "
                    + "permutations"));
            metrics.add(new Metric(RATIO_MIN, min, "1", "smallest schedulability ratio of a permutation"));
            metrics.add(new Metric(RATIO_MAX, max, "1", "largest schedulability ratio of a permutation"));
            metrics.add(new Metric(TIME_PER_REQUEST, quantile(sorted, 0.5), "ns", "median over the timed passes of the "
                    + clock + " of plan() per request (machine-dependent)"));
            metrics.add(new Metric(TIME_Q1, quantile(sorted, 0.25), "ns", "first quartile of the time per request"));
            metrics.add(new Metric(TIME_Q3, quantile(sorted, 0.75), "ns", "third quartile of the time per request"));
            metrics.add(new Metric(TIME_MIN, sorted[0], "ns", "fastest timed pass, time per request"));
            metrics.add(new Metric(TIME_MAX, sorted[sorted.length - 1], "ns", "slowest timed pass, time per request"));
            metrics.add(new Metric(TIME_WALL, quantile(wallSorted, 0.5), "ns", "median over the timed passes of the wall "
                    + "time of plan() per request (includes time the thread waited for a core)"));
            metrics.add(new Metric(TIME_CPU, cpu ? 1 : 0, "1", "1: the time per request is thread CPU time; 0: wall time "
                    + "(thread CPU time not supported)"));
            metrics.add(new Metric(TIME_REPETITIONS, samples.length, "passes", "timed passes (samples)"));
            metrics.add(new Metric(TIME_WARMUP_PASSES, warmupPasses, "passes", "untimed warm-up passes"));
            metrics.add(new Metric(TIME_JIT, jit, "ms", "JIT compilation time of the whole JVM during the timed passes "
                    + "(near 0 when the warm-up was long enough; -1 when the JVM does not report it)"));
            metrics.add(new Metric(REQUESTS, requests, "requests", "requests scheduled (nodes x permutations)"));
            metrics.add(new Metric(PERMUTATIONS, count, "permutations", "random permutations scheduled"));
            return job.computed(metrics, millisSince(start));
        } catch (RuntimeException e) {
            return job.failed(SchedulabilityStudy.state(plan).schedulers().get(point.scheme()).describe() + ": "
                    + computed.failure(e), millisSince(start));
        }
    }

    /**
     * One pass over the permutations: plans each and returns the number of outcomes (summed so
     * that the JIT cannot drop the plans). The warm-up and the timed passes run this same small
     * method, so the timed code is the code that was warmed up, compiled as a method of its own.
     * When the passes were loops inside {@link #run}, a large method entered once per point, the
     * JIT could only compile them by on-stack replacement, separately for each point. With those
     * loops, 4 of 72 points of three one-thread runs ran 1.3x to 10x slower than in the other
     * runs, steadily over all their timed passes; with this method, none of 72 did
     * (docs/studies/levelwise.md, "Scheduling time per request"). The cause was not proven.
     */
    static long pass(Scheduler scheduler, Demands[] demands) {
        long outcomes = 0;
        for (Demands d : demands) {
            outcomes += scheduler.plan(d).outcomes().size();
        }
        return outcomes;
    }

    /**
     * Total JIT compilation time of the JVM so far, in ms (-1 when not reported). JVM-wide: with
     * several points running at once it includes their compilations too.
     */
    private static long jitMillis() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : -1;
    }

    /** Quantile q of sorted values, linear interpolation between the closest ranks. */
    static double quantile(double[] sorted, double q) {
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** A uniformly random permutation of 0 .. n-1 (Fisher-Yates): node i sends to the entry i. */
    static int[] permutation(int n, SplittableRandom random) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
