package org.fabrica.study.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;

/**
 * What mode steady computes alone: its loads, the phase of a point for the progress, its end
 * condition and saturation. The whole mode runs in the runner's tests (SteadyStudyTest there) and
 * the golden results (examples/quickstart.yaml and most examples).
 */
class SteadyStudyTest {
    private static SteadyStudy.LoadPoints points(long saturationCheck) {
        return new SteadyStudy.LoadPoints(List.of(0.1), 300, 700, 4000, saturationCheck, false, "cycles", null);
    }

    private static ExperimentDocument doc(String yaml) {
        return ExperimentDocument.parse("steady.yaml", "name: s\n" + yaml, Map.of());
    }

    @Test
    void aPointSaysItsPhaseByCycleForTheRunsProgress() {
        SteadyStudy.LoadPoints checked = points(200);
        assertEquals("warm-up to cycle 300", SteadyStudy.phase(checked, 0));
        assertEquals("warm-up to cycle 300", SteadyStudy.phase(checked, 299));
        assertEquals("window to cycle 1,000, check at cycle 500", SteadyStudy.phase(checked, 300));
        assertEquals("window past the check, to cycle 1,000", SteadyStudy.phase(checked, 500));
        assertEquals("drain, limit at cycle 5,000", SteadyStudy.phase(checked, 1000));
        SteadyStudy.LoadPoints unchecked = points(0);
        assertEquals("window to cycle 1,000", SteadyStudy.phase(unchecked, 999));
        assertEquals("drain, limit at cycle 5,000", SteadyStudy.phase(unchecked, 4999));
    }

    @Test
    void loadsAreAListARangeOrOneNumberEachOnce() {
        ExperimentDocument d = doc("loads: {from: 0.1, to: 0.3, step: 0.1}\n");
        assertEquals(List.of(0.1, 0.2, 0.3), SteadyStudy.loads(d, d.root().get("loads")), "decimal steps, no drift");
        ExperimentDocument one = doc("loads: 0.25\n");
        assertEquals(List.of(0.25), SteadyStudy.loads(one, one.root().get("loads")));
        ExperimentDocument twice = doc("loads: [0.1, 0.2, 0.1]\n");
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> SteadyStudy.loads(twice, twice.root().get("loads")));
        assertTrue(e.getMessage().contains("load 0.1 appears twice; list each load once"), e.getMessage());
    }

    /** A process that never generates: the measurement only reads the pattern's foreground from the traffic. */
    private static final InjectionProcess SILENT = new InjectionProcess() {
        @Override
        public long next(int node, long previous, java.util.SplittableRandom random) {
            return NEVER;
        }

        @Override
        public double offeredLoad(long now) {
            return 0;
        }
    };

    /**
     * Two nodes; one packet generated in the window at cycle 400 and delivered at {@code delivered}:
     * the point ends at the window's last cycle (999) once it is delivered, or later when it arrives later.
     */
    private static long end(SteadyStudy.Measurement m, long delivered) {
        NetworkObserver events = m.observer(2, new StudyTraffic.Packets((source, random) -> 1 - source, SILENT, "t"));
        for (long c = 0; c < 5000; c++) {
            if (c == 400) {
                events.packetGenerated(0, 0, 1, 4, c);
            }
            if (c == delivered) {
                events.packetDelivered(0, 0, 1, 4, 400, 400, c, 1);
            }
            if (m.ended(c)) {
                return c;
            }
        }
        return -1;
    }

    @Test
    void aPointEndsWhenTheWindowsPacketsAreDeliveredAndNoCycleBeforeTheWindowsEndIsNeeded() {
        SteadyStudy.Measurement early = new SteadyStudy.Measurement(points(0));
        assertEquals(999, end(early, 420), "the window's last cycle, its packet delivered");
        assertEquals(999, early.nextBoundary(10), "the clock alone ends a point only at the window's end");
        assertEquals(Long.MAX_VALUE, early.nextBoundary(999));
        StudyMeasurement.Outcome o = early.outcome(1000, StudyMeasurement.End.MEASURED);
        assertEquals("every measured packet delivered", o.endNote());
        assertFalse(o.saturated(), "what the window generated, it accepted");
        SteadyStudy.Measurement late = new SteadyStudy.Measurement(points(0));
        assertEquals(1500, end(late, 1500), "the drain waits for the window's packet");
    }

    @Test
    void aCheckedPointThatAcceptsTooLittleEndsAtTheCheckItsWindowCut() {
        SteadyStudy.Measurement m = new SteadyStudy.Measurement(points(200));
        assertEquals(499, end(m, -1), "the check's last cycle: window start 300 + 200 - 1");
        StudyMeasurement.Outcome o = m.outcome(500, StudyMeasurement.End.MEASURED);
        assertTrue(o.saturated());
        assertTrue(o.endNote().startsWith("accepted throughput below 0.95 x offered load over the window's first 200"
                + " cycles (saturationCheck)"), o.endNote());
        assertEquals(200.0, o.metrics().stream().filter(x -> x.name().equals("window.cycles")).findFirst()
                .orElseThrow().value());
        assertFalse(o.metrics().isEmpty());
    }
}
