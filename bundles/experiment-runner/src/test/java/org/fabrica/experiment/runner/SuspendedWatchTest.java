package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process stopped (or a machine asleep) while points run: the time it did not run is not held
 * against the points, so they do not count as stuck when it goes on and their wall time leaves it
 * out, and so does the run's estimate of what is left; a point that then really stops coming to cycle
 * boundaries still does.
 */
class SuspendedWatchTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long S = TimeUnit.SECONDS.toNanos(1);

    @TempDir
    Path tmp;

    @Test
    void aLateReadingCountsAsSleepBeyondTheExpectedGap() {
        PointWatch.AwakeClock clock = new PointWatch.AwakeClock(250 * MS, 5 * S);
        assertEquals(0, clock.slept(0), "the first reading");
        assertEquals(0, clock.slept(250 * MS));
        assertEquals(0, clock.slept(4 * S), "a slow poll on a busy machine is not sleep");
        assertEquals(900 * S - 250 * MS, clock.slept(4 * S + 900 * S));
        assertEquals(0, clock.slept(904 * S + 250 * MS));
    }

    @Test
    void theTimeAProcessWasStoppedIsNotHeldAgainstItsPoints() {
        PointControl c = Fixtures.idleControl();
        long start = System.nanoTime();
        long stall = 120 * S;
        // 15 minutes stopped right after the last checkpoint
        assertNotNull(c.stall(start + 900 * S, stall, 10 * S), "without the excuse the point looks stuck");
        assertEquals(0, c.pausedNanos());
        c.excuse(900 * S);
        assertNull(c.stall(start + 900 * S, stall, 10 * S), "the stopped time does not count");
        assertEquals(900 * S, c.pausedNanos(), "nor is it the point's wall time");
        // but a point that makes no progress after it still counts as stuck
        String stuck = c.stall(start + 900 * S + 121 * S, stall, 10 * S);
        assertNotNull(stuck);
        assertTrue(stuck.startsWith("has not come to a cycle boundary for 121 s"), stuck);
    }

    @Test
    void aPointsControlTellsItsRunThatTheProcessSlept() {
        List<Long> told = new ArrayList<>();
        PointControl c = Fixtures.idleControl(told::add);
        c.excuse(900 * S);
        assertEquals(List.of(900 * S), told);
    }

    @Test
    void theRunLeavesAStopOutOfItsEstimateOnceHoweverManyPointsSawIt() throws InterruptedException {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        Path file = Fixtures.write(tmp, "p.yaml", Fixtures.TINY.replace("loads: [0.05, 0.1]", "loads: [0.05]"));
        RunHandle h = runner.start(file, new RunOptions(tmp.resolve("out"), false, 1, Map.of(), true), null);
        ExperimentRun run = (ExperimentRun) h;
        run.slept(20 * MS);
        assertEquals(0, run.sleptNanos(), "while paused the pause leaves the span out already");
        h.resume();
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        // spans of 200 ms told 250 ms apart: the two tellings of one span are far closer than its length
        Thread.sleep(250);
        run.slept(200 * MS);
        run.slept(200 * MS); // another point's watch, at once: its span overlaps the one just told
        assertEquals(200 * MS, run.sleptNanos(), "one stop told by two points counts once");
        Thread.sleep(250);
        run.slept(200 * MS);
        assertEquals(400 * MS, run.sleptNanos(), "a later stop counts again");
    }
}
