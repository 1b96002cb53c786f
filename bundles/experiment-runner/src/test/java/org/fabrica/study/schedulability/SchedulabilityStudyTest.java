package org.fabrica.study.schedulability;

import static org.fabrica.study.schedulability.Runs.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.junit.jupiter.api.Test;

/** What {@link SchedulabilityStudy} owns: its keys, one point per topology, scheduler and seed, its resolved keys. */
class SchedulabilityStudyTest {
    /** The message with which reading {@code yaml} is refused. */
    private static String refused(String yaml) {
        return assertThrows(ExperimentException.class, () -> Runs.spec(yaml)).getMessage();
    }

    @Test
    void onePointPerTopologySchedulerAndSeed() {
        List<StudyPoint> points = Runs.spec(SchedulabilityModeTest.STUDY).study().points(Runs.spec(SchedulabilityModeTest.STUDY));
        assertEquals(2 * 3 * 2, points.size());
        assertEquals("ft-l2-w4/level-wise/schedulability/s1", points.get(0).pointId());
        assertEquals("ft-l2-w4/level-wise/schedulability/s2", points.get(1).pointId());
        assertEquals("ft-l3-w4/random/schedulability/s2", points.get(11).pointId());
        assertEquals("schedulability", Runs.spec(SchedulabilityModeTest.STUDY).study().loadNote(points.get(0)));
    }

    @Test
    void theKeysOfPacketSimulationAreRefusedWithWhereTheyGo() {
        assertContains(refused(SchedulabilityModeTest.STUDY + "topology: {name: ft, l: 2, w: 4}\n"),
                "'topology' is not used in mode schedulability (it runs circuit schedulers on random permutations, "
                        + "without packet simulation); list the trees under 'topologies'");
        assertContains(refused(SchedulabilityModeTest.STUDY + "schemes: []\n"),
                "list the schedulers under 'schedulers'");
        assertContains(refused(SchedulabilityModeTest.STUDY + "loads: [0.1]\n"),
                "'loads' is not used in mode schedulability");
    }

    @Test
    void theResolvedFileListsTopologiesAndSchedulersOnly() {
        StudyPlan plan = Runs.plan(SchedulabilityModeTest.STUDY);
        ObjectNode r = plan.spec().study().resolved(plan);
        assertEquals("schedulability", r.get("mode").asText());
        assertEquals(2, r.get("topologies").size());
        assertEquals("greedy", r.get("schedulers").get(1).get("label").asText());
        assertFalse(r.has("topology"));
        assertFalse(r.has("deadlockCycles"));
    }
}
