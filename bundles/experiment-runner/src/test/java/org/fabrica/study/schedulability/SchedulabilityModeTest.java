package org.fabrica.study.schedulability;

import static org.fabrica.study.schedulability.Runs.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schedulability mode (docs/studies/levelwise.md) with the real circuit schedulers and FT(l, m, w). */
class SchedulabilityModeTest {
    static final String STUDY = """
            name: small-study
            mode: schedulability
            topologies: [{name: ft, l: 2, w: 4}, {name: ft, l: 3, w: 4}]
            schedulers:
              - {label: level-wise, scheduler: levelwise}
              - {label: greedy, scheduler: greedy-local}
              - {label: random, scheduler: {name: random-local, seed: 3}}
            permutations: 10
            timing: {warmup: 0, repetitions: 2}
            seeds: 2
            """;
    /** The timing line of {@link #STUDY}: no warm-up, so that the tests stay fast. */
    static final String TIMING = "timing: {warmup: 0, repetitions: 2}\n";

    @TempDir
    Path tmp;

    private String refused(String yaml) {
        return Runs.refused(tmp, yaml);
    }

    private List<PointResult> run(String name, String yaml) {
        return Runs.run(tmp, name, yaml);
    }

    private static double metric(List<PointResult> results, String id, String metric) {
        return PointRecords.metric(results.stream().filter(r -> r.point().pointId().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no point " + id)), metric);
    }

    @Test
    void aStudyHasOnePointPerTopologySchedulerAndSeed() {
        StudySpec spec = Runs.spec(STUDY);
        assertEquals("schedulability", spec.mode());
        assertInstanceOf(SchedulabilityStudy.class, spec.study());
        assertEquals(List.of("ft-l2-w4", "ft-l3-w4"), spec.patternLabels());
        assertEquals(12, spec.study().points(spec).size());
        assertEquals(10, SchedulabilityStudy.of(spec).permutations());
        assertEquals(100, SchedulabilityStudy.of(Runs.spec(Runs.with(STUDY, "permutations: 10\n", ""))).permutations(),
                "the default");
    }

    @Test
    void badSchedulersTopologiesAndKeysOfOtherModesAreRefused() {
        assertContains(refused(Runs.with(STUDY, "scheduler: levelwise}", "scheduler: levelwsie}")),
                "unknown scheduler 'levelwsie'; did you mean 'levelwise'?");
        assertContains(refused(Runs.with(STUDY, "{name: ft, l: 3, w: 4}", "{name: torus, k: 4, n: 2}")),
                "topologies[1]: 4 x 4 torus is not a tree topology");
        assertContains(refused(Runs.with(STUDY, "{name: ft, l: 3, w: 4}", "{name: torus, k: 4, n: 2}")),
                "is not a tree topology; circuit scheduling needs a fat tree");
        assertContains(refused(STUDY + "loads: [0.1]\n"), "'loads' is not used in mode schedulability");
        assertContains(refused(STUDY + "schemes: []\n"), "'schemes' is not used in mode schedulability");
        assertContains(refused(STUDY + "topology: {name: ft}\n"), "list the trees under 'topologies'");
        assertContains(refused(Runs.STEADY + "permutations: 10\n"), "'permutations' is only used in mode schedulability");
        assertContains(refused(Runs.with(STUDY, "seed: 3}", "sede: 3}")), "unknown parameter 'sede'");
        assertContains(refused(Runs.with(STUDY, "permutations: 10", "permutations: 0")), "permutations = 0 is out of range");
        assertContains(refused(Runs.with(STUDY, "permutations: 10", "permutations: 200000")), "permutations = 200000 on ");
        assertContains(refused(Runs.with(STUDY, "permutations: 10", "permutations: 200000")), "(64 nodes) is 12800000 "
                + "requests per point; a point keeps its permutations in memory for the timed passes, so use at most "
                + "156250 permutations on this tree");
        assertContains(refused(Runs.with(STUDY, "label: greedy,", "label: level-wise,")), "label 'level-wise' is used by an "
                + "earlier scheduler");
        assertContains(refused(STUDY + "statistics: [in-flight]\n"), "'statistics' is not supported in mode schedulability");
        assertContains(refused(Runs.with(STUDY, "seeds: 2", "seeds: {default: 2}")), "mode schedulability takes seeds as"
                + " a count or a list (every topology uses them)");
        assertContains(refused(STUDY + "executor: nowhere\n"), "nowhere");
    }

    @Test
    void levelWiseSchedulesAtLeastAsManyAsGreedyOnTheSamePermutations() throws IOException {
        List<PointResult> results = run("study", STUDY);
        assertEquals(12, results.size());
        for (PointResult r : results) {
            assertNull(r.failure(), r.failure());
            double mean = PointRecords.metric(r, "ratio.mean");
            double min = PointRecords.metric(r, "ratio.min");
            double max = PointRecords.metric(r, "ratio.max");
            assertTrue(0 <= min && min <= mean && mean <= max && max <= 1, r.point().pointId() + " " + r.metrics());
            int nodes = r.notes().get("pattern").equals("ft-l2-w4") ? 16 : 64;
            assertEquals(10.0 * nodes, PointRecords.metric(r, "requests"));
            assertTrue(PointRecords.metric(r, "time.perRequest") > 0);
        }
        for (String t : List.of("ft-l2-w4", "ft-l3-w4")) {
            for (int seed = 1; seed <= 2; seed++) {
                double lw = metric(results, t + "/level-wise/schedulability/s" + seed, "ratio.mean");
                double greedy = metric(results, t + "/greedy/schedulability/s" + seed, "ratio.mean");
                assertTrue(lw >= greedy, t + " seed " + seed + ": level-wise " + lw + " < greedy " + greedy);
            }
        }
        // FT(3, 4) has conflicts that local choices cannot avoid: greedy loses requests there
        assertTrue(metric(results, "ft-l3-w4/greedy/schedulability/s1", "ratio.mean") < 1);

        Path out = tmp.resolve("study");
        String csv = Files.readString(out.resolve("summary.csv"));
        assertContains(csv, "topology,scheduler,points,ratio.mean,ratio.mean.ci95,ratio.min,ratio.max,time.perRequest,"
                + "improvement.points,improvement.relative,improvement.over");
        assertContains(csv, "ft-l3-w4,level-wise,2,");
        assertTrue(Files.size(out.resolve("plots/schedulability.svg")) > 0);
        assertTrue(Files.size(out.resolve("plots/schedulability.png")) > 0);
        String svg = Files.readString(out.resolve("plots/schedulability.svg"));
        assertContains(svg, "ft-l3-w4");
        String report = Files.readString(out.resolve("report.html"));
        assertContains(report, "<h2>Schedulability</h2>");
        assertContains(report, "Scheduling time per request");
    }

    @Test
    void summaryTextHasTheTableAndTheImprovement() {
        RunHandle h = Runs.finished(tmp, "sum", STUDY, 2);
        String text = h.summaryText();
        assertContains(text, "Schedulability ratio (granted / requests; mean [min, max] over every permutation; "
                + "improvement: level-wise over the better of the others)");
        String header = text.lines().filter(l -> l.startsWith("topology")).findFirst().orElseThrow();
        assertEquals(List.of("topology", "level-wise", "greedy", "random", "improvement"),
                List.of(header.trim().split("\\s+")));
        String row = text.lines().filter(l -> l.startsWith("ft-l3-w4")).findFirst().orElseThrow();
        assertTrue(row.matches("ft-l3-w4 +[01]\\.\\d{4} \\[[01]\\.\\d{4}, [01]\\.\\d{4}\\] .* [+-]\\d+\\.\\d\\d pp "
                + "\\([+-]\\d+\\.\\d%\\) vs (greedy|random)"), row);
        assertContains(text, "Scheduling time per request (ns, thread CPU time of plan() per request; median [min, max] "
                + "over the timed passes; machine-dependent)");
        String timeHeader = text.lines().filter(l -> l.startsWith("topology")).skip(1).findFirst().orElseThrow();
        assertEquals(List.of("topology", "nodes", "level-wise", "greedy", "random"),
                List.of(timeHeader.trim().split("\\s+")));
        String timeRow = text.lines().filter(l -> l.startsWith("ft-l3-w4")).skip(1).findFirst().orElseThrow();
        assertTrue(timeRow.matches("ft-l3-w4 +64( +\\d+ \\[\\d+, \\d+\\]){3}"), timeRow);
        assertContains(text, "The points ran on 2 threads at once: for times per request that can be compared, run with "
                + "--threads 1, more than once.");
        RunHandle one = Runs.finished(tmp, "one", STUDY, 1);
        assertFalse(one.summaryText().contains("threads at once"));
    }

    @Test
    void timingIsThreadCpuTimeWithAMedianOverRepetitions() throws IOException {
        assertTrue(SchedulabilityPoint.threadCpuTimeAvailable(), "HotSpot on Linux supports thread CPU time");
        List<PointResult> results = run("timed", Runs.with(STUDY, TIMING, "timing: {warmup: 0.01, repetitions: 4}\n"));
        for (PointResult r : results) {
            assertNull(r.failure(), r.failure());
            double median = PointRecords.metric(r, "time.perRequest");
            double q1 = PointRecords.metric(r, "time.perRequest.q1");
            double q3 = PointRecords.metric(r, "time.perRequest.q3");
            double min = PointRecords.metric(r, "time.perRequest.min");
            double max = PointRecords.metric(r, "time.perRequest.max");
            assertTrue(0 < min && min <= q1 && q1 <= median && median <= q3 && q3 <= max, r.metrics().toString());
            assertTrue(PointRecords.metric(r, "time.perRequest.wall") > 0);
            assertEquals(1.0, PointRecords.metric(r, "time.cpu"));
            assertEquals(4.0, PointRecords.metric(r, "time.repetitions"));
            assertTrue(PointRecords.metric(r, "time.warmupPasses") >= 1, "a warm-up > 0 runs at least one pass");
            assertTrue(PointRecords.metric(r, "time.jitMillis") >= 0, "HotSpot reports its compilation time");
        }
        String csv = Files.readString(tmp.resolve("timed").resolve("summary.csv"));
        assertContains(csv, ",improvement.over,time.perRequest.q1,time.perRequest.q3,time.perRequest.min,"
                + "time.perRequest.max,time.clock,nodes\r\n");
        assertTrue(csv.lines().skip(1).allMatch(l -> l.endsWith(",thread-cpu,16") || l.endsWith(",thread-cpu,64")), csv);
        assertContains(Files.readString(tmp.resolve("timed").resolve("experiment.yaml")), "repetitions: 4");
    }

    @Test
    void timingDoesNotChangeTheRatios() {
        List<PointResult> once = run("once", Runs.with(STUDY, TIMING, "timing: {warmup: 0, repetitions: 1}\n"));
        List<PointResult> many = run("many", Runs.with(STUDY, TIMING, "timing: {warmup: 0.05, repetitions: 6}\n"));
        assertEquals(12, once.size());
        for (PointResult r : once) {
            String id = r.point().pointId();
            for (String m : List.of("ratio.mean", "ratio.min", "ratio.max", "requests")) {
                assertEquals(PointRecords.metric(r, m), metric(many, id, m), id + " " + m);
            }
        }
    }

    @Test
    void timingKeysAreCheckedAndDefaulted() {
        String untimed = Runs.with(STUDY, TIMING, "");
        StudySpec spec = Runs.spec(untimed);
        assertEquals(new SchedulingTiming(SchedulingTiming.DEFAULT_WARMUP, SchedulingTiming.DEFAULT_REPETITIONS),
                SchedulabilityStudy.of(spec).timing());
        assertEquals(new SchedulingTiming(SchedulingTiming.DEFAULT_WARMUP, 2), SchedulabilityStudy.of(Runs.spec(
                untimed + "timing: {repetitions: 2}\n")).timing());
        assertEquals(new SchedulingTiming(0.5, 5), SchedulabilityStudy.of(Runs.spec(
                untimed + "timing: {warmup: 0.5}\n")).timing());
        assertContains(refused(untimed + "timing: {warmup: -1}\n"), "timing.warmup = -1.0 is out of range; use 0 .. 3600 "
                + "seconds");
        assertContains(refused(untimed + "timing: {repetitions: 0}\n"), "timing.repetitions = 0 is out of range");
        assertContains(refused(untimed + "timing: {repetitons: 3}\n"), "did you mean 'repetitions'?");
        assertContains(refused(untimed + "timing: 3\n"), "timing must be a mapping");
        assertContains(refused(Runs.STEADY + "timing: {warmup: 1}\n"), "'timing' is only used in mode schedulability");
    }

    @Test
    void pointsAreDeterministicPerSeedAndPairedAcrossSchedulers() {
        String paired = Runs.with(Runs.with(STUDY, "  - {label: random, scheduler: {name: random-local, seed: 3}}\n",
                "  - {label: greedy-again, scheduler: greedy-local}\n"), "seeds: 2", "seeds: 3");
        List<PointResult> a = run("a", paired);
        List<PointResult> b = run("b", paired);
        Set<Double> greedyMeans = new HashSet<>();
        for (String t : List.of("ft-l2-w4", "ft-l3-w4")) {
            for (int seed = 1; seed <= 3; seed++) {
                for (String s : List.of("level-wise", "greedy", "greedy-again")) {
                    String id = t + "/" + s + "/schedulability/s" + seed;
                    for (String m : List.of("ratio.mean", "ratio.min", "ratio.max")) {
                        assertEquals(metric(a, id, m), metric(b, id, m), id + " " + m);
                    }
                }
                // two greedy schedulers see the same permutations: the comparison is paired
                assertEquals(metric(a, t + "/greedy/schedulability/s" + seed, "ratio.mean"),
                        metric(a, t + "/greedy-again/schedulability/s" + seed, "ratio.mean"));
                if (t.equals("ft-l3-w4")) {
                    greedyMeans.add(metric(a, t + "/greedy/schedulability/s" + seed, "ratio.mean"));
                }
            }
        }
        assertTrue(greedyMeans.size() > 1, "other seeds draw other permutations: " + greedyMeans);
    }
}
