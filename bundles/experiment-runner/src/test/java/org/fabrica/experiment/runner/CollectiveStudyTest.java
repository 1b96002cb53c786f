package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.fabrica.experiment.runner.Fixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.experiment.study.StudyPoint;
import org.junit.jupiter.api.Test;

/** What {@link CollectiveStudy} owns: its keys, its points with each pattern's seeds, its resolved keys. */
class CollectiveStudyTest {
    @Test
    void onePointPerPatternSchemeAndSeedOfThePattern() {
        List<StudyPoint> points = StudyFiles.points(ModeValidationTest.COLLECTIVE);
        assertEquals(2 + 2 + 2 * 3, points.size()); // uniform has 3 seeds, the others 1
        assertEquals("bitcomp/no-th/collective/s1", points.get(0).pointId());
        assertEquals("uniform/th8/collective/s3", points.get(points.size() - 1).pointId());
        assertEquals("collective", new CollectiveStudy().loadNote(points.get(0)));
    }

    @Test
    void theSteadyKeysTheCriticalLoadAndTheRampSeriesAreRefused() {
        assertContains(StudyFiles.refused(ModeValidationTest.COLLECTIVE + "warmup: 100\n"), "'warmup' is not used in "
                + "mode collective (a collective point runs until every packet is delivered); remove it");
        assertContains(StudyFiles.refused(ModeValidationTest.COLLECTIVE + "criticalLoad: {drop: 0.2}\n"),
                "'criticalLoad' is only used in mode ramp; remove it");
        assertContains(StudyFiles.refused(ModeValidationTest.COLLECTIVE + "series: {window: 50}\n"),
                "series.window is not used in mode collective (it applies to mode ramp); remove it");
        assertContains(StudyFiles.refused(with(ModeValidationTest.COLLECTIVE, "mode: collective",
                "mode: collective\ncommunications: []")), "'communications' is only used in mode m2n");
    }

    @Test
    void theResolvedFileHasTheInFlightWindowAndNoRampSettings() {
        ObjectNode r = new CollectiveStudy().resolved(StudyFiles.plan(ModeValidationTest.COLLECTIVE
                + "series: {inFlightWindow: 7}\n"));
        assertEquals("collective", r.get("mode").asText());
        assertEquals(7, r.get("series").get("inFlightWindow").asInt());
        assertFalse(r.get("series").has("window"));
        assertFalse(r.has("criticalLoad"));
        assertFalse(r.has("loads"));
    }
}
