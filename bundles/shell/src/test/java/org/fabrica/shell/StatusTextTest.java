package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.fabrica.experiment.results.RunRecord;
import org.fabrica.experiment.results.RunStatus;
import org.junit.jupiter.api.Test;

class StatusTextTest {
    private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");
    private static final Path DIR = Path.of("results", "k48");

    private static RunRecord record(String state, String ended, String error) {
        return new RunRecord("k48-1", "kns-2d-zipf3", "ac25d2940a70513f", "0.1.0", state, "2026-11-28T10:00:00Z", ended,
                66, 0, 0, 0, 0, 2, List.of(), List.of(), error);
    }

    private static final RunStatus.Progress PROGRESS = new RunStatus.Progress("2026-11-28T11:59:46Z", 0.215,
            "14/66 points, 2 running, about 4.1 h left", List.of(
                    new RunStatus.RunningPoint("zipf/1vc/l0.5/s1", 300_000, "window past the check, to cycle 586,000",
                            9, false, 720),
                    new RunStatus.RunningPoint("zipf/1vc/l0.6/s1", 4096, null, 1234, true, 30)));

    @Test
    void aLiveRunShowsItsProgressAndRunningPoints() {
        String t = StatusText.text(new RunStatus(DIR, record("running", null, null), true, 14, 3, 0, 7200, PROGRESS),
                NOW);
        assertEquals(DIR + ": kns-2d-zipf3 (experiment id ac25d2940a70513f), running, started 2026-11-28T10:00:00Z"
                + " (2.0 h ago)\n"
                + "  points    14 of 66 done: 11 complete, 3 saturated, 0 failed; 2.0 h of point time\n"
                + "  progress  21% 14/66 points, 2 running, about 4.1 h left (as of 14 s ago)\n"
                + "  running   zipf/1vc/l0.5/s1: cycle 300,000, window past the check, to cycle 586,000; 12 min\n"
                + "            zipf/1vc/l0.6/s1: cycle 4,096, 1,234 packets delivered (paused); 30 s\n", t);
    }

    @Test
    void aKilledRunIsInterruptedWithItsLostPointsAndHowToContinue() {
        String t = StatusText.text(new RunStatus(DIR, record("running", null, null), false, 14, 3, 1, 7200, PROGRESS),
                NOW);
        assertTrue(t.contains("interrupted: its run.json says running but no run holds the folder"), t);
        assertTrue(t.contains("  lost      zipf/1vc/l0.5/s1: cycle 300,000"), t);
        assertTrue(t.contains("(running at its last progress, 14 s ago; a point is kept only when it finishes)"), t);
        assertTrue(t.contains("  continue  ./fabrica run " + DIR + " --resume"), t);
        assertTrue(t.contains("runs the 52 points not done"), t);
        assertFalse(t.contains("  progress"), "a dead run's progress line is not its progress");
    }

    @Test
    void anEndedRunSaysHowAndWhenAndNeedsNoContinuationWhenEveryPointIsDone() {
        String t = StatusText.text(new RunStatus(DIR, record("finished", "2026-11-28T11:30:00Z", null), false, 66, 20,
                0, 30000, null), NOW);
        assertEquals(DIR + ": kns-2d-zipf3 (experiment id ac25d2940a70513f), finished 2026-11-28T11:30:00Z (30 min ago)"
                + " after 1.5 h\n  points    66 of 66 done: 46 complete, 20 saturated, 0 failed; 8.3 h of point"
                + " time\n", t);
        String stopped = StatusText.text(new RunStatus(DIR, record("stopped", "2026-11-28T11:30:00Z", "stopped by the"
                + " user"), false, 10, 0, 0, 600, null), NOW);
        assertTrue(stopped.contains("  error     stopped by the user\n"), stopped);
        assertTrue(stopped.contains("runs the 56 points not done"), stopped);
    }
}
