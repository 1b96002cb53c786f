package org.fabrica.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RunStatus}: a results folder's run, read from the folder alone. */
class RunStatusTest {
    @TempDir
    Path tmp;

    private static PointResult point(int index, String status, boolean saturated, long wallMillis) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("pattern", "uniform");
        notes.put("scheme", "dor");
        notes.put("load", "0." + (index + 1));
        notes.put("seed", "1");
        notes.put("status", status);
        notes.put("saturated", Boolean.toString(saturated));
        boolean failed = "failed".equals(status);
        return new PointResult(new SweepPoint("e1", "uniform/dor/l0." + (index + 1) + "/s1", index),
                failed ? List.of() : List.of(new Metric("accepted", 0.1, "flits/node/cycle", "accepted")), notes,
                failed ? "boom" : null, wallMillis);
    }

    private static RunRecord record(String state, String ended) {
        return new RunRecord("e-1", "e", "e1", "0.1.0", state, "2026-11-28T10:00:00Z", ended, 5, 0, 0, 0, 0, 2,
                List.of(), List.of(), null);
    }

    private static Map<String, Object> running(String id, long cycle, String phase) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("point", id);
        p.put("cycle", cycle);
        p.put("delivered", 17L);
        p.put("paused", false);
        p.put("phase", phase);
        p.put("seconds", 600L);
        return p;
    }

    @Test
    void aLiveRunIsHeldAndShowsItsRunningPointsTillItEnds() {
        Path dir = tmp.resolve("r");
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            s.writeRun(record("running", null));
            s.append(point(0, "ok", false, 1500));
            s.append(point(1, "saturated", true, 2500));
            s.append(point(2, "failed", false, 500));
            s.writeProgress(0.62, "3/5 points, 1 running", List.of(running("uniform/dor/l0.4/s1", 612_000,
                    "drain, limit at cycle 976,000")));
            RunStatus st = RunStatus.read(dir);
            assertTrue(st.live(), "the run of this process holds the folder");
            assertFalse(st.interrupted());
            assertEquals(3, st.done());
            assertEquals(1, st.saturated());
            assertEquals(1, st.failed());
            assertEquals(4.5, st.pointSeconds(), 1e-9);
            RunStatus.Progress p = st.progress();
            assertEquals(0.62, p.fraction(), 1e-12);
            assertEquals("3/5 points, 1 running", p.status());
            assertEquals(List.of(new RunStatus.RunningPoint("uniform/dor/l0.4/s1", 612_000,
                    "drain, limit at cycle 976,000", 17, false, 600)), p.running());
            s.writeRun(record("finished", "2026-11-28T11:00:00Z"));
        }
        assertFalse(Files.exists(dir.resolve(ResultsStore.PROGRESS)), "an ended run leaves no progress behind");
        RunStatus ended = RunStatus.read(dir);
        assertFalse(ended.live(), "the lock is free once the store is closed");
        assertFalse(ended.interrupted());
        assertNull(ended.progress());
        assertEquals("finished", ended.run().state());
    }

    @Test
    void aRecordThatSaysRunningWithNoRunHoldingTheFolderIsInterruptedAndKeepsItsLastProgress() throws IOException {
        Path dir = tmp.resolve("killed");
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            s.append(point(0, "ok", false, 1000));
        }
        // what a killed run leaves: its record still running, its last progress, half a journal line
        try (ResultsStore s = ResultsStore.open(dir, "e1", true)) {
            s.writeRun(record("running", null));
        }
        Files.writeString(dir.resolve(ResultsStore.PROGRESS), "{\"written\":\"2026-11-28T10:30:00Z\",\"fraction\":0.3,"
                + "\"status\":\"1/5 points, 1 running\",\"running\":[{\"point\":\"uniform/dor/l0.2/s1\",\"cycle\":4096,"
                + "\"delivered\":3,\"paused\":false,\"seconds\":12}]}");
        String line = PointRecords.line(point(1, "ok", false, 1000));
        Files.writeString(dir.resolve(ResultsStore.JOURNAL), line.substring(0, line.length() / 2),
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        RunStatus st = RunStatus.read(dir);
        assertFalse(st.live());
        assertTrue(st.interrupted());
        assertEquals(1, st.done(), "half a line is not a point");
        assertEquals(List.of(new RunStatus.RunningPoint("uniform/dor/l0.2/s1", 4096, null, 3, false, 12)),
                st.progress().running());
        assertEquals("running", RunStatus.read(dir).run().state(), "status reads; it changes nothing");
    }

    @Test
    void aFolderWithoutARunRecordIsRefusedNamingIt() {
        ExperimentException e = assertThrows(ExperimentException.class, () -> RunStatus.read(tmp));
        assertTrue(e.getMessage().contains("holds no run.json: not a results folder"), e.getMessage());
    }
}
