package org.fabrica.experiment.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.fabrica.topology.TreeTopology;

/**
 * One point of a schedulability experiment (specs/levelwise-fattree.md, "Workload and
 * experiment"): one scheduler on one tree topology, run on {@code permutations} random
 * permutations of the end nodes. The permutations come from the seed's streams keyed by their
 * number only, so every scheduler of a topology sees the same ones (a paired comparison).
 * <p>
 * The time per request is measured around {@code plan()} only, in a second pass over the same
 * permutations: the first pass (untimed) lets the JIT compile the scheduler, so that the points
 * that happen to run first are not charged with the warm-up. Plans do not depend on earlier
 * calls ({@link Scheduler#plan}), so both passes give the same plans; the ratios are those of the
 * timed pass.
 */
final class SchedulabilityPoint {
    /** Stream kind of the permutations. */
    static final String PERMUTATION_STREAM = "schedulability.permutation";
    static final String RATIO_MEAN = "ratio.mean";
    static final String RATIO_MIN = "ratio.min";
    static final String RATIO_MAX = "ratio.max";
    static final String TIME_PER_REQUEST = "time.perRequest";
    static final String REQUESTS = "requests";
    static final String PERMUTATIONS = "permutations";

    private SchedulabilityPoint() {
    }

    /** Runs the point; a failure of the scheduler fails the point with its message. */
    static PointResult run(SweepPlan plan, PointPlan point, SweepPoint sp, PointControl.Signals signals) {
        long start = System.nanoTime();
        try {
            TreeTopology tree = plan.trees().get(point.pattern());
            BoundProvider provider = plan.schedulerProviders().get(point.scheme());
            RandomStreams streams = new RandomStreams(point.seed());
            Scheduler scheduler = provider.scheduler(tree, streams);
            int n = tree.nodes();
            int count = plan.spec().permutations();
            double sum = 0;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            long planNanos = 0;
            long requests = 0;
            for (int k = 0; k < count; k++) {
                if (signals.stopRequested()) {
                    return result(plan, point, sp, start, List.of(), PointSimulation.STOPPED, "stopped");
                }
                scheduler.plan(Demands.permutation(permutation(n, streams.stream(PERMUTATION_STREAM, k)), 1,
                        SizeUnit.PACKETS));
            }
            for (int k = 0; k < count; k++) {
                if (signals.stopRequested()) {
                    return result(plan, point, sp, start, List.of(), PointSimulation.STOPPED, "stopped");
                }
                Demands demands = Demands.permutation(permutation(n, streams.stream(PERMUTATION_STREAM, k)), 1,
                        SizeUnit.PACKETS);
                long t0 = System.nanoTime();
                Plan p = scheduler.plan(demands);
                planNanos += System.nanoTime() - t0;
                double ratio = p.schedulabilityRatio();
                sum += ratio;
                min = Math.min(min, ratio);
                max = Math.max(max, ratio);
                requests += demands.transfers().size();
            }
            List<Metric> metrics = new ArrayList<>();
            metrics.add(new Metric(RATIO_MEAN, sum / count, "1", "mean schedulability ratio (granted / requests) over the "
                    + "permutations"));
            metrics.add(new Metric(RATIO_MIN, min, "1", "smallest schedulability ratio of a permutation"));
            metrics.add(new Metric(RATIO_MAX, max, "1", "largest schedulability ratio of a permutation"));
            metrics.add(new Metric(TIME_PER_REQUEST, requests == 0 ? Double.NaN : (double) planNanos / requests, "ns",
                    "wall time of plan() per request (machine-dependent)"));
            metrics.add(new Metric(REQUESTS, requests, "requests", "requests scheduled (nodes x permutations)"));
            metrics.add(new Metric(PERMUTATIONS, count, "permutations", "random permutations scheduled"));
            return result(plan, point, sp, start, metrics, PointSimulation.OK, null);
        } catch (RuntimeException e) {
            return result(plan, point, sp, start, List.of(), PointSimulation.FAILED,
                    plan.schedulerProviders().get(point.scheme()).describe() + ": " + ProviderFailure.message(e));
        }
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

    private static PointResult result(SweepPlan plan, PointPlan point, SweepPoint sp, long start, List<Metric> metrics,
            String status, String failure) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(PointSimulation.PATTERN, plan.spec().patternLabels().get(point.pattern()));
        notes.put(PointSimulation.SCHEME, plan.columnLabels().get(point.scheme()));
        notes.put(PointSimulation.LOAD, point.loadNote(plan.spec().mode()));
        notes.put(PointSimulation.SEED, Long.toString(point.seed()));
        notes.put(PointSimulation.STATUS, status);
        notes.put(PointSimulation.SATURATED, "false");
        return new PointResult(sp, List.copyOf(metrics), notes, failure, (System.nanoTime() - start) / 1_000_000);
    }
}
