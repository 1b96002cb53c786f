package org.fabrica.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsStoreTest {
    @TempDir
    Path tmp;

    private static PointResult result(String experiment, int index, String failure, double latency) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("pattern", "uniform");
        notes.put("scheme", "dor");
        notes.put("load", "0." + (index + 1));
        notes.put("seed", "1");
        notes.put("status", failure == null ? "ok" : "failed");
        notes.put("saturated", "false");
        List<Metric> metrics = failure != null ? List.of() : List.of(
                new Metric("accepted", 0.1 * (index + 1), "flits/node/cycle", "accepted"),
                new Metric("latency.avg", latency, "cycles", "latency"));
        return new PointResult(new SweepPoint(experiment, "uniform/dor/l0." + (index + 1) + "/s1", index), metrics, notes,
                failure, 12);
    }

    @Test
    void journalLinesRoundTripWithUndefinedValues() {
        PointResult r = result("e1", 0, null, Double.NaN);
        String line = PointRecords.line(r);
        assertFalse(line.contains("\n"));
        assertTrue(line.contains("\"value\":null"), line);
        PointResult back = PointRecords.parse(line);
        assertEquals(r.point(), back.point());
        assertEquals(r.notes(), back.notes());
        assertTrue(Double.isNaN(PointRecords.metric(back, "latency.avg")));
        assertEquals(0.1, PointRecords.metric(back, "accepted"));
        assertThrows(IllegalArgumentException.class, () -> PointRecords.parse("{\"experimentId\":\"e1\"}"));
        assertThrows(IllegalArgumentException.class, () -> PointRecords.parse(line.substring(0, line.length() / 2)));
    }

    @Test
    void appendWritesTheJournalAndRewritesTheCsv() throws IOException {
        Path dir = tmp.resolve("r");
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            s.append(result("e1", 1, null, 40.5));
            s.append(result("e1", 0, "routing 'x' failed, \"badly\"", 0));
            List<String> journal = Files.readAllLines(dir.resolve(ResultsStore.JOURNAL));
            assertEquals(2, journal.size());
            List<String> csv = Files.readAllLines(dir.resolve(ResultsStore.CSV));
            assertEquals("pointId,index,pattern,scheme,load,seed,status,accepted,latency.avg,swaps,failure", csv.get(0));
            assertEquals("uniform/dor/l0.1/s1,0,uniform,dor,0.1,1,failed,,,,\"routing 'x' failed, \"\"badly\"\"\"",
                    csv.get(1), "rows by index, RFC 4180 quoting");
            assertEquals("uniform/dor/l0.2/s1,1,uniform,dor,0.2,1,ok,0.2,40.5,,", csv.get(2));
            assertThrows(IllegalArgumentException.class, () -> s.append(result("e2", 3, null, 1)));
        }
    }

    @Test
    void resumeKeepsSucceededPointsAndRunsFailedOnesAgain() throws IOException {
        Path dir = tmp.resolve("r");
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            s.append(result("e1", 0, null, 30));
            s.append(result("e1", 1, "boom", 0));
        }
        try (ResultsStore s = ResultsStore.open(dir, "e1", true)) {
            assertEquals(Set.of("uniform/dor/l0.1/s1"), s.finishedIds());
            assertEquals(2, s.kept().size());
            s.append(result("e1", 1, null, 50));
            assertEquals(2, s.results().size(), "a point's last line wins");
            assertEquals(50, PointRecords.metric(s.results().get(1), "latency.avg"));
        }
        assertEquals(3, Files.readAllLines(dir.resolve(ResultsStore.JOURNAL)).size());
    }

    @Test
    void aDamagedLineInsideTheJournalIsReportedNotSkipped() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("r"));
        String good = PointRecords.line(result("e1", 0, null, 30));
        Files.writeString(dir.resolve(ResultsStore.JOURNAL), good + "\n{garbage\n" + good + "\n");
        ExperimentException e = assertThrows(ExperimentException.class, () -> ResultsStore.open(dir, "e1", true));
        assertTrue(e.getMessage().contains("is damaged at line 2"), e.getMessage());
    }

    @Test
    void startingOverMovesTheOutputsOfTheEarlierRunAside() throws IOException {
        Path dir = tmp.resolve("r");
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            s.append(result("e1", 0, null, 30));
            s.writeText(ResultsStore.REPORT, "<html>old</html>");
        }
        Files.createDirectories(dir.resolve("plots"));
        Files.writeString(dir.resolve("plots/latency-uniform.svg"), "<svg/>");
        Files.writeString(dir.resolve(".points.csv.tmp"), "half");
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            assertTrue(s.kept().isEmpty());
        }
        assertEquals(0, Files.size(dir.resolve(ResultsStore.JOURNAL)));
        assertFalse(Files.exists(dir.resolve(ResultsStore.REPORT)));
        assertFalse(Files.exists(dir.resolve("plots/latency-uniform.svg")));
        assertFalse(Files.exists(dir.resolve(".points.csv.tmp")), "a killed run's temporary file is cleaned up");
        // ... but never destroys them: the finished run's files are kept under earlier/<time>/
        List<Path> earlier;
        try (var list = Files.list(dir.resolve(ResultsStore.EARLIER))) {
            earlier = list.toList();
        }
        assertEquals(1, earlier.size(), earlier.toString());
        Path kept = earlier.get(0);
        assertEquals(1, Files.readAllLines(kept.resolve(ResultsStore.JOURNAL)).size());
        assertEquals("<html>old</html>", Files.readString(kept.resolve(ResultsStore.REPORT)));
        assertEquals("<svg/>", Files.readString(kept.resolve("plots/latency-uniform.svg")));
        // a folder without finished points (a run stopped before its first point) has nothing to keep
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            assertTrue(s.kept().isEmpty());
        }
        try (var list = Files.list(dir.resolve(ResultsStore.EARLIER))) {
            assertEquals(1, list.count(), "an empty journal is not kept");
        }
    }

    @Test
    void aCommandThatOnlyReadsAKilledRunsFolderMarksItInterruptedButNeverALiveRunsFolder() throws IOException {
        Path dir = tmp.resolve("killed");
        ResultsStore live = ResultsStore.open(dir, "e1", false);
        live.append(result("e1", 0, null, 30));
        live.writeRun(new RunRecord("e-1", "e", "e1", "1", "running", "2026-01-01T00:00:00Z", null, 2, 0, 1, 0, 0, 1,
                List.of(), List.of(), null));
        // the run holds the folder: nothing to settle
        assertTrue(ResultsStore.settleInterrupted(dir).isEmpty());
        assertEquals("running", PointRecords.JSON.readTree(dir.resolve(ResultsStore.RUN).toFile()).get("state").asText());
        live.close(); // as kill -9 leaves it: the lock is free, the record still says running
        String note = ResultsStore.settleInterrupted(dir).orElseThrow();
        assertTrue(note.contains("run e-1 of " + dir + " ended without closing its results folder"), note);
        assertTrue(note.contains("1 of 2 points are done"), note);
        assertTrue(note.contains("--resume runs the others"), note);
        assertEquals("interrupted", PointRecords.JSON.readTree(dir.resolve(ResultsStore.RUN).toFile()).get("state").asText());
        assertTrue(ResultsStore.settleInterrupted(dir).isEmpty(), "settled once");
        // and the folder can be opened by a run afterwards (the lock was released)
        try (ResultsStore s = ResultsStore.open(dir, "e1", true)) {
            assertEquals(1, s.kept().size());
        }
    }

    @Test
    void aRunRecordLeftRunningByAKilledRunSaysInterruptedWhenTheFolderIsOpenedAgain() throws IOException {
        Path dir = tmp.resolve("r");
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            s.append(result("e1", 0, null, 30));
            s.writeRun(new RunRecord("e-1", "e", "e1", "1", "running", "2026-01-01T00:00:00Z", null, 2, 0, 1, 0, 0, 1,
                    List.of(), List.of(), null));
        }
        try (ResultsStore s = ResultsStore.open(dir, "e1", true)) {
            com.fasterxml.jackson.databind.JsonNode run = PointRecords.JSON.readTree(dir.resolve(ResultsStore.RUN).toFile());
            assertEquals("interrupted", run.get("state").asText());
            assertFalse(run.get("ended").isNull());
            assertTrue(run.get("error").asText().contains("ended without closing its results folder"));
            assertEquals("e-1", run.get("runId").asText(), "the rest of the record is kept");
        }
        // a finished run's record is left as it is
        try (ResultsStore s = ResultsStore.open(dir, "e1", true)) {
            s.writeRun(new RunRecord("e-2", "e", "e1", "1", "finished", "2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z",
                    2, 1, 1, 0, 0, 1, List.of(), List.of(), null));
        }
        try (ResultsStore s = ResultsStore.open(dir, "e1", true)) {
            assertEquals("finished", PointRecords.JSON.readTree(dir.resolve(ResultsStore.RUN).toFile()).get("state").asText());
        }
    }

    @Test
    void aRunRefusedInThisProcessLeavesTheRunningRunsLockHeldAgainstOtherProcesses() throws Exception {
        Path dir = tmp.resolve("r");
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            assertThrows(ExperimentException.class, () -> ResultsStore.open(dir, "e1", false));
            assertThrows(ExperimentException.class, () -> ResultsStore.open(dir, "e1", true));
            // POSIX locks belong to the process: a second channel closed here would have freed the lock
            assertEquals("locked", otherProcessTriesTheLock(dir.resolve(ResultsStore.LOCK)));
        }
        assertEquals("free", otherProcessTriesTheLock(dir.resolve(ResultsStore.LOCK)));
    }

    /** Runs a separate JVM that tries to lock the file: "locked" when it cannot, "free" when it can. */
    private String otherProcessTriesTheLock(Path lockFile) throws Exception {
        Path probe = tmp.resolve("LockProbe.java");
        Files.writeString(probe, """
                import java.nio.channels.FileChannel;
                import java.nio.file.Path;
                import java.nio.file.StandardOpenOption;
                public class LockProbe {
                    public static void main(String[] a) throws Exception {
                        try (FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.WRITE)) {
                            System.out.print(c.tryLock() == null ? "locked" : "free");
                        }
                    }
                }
                """);
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(javaBin, probe.toString(), lockFile.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    @Test
    void aFolderInUseByAnotherRunIsRefused() {
        Path dir = tmp.resolve("r");
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            ExperimentException e = assertThrows(ExperimentException.class, () -> ResultsStore.open(dir, "e1", true));
            assertTrue(e.getMessage().contains("is in use by another run"), e.getMessage());
            s.append(result("e1", 0, null, 1));
        }
        try (ResultsStore again = ResultsStore.open(dir, "e1", true)) {
            assertEquals(1, again.kept().size(), "the folder is free again once the run closed it");
        }
    }

    @Test
    void checkWritesNothing() {
        Path dir = tmp.resolve("a/b/c");
        ResultsStore.check(dir, "e1", false);
        assertFalse(Files.exists(tmp.resolve("a")));
    }

    @Test
    void atomicWritesLeaveNoTemporaryFile() throws IOException {
        Path f = tmp.resolve("x.csv");
        AtomicFile.write(f, "one");
        AtomicFile.write(f, "two");
        assertEquals("two", Files.readString(f));
        try (var s = Files.list(tmp)) {
            assertEquals(List.of(f), s.toList());
        }
    }

    @Test
    void seriesTablesRoundTripThroughCsvWithUndefinedCells() {
        SeriesTable t = new SeriesTable(List.of("cycle", "latency"),
                List.of(new double[] {0, 100, 200}, new double[] {12.5, Double.NaN, 1e-7}));
        String csv = t.csv();
        assertEquals("cycle,latency\r\n0,12.5\r\n100,\r\n200,1.0E-7\r\n", csv);
        SeriesTable back = SeriesTable.parse(csv);
        assertEquals(t.names(), back.names());
        assertEquals(3, back.rows());
        assertEquals(1e-7, back.column("latency")[2]);
        assertTrue(Double.isNaN(back.column("latency")[1]));
        assertThrows(IllegalArgumentException.class, () -> SeriesTable.parse("a,b\n1\n"));
        assertThrows(IllegalArgumentException.class, () -> SeriesTable.parse("a\nx\n"));
        assertThrows(IllegalArgumentException.class, () -> back.column("missing"));
        // a one-column table's undefined cell is an empty line: it stays a row
        SeriesTable one = new SeriesTable(List.of("v"), List.of(new double[] {1, Double.NaN, 3}));
        SeriesTable oneBack = SeriesTable.parse(one.csv());
        assertEquals(3, oneBack.rows(), one.csv());
        assertTrue(Double.isNaN(oneBack.column("v")[1]));
    }

    @Test
    void seriesFilesAreWrittenPerPointAndRemovedWhenStartingOver() throws IOException {
        Path dir = tmp.resolve("r");
        SeriesTable series = new SeriesTable(List.of("cycle", "inFlight"), List.of(new double[] {9}, new double[] {3}));
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            s.writeArtefacts("uniform/dor/collective/s1", new PointArtefacts(null, series, series, null, 4));
        }
        Path file = dir.resolve("series/uniform_dor_collective_s1-inflight.csv");
        assertEquals(series.csv(), Files.readString(file));
        assertTrue(Files.exists(dir.resolve("series/uniform_dor_collective_s1-nodes.csv")));
        try (ResultsStore s = ResultsStore.open(dir, "e1", true)) {
            assertTrue(Files.exists(file), "resume keeps the series of the points it keeps");
        }
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            assertFalse(Files.exists(file), "starting over removes the earlier run's series");
        }
    }
}
