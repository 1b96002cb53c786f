package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.fabrica.experiment.runner.Fixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.experiment.plan.ExperimentSpec;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.study.load.SteadyStudy;
import org.junit.jupiter.api.Test;

/**
 * What mode steady (bundle study-load, found as a component) owns: its keys, its load points, its
 * limit, its resolved keys.
 */
class SteadyStudyTest {
    private static final String TWO_PATTERNS = with(with(Fixtures.TINY, "patterns: [uniform]",
            "patterns: [uniform, tornado]"), "seeds: [1]", "seeds: [1, 2]");

    private static ObjectNode resolved(SweepPlan plan) {
        return plan.spec().study().resolved(plan);
    }

    private static String summary(SweepPlan plan) {
        return plan.spec().study().summary(plan);
    }

    @Test
    void aFileWithoutModeIsSteady() {
        ExperimentSpec spec = StudyFiles.spec(Fixtures.TINY);
        assertEquals("steady", spec.mode());
        assertInstanceOf(SteadyStudy.class, spec.study());
    }

    @Test
    void onePointPerPatternSchemeLoadAndSeedInThatNesting() {
        List<StudyPoint> points = StudyFiles.points(TWO_PATTERNS);
        assertEquals(2 * 1 * 2 * 2, points.size());
        assertEquals(List.of("uniform/dor/l0.05/s1", "uniform/dor/l0.05/s2", "uniform/dor/l0.1/s1"),
                points.subList(0, 3).stream().map(StudyPoint::pointId).toList());
        assertEquals("tornado/dor/l0.1/s2", points.get(7).pointId());
        for (int i = 0; i < points.size(); i++) {
            assertEquals(i, points.get(i).index());
        }
        assertEquals("0.1", StudyFiles.spec(TWO_PATTERNS).study().loadNote(points.get(2)));
    }

    @Test
    void theKeysOfTheOtherModesAreRefusedWithTheirReason() {
        assertContains(StudyFiles.refused(Fixtures.TINY + "maxCycles: 10\n"),
                "'maxCycles' is not used in mode steady (it applies to modes ramp and collective); remove it");
        assertContains(StudyFiles.refused(Fixtures.TINY + "series: {window: 10}\n"),
                "'series' is not used in mode steady (it applies to modes ramp and collective); remove it");
        assertContains(StudyFiles.refused(Fixtures.TINY + "criticalLoad: {drop: 0.2}\n"),
                "'criticalLoad' is only used in mode ramp; remove it");
        assertContains(StudyFiles.refused(Fixtures.TINY + "communications: []\n"),
                "'communications' is only used in mode m2n; remove it or set mode: m2n");
        assertContains(StudyFiles.refused(with(Fixtures.TINY, "loads: [0.05, 0.1]\n", "")), "'loads' is required");
    }

    @Test
    void measuredPacketsIsAllOrForeground() {
        assertFalse(StudyFiles.spec(Fixtures.TINY).settings(SteadyStudy.LoadPoints.class).foregroundOnly(), "the default measures every packet");
        assertFalse(StudyFiles.spec(Fixtures.TINY + "measuredPackets: all\n").settings(SteadyStudy.LoadPoints.class).foregroundOnly());
        assertTrue(StudyFiles.spec(Fixtures.TINY + "measuredPackets: foreground\n").settings(SteadyStudy.LoadPoints.class).foregroundOnly());
        assertContains(StudyFiles.refused(Fixtures.TINY + "measuredPackets: uniform\n"),
                "measuredPackets = 'uniform' is not a choice; use all (every packet generated in the window) or"
                        + " foreground");
        String ramp = with(with(Fixtures.TINY, "loads: [0.05, 0.1]\nwarmup: 300\nmeasure: 700\ndrain: 4000\n", ""),
                "name: tiny", "name: tiny\nmode: ramp");
        assertContains(StudyFiles.refused(ramp + "measuredPackets: foreground\n"),
                "'measuredPackets' is not used in mode ramp");
        ObjectNode r = resolved(StudyFiles.plan(Fixtures.TINY + "measuredPackets: foreground\n"));
        assertEquals("foreground", r.get("measuredPackets").asText());
    }

