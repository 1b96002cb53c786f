package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Time spent paused is not simulation time: not in a point's wall time, not in the estimate of what is left. */
class PausedTimeTest {
    @TempDir
    Path tmp;

    @Test
    void aPointsWallTimeLeavesOutTheTimeItWasPaused() throws InterruptedException {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        Path file = Fixtures.write(tmp, "p.yaml", Fixtures.TINY.replace("loads: [0.05, 0.1]", "loads: [0.05]"));
        long start = System.nanoTime();
        RunHandle h = runner.start(file, new RunOptions(tmp.resolve("out"), false, 1, Map.of(), true), null);
        Fixtures.waitFor("the point to park before its first cycle", () -> h.state() == RunState.PAUSED
                && !((java.util.List<?>) h.stats().get("active")).isEmpty());
        Thread.sleep(1500);
        h.resume();
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        double elapsed = (System.nanoTime() - start) / 1e9;
        PointResult r = h.results().get(0);
        double wall = PointRecords.metric(r, "sim.wallSeconds");
        assertTrue(elapsed > 1.5, "the run took " + elapsed + " s");
        assertTrue(wall < elapsed - 1.4, "wall " + wall + " s of a run of " + elapsed + " s paused 1.5 s");
        assertTrue(r.wallMillis() < (elapsed - 1.4) * 1000, "wall millis " + r.wallMillis());
        // the thread slept while paused: its CPU time leaves the pause out as well
        double cpu = PointRecords.metric(r, "sim.cpuSeconds");
        assertTrue(cpu > 0 && cpu < elapsed - 1.4, "CPU " + cpu + " s of a run of " + elapsed + " s paused 1.5 s");
        double rate = PointRecords.metric(r, "sim.routerCyclesPerCpuSecond");
        assertEquals(PointRecords.metric(r, "sim.cycles") * 16 / cpu, rate, rate * 1e-9, "16 routers x cycles / CPU s");
    }

    @Test
    void theStatsOfAFinishedRunCountItsPoints() {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        Path file = Fixtures.write(tmp, "s.yaml", Fixtures.TINY);
        RunHandle h = runner.start(file, Fixtures.options(tmp.resolve("s")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        Map<String, Object> stats = h.stats();
        long generated = (Long) stats.get("generated");
        assertTrue(generated > 0, "a finished run's stats are not all zeros: " + stats);
        double sum = 0;
        for (PointResult r : h.results()) {
            sum += PointRecords.metric(r, "packets.generated");
        }
        assertEquals((long) sum, generated);
        assertEquals(0L, stats.get("inFlight"));
    }

    @Test
    void aResumedRunEstimatesWhatIsLeftFromThePointsItRanItself() {
        // equal weights: 16 of 66 points came from the journal; one more took 100 s here: 49 such points are left
        assertEquals(4900, PointCosts.secondsLeft(1, 49, 100), 1e-9);
        // a run from the start: 11 of 66 points in 100 s leave 55 points, 500 s
        assertEquals(500, PointCosts.secondsLeft(11, 55, 100), 1e-9);
        assertTrue(Double.isNaN(PointCosts.secondsLeft(0, 50, 100)), "no rate before a point of its own");
    }

    @Test
    void pointsWeighTheMeanTimeOfTheFinishedPointsAtTheirLoad() {
        PointCosts c = new PointCosts();
        assertEquals(1, c.weight(0.5), "every point the same before any finished");
        c.add(0.1, 100_000);
        c.add(0.1, 300_000);
        c.add(0.5, 2_000_000);
        c.add(0.9, 0); // no time: no lesson
        assertEquals(200_000, c.weight(0.1), 1e-9);
        assertEquals(2_000_000, c.weight(0.5), 1e-9);
        assertEquals(800_000, c.weight(0.7), 1e-9, "a load not seen yet: the mean of all finished points");
        assertEquals(800_000, c.weight(0.9), 1e-9);
        // two cheap points done here in 400 s, two dear ones left: 4,000 s, where equal weights said 400 s
        double doneHere = 2 * c.weight(0.1);
        double left = 2 * c.weight(0.5);
        assertEquals(4000, PointCosts.secondsLeft(doneHere, left, 400), 1e-9);
    }

    @Test
    void durationsReadAsPeopleSayThem() {
        assertEquals("1 s", ExperimentRun.duration(0.2));
        assertEquals("45 s", ExperimentRun.duration(45));
        assertEquals("12 min", ExperimentRun.duration(12 * 60 + 10));
        assertEquals("2.5 h", ExperimentRun.duration(2.5 * 3600));
    }
}
