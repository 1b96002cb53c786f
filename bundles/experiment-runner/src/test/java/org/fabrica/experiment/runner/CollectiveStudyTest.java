package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.fabrica.experiment.runner.Fixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.junit.jupiter.api.Test;

/**
 * What mode collective (bundle study-collective, found on the class path as a framework finds it)
 * owns: its keys, its points with each pattern's seeds, its resolved keys.
 */
class CollectiveStudyTest {
    @Test
    void onePointPerPatternSchemeAndSeedOfThePattern() {
        List<StudyPoint> points = StudyFiles.points(ModeValidationTest.COLLECTIVE);
        assertEquals(2 + 2 + 2 * 3, points.size()); // uniform has 3 seeds, the others 1
        assertEquals("bitcomp/no-th/collective/s1", points.get(0).pointId());
        assertEquals("uniform/th8/collective/s3", points.get(points.size() - 1).pointId());
        assertEquals("collective", StudyFiles.spec(ModeValidationTest.COLLECTIVE).study().loadNote(points.get(0)));
    }

    @Test
    void theSteadyKeysTheCriticalLoadAndTheRampSeriesAreRefused() {
        assertContains(StudyFiles.refused(ModeValidationTest.COLLECTIVE + "warmup: 100\n"), "'warmup' is only used in "
                + "mode steady; remove it or set mode: steady");
        assertContains(StudyFiles.refused(ModeValidationTest.COLLECTIVE + "criticalLoad: {drop: 0.2}\n"),
                "'criticalLoad' is only used in mode ramp; remove it or set mode: ramp");
        assertContains(StudyFiles.refused(ModeValidationTest.COLLECTIVE + "series: {window: 50}\n"),
                "series.window is not used in mode collective, whose series has only inFlightWindow (cycles per"
                        + " in-flight sample); remove it");
        assertContains(StudyFiles.refused(with(ModeValidationTest.COLLECTIVE, "mode: collective",
                "mode: collective\ncommunications: []")), "'communications' is only used in mode m2n");
    }

    @Test
    void theResolvedFileHasTheInFlightWindowAndNoRampSettings() {
        SweepPlan plan = StudyFiles.plan(ModeValidationTest.COLLECTIVE + "series: {inFlightWindow: 7}\n");
        ObjectNode r = plan.spec().study().resolved(plan);
        assertEquals("collective", r.get("mode").asText());
        assertEquals(7, r.get("series").get("inFlightWindow").asInt());
        assertFalse(r.get("series").has("window"));
        assertFalse(r.has("criticalLoad"));
        assertFalse(r.has("loads"));
    }
}
