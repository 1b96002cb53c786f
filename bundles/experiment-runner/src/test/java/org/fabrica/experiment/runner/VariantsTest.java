package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.fabrica.experiment.runner.Fixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An experiment's variants ({@code variants}): each variant's points equal those of the experiment
 * with its keys set, its column is the variant's label, a grid makes every combination, refused
 * combinations are left out only when asked, and what a variant may not change is refused.
 */
class VariantsTest {
    @TempDir
    Path tmp;

    private static final String ONE_LOAD = with(Fixtures.TINY, "loads: [0.05, 0.1]", "loads: [0.3]");

    /** Latency per scheme column of a run. */
    private Map<String, Double> latencies(String name, String yaml) {
        Map<String, Double> out = new HashMap<>();
        for (PointResult r : Fixtures.run(tmp, name, yaml)) {
            out.put(r.notes().get("scheme"), PointRecords.metric(r, "latency.avg"));
        }
        return out;
    }

    @Test
    void eachVariantRunsLikeTheExperimentWithItsKeysSet() {
        String variants = ONE_LOAD + """
                variants:
                  - {label: deep, hardware.bufferFlits: 8}
                  - {label: shallow, hardware.bufferFlits: 2, traffic.packetFlits: 2}
                """;
        Map<String, Double> both = latencies("both", variants);
        assertEquals(List.of("deep", "shallow"), new ArrayList<>(new java.util.TreeMap<>(both).keySet()));
        String shallow = with(with(ONE_LOAD, "bufferFlits: 8", "bufferFlits: 2"), "packetFlits: 4", "packetFlits: 2");
        assertEquals(latencies("shallow", shallow).get("dor"), both.get("shallow"), "variant 'shallow' alone");
        assertEquals(latencies("deep", ONE_LOAD).get("dor"), both.get("deep"), "variant 'deep' is the file");
        assertNotEquals(both.get("deep"), both.get("shallow"));
    }

    @Test
    void aGridMakesEveryCombinationInOrderWithTheLastAxisFastest() throws IOException {
        String grid = ONE_LOAD + """
                variants:
                  grid:
                    - {traffic.packetFlits: [2, 4], hardware.bufferFlits: [4, 8]}
                    - {hardware.vcs: [2, 3, 4]}
                """;
        List<PointResult> results = Fixtures.run(tmp, "grid", grid);
        assertEquals(6, results.size());
        List<String> columns = new ArrayList<>();
        for (PointResult r : results) {
            columns.add(r.point().index() + " " + r.notes().get("scheme"));
        }
        java.util.Collections.sort(columns);
        assertEquals(List.of("0 packetFlits=2, vcs=2", "1 packetFlits=2, vcs=3", "2 packetFlits=2, vcs=4",
                "3 packetFlits=4, vcs=2", "4 packetFlits=4, vcs=3", "5 packetFlits=4, vcs=4"), columns);
        String csv = Files.readString(tmp.resolve("grid").resolve("variants.csv"));
        assertContains(csv, "pattern,traffic.packetFlits,hardware.vcs,scheme,load,points,accepted");
        assertContains(csv, "uniform,4,3,,0.3,1,");
        assertTrue(Files.isRegularFile(tmp.resolve("grid").resolve("plots").resolve("variants-uniform.svg")));
        String resolved = Files.readString(tmp.resolve("grid").resolve("experiment.yaml"));
        assertContains(resolved, "variants:");
        // the resolved file runs again as it is, to the same experiment
        SweepPlan again = new ExperimentRunner(Fixtures.registry()).plan(tmp.resolve("grid").resolve("experiment.yaml"),
                Fixtures.options(tmp.resolve("again")));
        SweepPlan first = new ExperimentRunner(Fixtures.registry()).plan(Fixtures.write(tmp, "g.yaml", grid),
                Fixtures.options(tmp.resolve("first")));
        assertEquals(first.experimentId(), again.experimentId());
        assertEquals(6, again.points().size());
    }

