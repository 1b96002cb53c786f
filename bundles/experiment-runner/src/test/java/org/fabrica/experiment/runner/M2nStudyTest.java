package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.fabrica.experiment.runner.Fixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.fabrica.experiment.study.StudyPoint;
import org.junit.jupiter.api.Test;

/** What mode m2n (bundle study-m2n, found on the class path as a framework finds it) owns: its keys, one point per communication and scheme that runs on it, per seed. */
class M2nStudyTest {
    /** Two communications; the shuffle scheme runs on the second only. */
    private static final String TWO = with(with(M2nModeTest.SIX_TO_TEN, """
                messageBytes: 1024
            """, """
                messageBytes: 1024
              - label: two-to-two
                senders: [0, 1]
                receivers: [14, 15]
                messageBytes: 512
            """), """
                scheduler: shuffle
                routing: {name: smodk, topForced: true}
            """, """
                scheduler: shuffle
                routing: {name: smodk, topForced: true}
                communications: [two-to-two]
            """) + "seeds: 2\n";

    @Test
    void aSchemeRunsOnlyOnItsCommunications() {
        List<StudyPoint> points = StudyFiles.points(TWO);
        assertEquals(List.of("six-to-ten/baseline/m2n/s1", "six-to-ten/baseline/m2n/s2", "two-to-two/baseline/m2n/s1",
                "two-to-two/baseline/m2n/s2", "two-to-two/shuffle/m2n/s1", "two-to-two/shuffle/m2n/s2"),
                points.stream().map(StudyPoint::pointId).toList());
        assertEquals(1, points.get(4).scheme());
        assertEquals("m2n", StudyFiles.spec(TWO).study().loadNote(points.get(4)));
    }

    @Test
    void theKeysOfTheOtherModesAreRefused() {
        assertContains(StudyFiles.refused(M2nModeTest.SIX_TO_TEN + "traffic: {packetFlits: 4, patterns: [uniform]}\n"),
                "'traffic' is not used in mode m2n (it plays the communications' schedules until every packet is "
                        + "delivered); describe the traffic under 'communications'");
        assertContains(StudyFiles.refused(M2nModeTest.SIX_TO_TEN + "loads: [0.1]\n"),
                "'loads' is not used in mode m2n (it plays the communications' schedules until every packet is "
                        + "delivered); remove it");
    }

    @Test
    void theSweepSummaryNamesTheCommunications() {
        String summary = StudyFiles.plan(TWO).summary();
        assertContains(summary, "m2n mode, 2 communication(s), 2 scheme(s), 2 seed(s) = 6 points");
        assertContains(summary, "scheme    shuffle: scheduler shuffle");
        assertContains(summary, ", on [two-to-two]");
    }
}
