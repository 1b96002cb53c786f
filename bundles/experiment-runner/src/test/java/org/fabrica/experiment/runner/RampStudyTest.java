package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.fabrica.experiment.runner.Fixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudyPoint;
import org.junit.jupiter.api.Test;

/**
 * What mode ramp (bundle study-load, found as a component) owns: its keys, one point per pattern,
 * scheme and seed, its resolved keys and tables.
 */
class RampStudyTest {
    @Test
    void onePointPerPatternSchemeAndSeedWithoutLoad() {
        List<StudyPoint> points = StudyFiles.points(ModeValidationTest.RAMP);
        assertEquals(List.of("bitcomp/no-th/ramp/s1", "bitcomp/th8/ramp/s1", "uniform/no-th/ramp/s1",
                "uniform/th8/ramp/s1"), points.stream().map(StudyPoint::pointId).toList());
        assertTrue(Double.isNaN(points.get(0).load()));
        assertEquals("ramp", StudyFiles.spec(ModeValidationTest.RAMP).study().loadNote(points.get(0)));
    }

    @Test
    void theSteadyKeysAndTheCollectiveSeriesAreRefused() {
        assertContains(StudyFiles.refused(ModeValidationTest.RAMP + "loads: [0.1]\n"), "'loads' is not used in mode ramp "
                + "(the ramp injection offers the load and a point ends with the ramp); remove it");
        assertContains(StudyFiles.refused(with(ModeValidationTest.RAMP, "series: {window: 100, smoothing: 20}",
                "series: {window: 100, inFlightWindow: 5}")),
                "series.inFlightWindow is not used in mode ramp (it applies to mode collective); remove it");
        assertContains(StudyFiles.refused(ModeValidationTest.RAMP + "baseline: nobody\n"),
                "baseline 'nobody' is not the label of a scheme");
    }

    @Test
    void theResolvedFileAndTheResultsCarryTheRampSettings() {
        SweepPlan plan = StudyFiles.plan(ModeValidationTest.RAMP);
        ObjectNode r = plan.spec().study().resolved(plan);
        assertEquals("ramp", r.get("mode").asText());
        assertEquals("no-th", r.get("baseline").asText());
        assertEquals(60, r.get("criticalLoad").get("gradientPoints").asInt());
        assertEquals(20, r.get("series").get("smoothing").asInt());
        StudyOutputs out = plan.spec().study().outputs(plan);
        assertEquals("windows of 100 cycles, 20-point moving average", out.seriesNote());
        assertEquals("critical.load", out.columns().get(0).metric());
    }
}