    @Test
    void aResumedRunOfVariantsRunsOnlyThePointsItsJournalLacks() throws IOException {
        Path file = Fixtures.write(tmp, "resume.yaml", ONE_LOAD + """
                variants:
                  - {label: deep, hardware.bufferFlits: 8}
                  - {label: shallow, hardware.bufferFlits: 2}
                  - {label: long, traffic.packetFlits: 8}
                """);
        Path out = tmp.resolve("resume");
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        assertEquals(org.fabrica.experiment.RunState.FINISHED, Fixtures.await(runner.start(file, Fixtures.options(out),
                null)));
        List<String> journal = Files.readAllLines(out.resolve("points.jsonl"));
        assertEquals(3, journal.size());
        // keep the journal line of variant 'shallow' only
        String kept = journal.stream().filter(l -> l.contains("v1/")).findFirst().orElseThrow();
        Files.writeString(out.resolve("points.jsonl"), kept + "\n");
        org.fabrica.experiment.RunHandle h = runner.start(file, new org.fabrica.experiment.RunOptions(out, true, 1,
                Map.of(), false), null);
        assertEquals(org.fabrica.experiment.RunState.FINISHED, Fixtures.await(h));
        List<String> after = Files.readAllLines(out.resolve("points.jsonl"));
        assertEquals(3, after.size());
        assertEquals(kept, after.get(0), "the kept point is not run again");
        Map<String, Double> first = new HashMap<>();
        for (String l : journal) {
            PointResult r = PointRecords.parse(l);
            first.put(r.point().pointId(), PointRecords.metric(r, "latency.avg"));
        }
        for (PointResult r : h.results()) {
            assertEquals(first.get(r.point().pointId()), PointRecords.metric(r, "latency.avg"), r.point().pointId());
        }
    }

    @Test
    void refusedCombinationsAreAnErrorUnlessLeftOutOnPurpose() {
        String grid = ONE_LOAD + """
                variants:
                  grid:
                    - {traffic.packetFlits: [4, 16]}
                    - {hardware.bufferFlits: [8, 32]}
                    - {hardware.flowControl: [virtual-cut-through]}
                """;
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        String message = Fixtures.refused(runner, tmp, grid);
        assertContains(message, "variants[2] (packetFlits=16, bufferFlits=8, flowControl=virtual-cut-through):");
        assertContains(message, "set variants.skipRefused: true");
        SweepPlan plan = runner.plan(Fixtures.write(tmp, "skip.yaml", grid.replace("  grid:", "  skipRefused: true\n  grid:")),
                Fixtures.options(tmp.resolve("skip")));
        assertEquals(3, plan.points().size(), "one of four combinations refused");
        assertContains(plan.summary(), "left out  packetFlits=16, bufferFlits=8, flowControl=virtual-cut-through: ");
        assertContains(plan.summary(), "variants  3 of a grid of traffic.packetFlits [4, 16] x hardware.bufferFlits"
                + " [8, 32] x hardware.flowControl [virtual-cut-through]");
    }

    @Test
    void whatAVariantMayNotChangeIsRefusedAtItsPlace() {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        assertContains(Fixtures.refused(runner, tmp, ONE_LOAD + "variants:\n  - schemes[0].label: x\n"),
                "bad.yaml:19:5: a variant cannot change schemes[0].label");
        assertContains(Fixtures.refused(runner, tmp, ONE_LOAD + "variants:\n  - {label: a, warmup: 10}\n"
                + "  - {label: a, warmup: 20}\n"), "variants[1]: a second variant labelled 'a'");
        assertContains(Fixtures.refused(runner, tmp, ONE_LOAD + "variants:\n  grid:\n    - {warmup: [1, 2], drain: [3]}\n"),
                "warmup has 2 values, drain has 1; make them equal");
        assertContains(Fixtures.refused(runner, tmp, ONE_LOAD + "variants:\n  - {label: a, hardware.vcs: 0}\n"),
                "variants[0] (a): hardware.vcs=0: ");
        assertContains(Fixtures.refused(runner, tmp, with(ONE_LOAD, "warmup: 300", "warmup: -3")
                + "variants:\n  - {label: a, warmup: 100}\n"), "(in the experiment without its variants, which must be valid on its own");
    }
}
