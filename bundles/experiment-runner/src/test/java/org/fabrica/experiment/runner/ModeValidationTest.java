package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.plan.ExperimentSpec;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.study.load.RampStudy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ramp and collective modes and the space-time output in experiment files. */
class ModeValidationTest {
    @TempDir
    Path tmp;

    private final ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());

    static final String RAMP = """
            name: ramp-tiny
            mode: ramp
            topology: {name: torus, k: 4, n: 2}
            hardware: {name: generic, vcs: 3, bufferFlits: 16, flowControl: virtual-cut-through}
            traffic:
              packetFlits: 8
              patterns: [bitcomp, {name: uniform, includeSelf: true}]
              injection: {name: ramp, slope: 2.5e-5, end: 20000}
            schemes:
              - label: no-th
                routing: {name: dor, dateline: two-per-ring}
                queuing: dateline
              - label: th8
                routing: {name: dor, dateline: two-per-ring}
                queuing: dateline
                throttle: {name: spth, margin: 8}
            series: {window: 100, smoothing: 20}
            criticalLoad: {gradientPoints: 60}
            seeds: 1
            """;

    static final String COLLECTIVE = """
            name: collective-tiny
            mode: collective
            topology: {name: torus, k: 4, n: 2}
            hardware: {name: generic, vcs: 3, bufferFlits: 16, flowControl: virtual-cut-through}
            traffic:
              packetFlits: 8
              patterns: [bitcomp, transpose, {name: uniform, includeSelf: true}]
              injection: {name: collective, packets: 3}
            schemes:
              - label: no-th
                routing: {name: dor, dateline: two-per-ring}
                queuing: dateline
              - label: th8
                routing: {name: dor, dateline: two-per-ring}
                queuing: dateline
                throttle: {name: spth, margin: 8}
            baseline: no-th
            seeds: {default: 1, uniform: 3}
            """;

    private String refused(String yaml) {
        return Fixtures.refused(runner, tmp, yaml);
    }

    @Test
    void aRampExperimentHasOnePointPerPatternSchemeAndSeed() {
        ExperimentDocument doc = ExperimentDocument.parse("ramp.yaml", RAMP, Map.of());
        ExperimentSpec spec = StudyFiles.spec(doc);
        assertEquals("ramp", spec.mode());
        assertInstanceOf(RampStudy.class, spec.study(), "the mode of bundle study-load, found as a component");
        assertEquals("no-th", spec.baseline(), "the first scheme by default");
        assertEquals(100, spec.settings(RampStudy.Ramp.class).window());
        assertEquals(20, spec.settings(RampStudy.Ramp.class).smoothing());
        assertEquals(60, spec.settings(RampStudy.Ramp.class).criticalLoad().gradientPoints());
        assertEquals(0.1, spec.settings(RampStudy.Ramp.class).criticalLoad().linearFraction());
        SweepPlan plan = SweepPlan.resolve(doc, spec, Fixtures.registry());
        assertEquals(List.of("bitcomp/no-th/ramp/s1", "bitcomp/th8/ramp/s1", "uniform/no-th/ramp/s1",
                "uniform/th8/ramp/s1"), plan.points().stream().map(StudyPoint::pointId).toList());
        assertEquals(20000, plan.expectedCycles(), "the ramp's end, found from its offered load");
        assertContains(plan.summary(), "ramp-tiny: ramp mode, 2 pattern(s) x 2 scheme(s) x 1 seed(s) = 4 points");
        assertContains(plan.summary(), "offered load returns to 0 at cycle 20000");
        String resolved = plan.resolvedYaml("9.9.9", "now");
        assertContains(resolved, "mode: ramp\n");
        assertFalse(resolved.contains("warmup"), resolved);
        ExperimentDocument again = ExperimentDocument.parse("resolved.yaml", resolved, Map.of());
        assertEquals(plan.experimentId(), SweepPlan.resolve(again, StudyFiles.spec(again), Fixtures.registry())
                .experimentId());
    }

    @Test
    void theRampInjectionIsTheDefaultOfTheRampMode() {
        ExperimentDocument doc = ExperimentDocument.parse("ramp.yaml",
                Fixtures.with(RAMP, "  injection: {name: ramp, slope: 2.5e-5, end: 20000}\n", ""), Map.of());
        ExperimentSpec spec = StudyFiles.spec(doc);
        assertEquals("ramp", spec.injection().name());
        assertEquals(2_750_000, SweepPlan.resolve(doc, spec, Fixtures.registry()).expectedCycles());
    }

    @Test
    void aCollectiveExperimentTakesSeedsPerPattern() {
        ExperimentDocument doc = ExperimentDocument.parse("c.yaml", COLLECTIVE, Map.of());
        ExperimentSpec spec = StudyFiles.spec(doc);
        assertEquals("collective", spec.mode());
        assertEquals("org.fabrica.study.collective.CollectiveStudy", spec.study().getClass().getName(),
                "the mode of bundle study-collective, found as a component");
        assertEquals(List.of(1L), spec.seedsOf(0));
        assertEquals(List.of(1L, 2L, 3L), spec.seedsOf(2));
        assertEquals(2 + 2 + 6, spec.pointCount());
        SweepPlan plan = SweepPlan.resolve(doc, spec, Fixtures.registry());
        assertEquals(10, plan.points().size());
        assertEquals("uniform/th8/collective/s3", plan.points().get(9).pointId());
        assertEquals(-1, plan.expectedCycles());
        assertContains(plan.summary(), "3 pattern(s) x 2 scheme(s) x (1|1|3) seed(s) = 10 points");
        String resolved = plan.resolvedYaml("9.9.9", "now");
        ExperimentDocument again = ExperimentDocument.parse("resolved.yaml", resolved, Map.of());
        SweepPlan replan = SweepPlan.resolve(again, StudyFiles.spec(again), Fixtures.registry());
        assertEquals(plan.experimentId(), replan.experimentId());
        assertEquals(10, replan.points().size());
    }

    @Test
    void keysOfAnotherModeAreErrors() {
        assertContains(refused(RAMP + "loads: [0.1]\n"), "'loads' is not used in mode ramp");
        assertContains(refused(RAMP + "warmup: 100\n"), "'warmup' is not used in mode ramp");
        assertContains(refused(COLLECTIVE + "criticalLoad: {drop: 0.2}\n"), "'criticalLoad' is only used in mode ramp");
        assertContains(refused(COLLECTIVE.replace("baseline: no-th\n", "") + "series: {window: 50}\n"),
                "series.window is not used in mode collective");
        assertContains(refused(Fixtures.TINY + "baseline: dro\n"), "baseline 'dro' is not the label of a scheme");
        assertContains(refused(Fixtures.TINY + "maxCycles: 10\n"), "'maxCycles' is not used in mode steady");
        assertContains(refused(Fixtures.with(RAMP, "mode: ramp", "mode: rmap")), "did you mean 'ramp'");
        assertContains(refused(Fixtures.with(COLLECTIVE, "baseline: no-th", "baseline: noth")), "did you mean 'no-th'");
        assertContains(refused(Fixtures.with(COLLECTIVE, "seeds: {default: 1, uniform: 3}", "seeds: {default: 1, unifrom: 3}")),
                "did you mean 'uniform'");
        assertContains(refused(Fixtures.with(RAMP, "criticalLoad: {gradientPoints: 60}", "criticalLoad: {drop: 1.5}")),
                "criticalLoad.drop = 1.5");
    }

    @Test
    void aRampThatOffersNoLoadIsRefused() {
        assertContains(refused(Fixtures.with(RAMP, "slope: 2.5e-5", "slope: 0")), "offers no load");
    }

    @Test
    void spaceTimeChartsAreChecked() {
        assertContains(refused(Fixtures.TINY + "outputs: {spaceTime: {start: 10}}\n"), "outputs.spaceTime.length is required");
        assertContains(refused(Fixtures.TINY.replace("n: 2", "n: 3") + "outputs: {spaceTime: {length: 10}}\n"),
                "2-dimensional torus or mesh");
        ExperimentDocument doc = ExperimentDocument.parse("st.yaml", RAMP + "outputs: {spaceTime: {start: 100, length: "
                + "50, stride: 5, margin: 8}}\n", Map.of());
        ExperimentSpec spec = StudyFiles.spec(doc);
        assertEquals(10, spec.spaceTime().samples());
        assertEquals(8, spec.spaceTime().margin());
        assertEquals(4, spec.cellPixels());
        assertNull(StudyFiles.spec(ExperimentDocument.parse("r.yaml", RAMP, Map.of())).spaceTime());
    }

    @Test
    void theSpthExamplesAreValid() {
        Path dir = Path.of("../../examples/spth");
        Map<String, String> expected = Map.of(
                "ramp-32x32.yaml", "spth-ramp-32x32: ramp mode, 8 pattern(s) x 3 scheme(s) x 1 seed(s) = 24 points",
                "collective-32x32.yaml", "spth-collective-32x32: collective mode, 8 pattern(s) x 3 scheme(s) x "
                        + "(1|1|1|1|1|1|10|10) seed(s) = 78 points",
                "vcinfo-length.yaml", "spth-vcinfo-length: collective mode,");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            String summary = runner.validate(dir.resolve(e.getKey()), Fixtures.options(tmp.resolve("x")));
            assertContains(summary, e.getValue());
            assertContains(summary, "32 x 32 torus");
        }
        String scaling = runner.validate(dir.resolve("scaling.yaml"), Fixtures.options(tmp.resolve("x")));
        assertContains(scaling, "8 x 8 torus");
        String charts = runner.validate(dir.resolve("spacetime-bitcomp.yaml"), Fixtures.options(tmp.resolve("x")));
        assertContains(charts, "spth-spacetime-bitcomp: 1 pattern(s) x 3 scheme(s) x 3 load(s) x 1 seed(s) = 9 points");
        assertContains(charts, "charts    space-time from cycle 20000, 2000 cycles, stride 1, busy when free <= 0 flits");
    }
}