    @Test
    void saturationCheckIsOffByDefaultShorterThanTheWindowAndPartOfTheExperiment() {
        assertEquals(0, StudyFiles.spec(Fixtures.TINY).settings(SteadyStudy.LoadPoints.class).saturationCheck(), "no check by default");
        assertEquals(200, StudyFiles.spec(Fixtures.TINY + "saturationCheck: 200\n").settings(SteadyStudy.LoadPoints.class).saturationCheck());
        assertContains(StudyFiles.refused(Fixtures.TINY + "saturationCheck: 700\n"),
                "saturationCheck = 700 is not shorter than the window (measure = 700); use fewer cycles than measure,"
                        + " or 0 for no check");
        assertContains(StudyFiles.refused(Fixtures.TINY + "saturationCheck: -5\n"), "saturationCheck");
        String ramp = with(with(Fixtures.TINY, "loads: [0.05, 0.1]\nwarmup: 300\nmeasure: 700\ndrain: 4000\n", ""),
                "name: tiny", "name: tiny\nmode: ramp");
        assertContains(StudyFiles.refused(ramp + "saturationCheck: 100\n"), "'saturationCheck' is not used in mode ramp");
        assertFalse(resolved(StudyFiles.plan(Fixtures.TINY)).has("saturationCheck"),
                "the default is not written: existing experiments keep their ids");
        assertEquals(200, resolved(StudyFiles.plan(Fixtures.TINY + "saturationCheck: 200\n"))
                .get("saturationCheck").asLong());
        assertFalse(StudyFiles.plan(Fixtures.TINY).experimentId().equals(
                StudyFiles.plan(Fixtures.TINY + "saturationCheck: 200\n").experimentId()),
                "a check changes what saturated points report: another experiment");
    }

    @Test
    void latencyUnitIsCyclesNsOrUsAndOnlyTheChartsUseIt() {
        assertEquals("cycles", StudyFiles.spec(Fixtures.TINY).settings(SteadyStudy.LoadPoints.class).latencyUnit(), "the default");
        assertEquals("us", StudyFiles.spec(Fixtures.TINY + "latencyUnit: us\n").settings(SteadyStudy.LoadPoints.class).latencyUnit());
        assertContains(StudyFiles.refused(Fixtures.TINY + "latencyUnit: seconds\n"),
                "latencyUnit = 'seconds' is not a choice; use cycles, ns or us");
        assertEquals(StudyFiles.plan(Fixtures.TINY).experimentId(),
                StudyFiles.plan(Fixtures.TINY + "latencyUnit: ns\n").experimentId(),
                "how latencies are drawn is not part of what the experiment is: a finished run can be redrawn");
        assertEquals("ns", resolved(StudyFiles.plan(Fixtures.TINY + "latencyUnit: ns\n"))
                .get("latencyUnit").asText(), "but experiment.yaml keeps it");
    }

    @Test
    void theBaselineIsTheReferenceOfThePairedDifferencesAndNotPartOfTheExperiment() {
        String two = with(Fixtures.TINY, "    queuing: {name: dateline}\n", "    queuing: {name: dateline}\n"
                + "  - label: dor-yx\n    routing: {name: dor-yx, dateline: classic}\n    queuing: {name: dateline}\n");
        assertEquals("dor", StudyFiles.spec(two).baseline(), "the default: the first scheme");
        assertEquals("dor-yx", StudyFiles.spec(two + "baseline: dor-yx\n").baseline());
        assertContains(StudyFiles.refused(two + "baseline: dor-xy\n"),
                "baseline 'dor-xy' is not the label of a scheme");
        assertEquals(StudyFiles.plan(two).experimentId(), StudyFiles.plan(two + "baseline: dor-yx\n").experimentId(),
                "which scheme the others are compared with changes no point: a finished run can be summarised anew");
        assertEquals("dor-yx", resolved(StudyFiles.plan(two + "baseline: dor-yx\n")).get("baseline")
                .asText(), "written, so that experiment.yaml runs again as it is");
        assertContains(StudyFiles.plan(two + "baseline: dor-yx\n").summary(),
                "  baseline  dor-yx (paired differences refer to it)\n");
        assertFalse(StudyFiles.plan(two).summary().contains("baseline"), "the default goes without saying");
    }

    @Test
    void aPointEndsAfterWarmUpMeasurementAndDrainAtTheLatest() {
        SweepPlan plan = StudyFiles.plan(Fixtures.TINY);
        assertEquals(300 + 700 + 4000, plan.maxCycles());
        assertEquals(300 + 700, plan.expectedCycles());
    }

    @Test
    void theResolvedFileHasTheLoadsAndNoModeKey() {
        ObjectNode r = resolved(StudyFiles.plan(Fixtures.TINY));
        assertFalse(r.has("mode"), "steady is the default: the resolved file says nothing");
        assertEquals(2, r.get("loads").size());
        assertEquals(4000, r.get("drain").asLong());
        assertFalse(r.has("maxCycles"));
        assertTrue(summary(StudyFiles.plan(Fixtures.TINY)).contains("1 pattern(s) x 1 scheme(s) x "
                + "2 load(s) x 1 seed(s) = 2 points"));
    }
}
