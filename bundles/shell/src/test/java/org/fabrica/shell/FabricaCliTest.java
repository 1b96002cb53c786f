package org.fabrica.shell;

import static org.fabrica.shell.Fakes.metric;
import static org.fabrica.shell.Fakes.point;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FabricaCliTest {
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final Fakes.FakeService service = new Fakes.FakeService();

    @TempDir
    Path tmp;

    private int run(String... args) {
        FabricaCli cli = new FabricaCli(service, Fakes.catalog(), new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8), false, null);
        return cli.execute(args);
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    /** A finished folder resumed: nothing runs, nothing is rewritten, and the way to run it again is named. */
    @Test
    void resumingAFinishedFolderSaysThereIsNothingToDo() throws IOException {
        Path dir = tmp.resolve("done");
        try (org.fabrica.experiment.results.ResultsStore store = org.fabrica.experiment.results.ResultsStore.open(dir,
                "e1", false)) {
            store.append(point(0, Map.of(), null, metric("accepted", 0.1)));
            store.append(point(1, Map.of(), null, metric("accepted", 0.2)));
            store.writeRun(new org.fabrica.experiment.results.RunRecord("e-1", "e", "e1", "0.1.0", "finished",
                    "2026-12-02T10:00:00Z", "2026-12-02T10:01:00Z", 2, 0, 2, 0, 0, 1, List.of(), List.of(), null));
        }
        Files.writeString(dir.resolve("experiment.yaml"), "name: e\n");
        long csvTime = Files.getLastModifiedTime(dir.resolve("points.csv")).toMillis();
        assertEquals(FabricaCli.OK, run("run", dir.toString(), "--resume"), err());
        assertTrue(out().startsWith("Nothing to do: run e-1 of " + dir.toAbsolutePath().normalize()
                + " finished all its 2 points"), out());
        assertTrue(out().contains("./fabrica run " + dir.toAbsolutePath().normalize() + "/experiment.yaml --out"), out());
        assertTrue(service.runs.isEmpty(), "no run started");
        assertEquals(csvTime, Files.getLastModifiedTime(dir.resolve("points.csv")).toMillis(), "outputs not rewritten");
        // a point missing, or a change with --set: the run goes on as usual
        assertEquals(FabricaCli.OK, run("run", dir.toString(), "--resume", "--set", "measure=10"), err());
        assertEquals(1, service.runs.size());
    }

    @Test
    void noCommandIsBadInput() {
        assertEquals(2, run());
        assertTrue(err().contains("No command given"), err());
    }

    @Test
    void unknownCommandOrOptionIsBadInput() {
        assertEquals(2, run("frobnicate"));
        assertEquals(2, run("run", "x.yaml", "--turbo"));
        assertEquals(2, run("run"));
        assertEquals(2, run("run", "x.yaml", "--threads", "many"));
        assertEquals(2, run("help", "rooting"));
        assertTrue(service.runs.isEmpty());
    }

    @Test
    void anUnknownCommandIsNamedWithTheClosestOnesAndTheList() {
        assertEquals(2, run("rnu", "x.yaml"));
        assertTrue(err().startsWith("unknown command 'rnu'; did you mean 'run'? Valid: run, validate"), err());
        assertTrue(err().contains("validate"), err());
        errBytes.reset();
        assertEquals(2, run("frobnicate"));
        assertTrue(err().startsWith("unknown command 'frobnicate'"), err());
        assertFalse(err().contains("Unmatched argument"), err());
        errBytes.reset();
        assertEquals(2, run("run", "x.yaml", "extra"));
        assertFalse(err().contains("unknown command"), "an extra argument of a command is not an unknown command: " + err());
    }

    @Test
    void anEmptyOutIsBadInputBeforeAnythingRuns() {
        assertEquals(2, run("run", "x.yaml", "--out", ""));
        assertTrue(err().contains("--out is empty; give the results folder"), err());
        assertTrue(service.runs.isEmpty());
    }

    @Test
    void invalidFileIsBadInputWithTheMessageOnly() {
        assertEquals(2, run("run", "bad.yaml"));
        assertEquals("Unknown routing provider 'dro'; did you mean 'dor'? Valid: dor\n", err());
        assertFalse(err().contains("\tat "), "no stack trace");
        assertTrue(service.runs.isEmpty());
        assertEquals(2, run("validate", "bad.yaml"));
    }

    @Test
    void runningOutOfMemoryIsAFailureWithTheHeapAndTheFixNotAStackTrace() {
        assertEquals(1, run("validate", "huge.yaml"));
        assertTrue(err().startsWith("out of memory: the Java heap (at most "), err());
        assertTrue(err().contains("FABRICA_JAVA_OPTS=-Xmx"), err());
        assertFalse(err().contains("\tat "), "no stack trace");
    }

    @Test
    void malformedSetOrNegativeThreadsIsBadInput() {
        assertEquals(2, run("run", "ok.yaml", "--set", "novalue"));
        assertTrue(err().contains("--set 'novalue' is not of the form key=value"), err());
        assertEquals(2, run("run", "ok.yaml", "--threads", "-1"));
        assertTrue(service.runs.isEmpty());
    }

    @Test
    void successfulRunPrintsTheSummaryAndExitsZero() {
        service.outcome = f -> List.of(point(0, Map.of("pattern", "uniform", "scheme", "dor", "load", "0.1", "seed", "1"),
                null, metric("offered", 0.1), metric("accepted", 0.0998), metric("latency.avg", 25.25),
                metric("latency.p99", 40), metric("saturated", 0)));
        Path out = tmp.resolve("res");
        assertEquals(0, run("run", "ok.yaml", "--out", out.toString(), "--threads", "3", "--set", "hardware.vcs=3",
                "--set", "loads=[0.1]", "--resume"));
        RunOptions o = service.options.get(0);
        assertEquals(out.toAbsolutePath(), o.outDir());
        assertEquals(3, o.threads());
        assertTrue(o.resume());
        assertFalse(o.startPaused());
        assertEquals(Map.of("hardware.vcs", "3", "loads", "[0.1]"), o.overrides());
        assertTrue(out().startsWith("Sweep of ok.yaml: 2 points\n"), out());
        assertTrue(out().contains("uniform  dor"), out());
        assertTrue(out().contains("Results: " + out.toAbsolutePath()), out());
        // progress without a terminal: plain lines on stderr
        assertTrue(err().contains("progress  50% half\n") && err().contains("progress 100% done\n"), err());
    }

    @Test
    void aModeSummaryIsPrintedAfterThePointTable() {
        service.outcome = f -> List.of(point(0, Map.of("pattern", "bitcomp", "scheme", "no-th", "seed", "1"), null,
                metric("duration", 1629)));
        service.modeSummary = "PATTERN  NO-TH  TH8\nbitcomp   1629  1400 (0.859)\n";
        assertEquals(0, run("run", "collective.yaml"));
        int table = out().indexOf("bitcomp  no-th");
        int summary = out().indexOf("PATTERN  NO-TH  TH8\nbitcomp   1629  1400 (0.859)\n");
        assertTrue(table >= 0 && summary > table, out());
        assertTrue(out().indexOf("Results: ") > summary, out());
    }

    @Test
    void aResultsFolderGivenAsTheFileRunsItsExperimentYamlIntoItself() throws IOException {
        Path folder = tmp.resolve("results-k48");
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("experiment.yaml"), "name: k48\n");
        Files.writeString(folder.resolve("run.json"), "{}");
        assertEquals(0, run("run", folder.toString(), "--resume"));
        assertEquals(folder.toAbsolutePath().resolve("experiment.yaml"), service.files.get(0));
        assertEquals(folder.toAbsolutePath(), service.options.get(0).outDir(), "the folder is the default --out");
        assertTrue(service.options.get(0).resume());
        Path elsewhere = tmp.resolve("elsewhere");
        assertEquals(0, run("run", folder.toString(), "--out", elsewhere.toString()));
        assertEquals(elsewhere.toAbsolutePath(), service.options.get(1).outDir(), "--out still decides");
        Path empty = tmp.resolve("empty");
        Files.createDirectories(empty);
        assertEquals(FabricaCli.BAD_INPUT, run("run", empty.toString()));
        assertTrue(err().contains(empty + " is a folder but not a results folder (it lacks experiment.yaml)"), err());
        Files.writeString(empty.resolve("experiment.yaml"), "name: mine\n");
        assertEquals(FabricaCli.BAD_INPUT, run("run", empty.toString()), "a file of that name is not enough");
        assertTrue(err().contains("(it lacks run.json)"), err());
    }

    @Test
    void withoutOutTheRunnerChoosesTheResultsFolder() {
        assertEquals(0, run("run", "examples/quickstart.yaml"));
        assertNull(service.options.get(0).outDir());
        assertEquals(0, service.options.get(0).threads());
    }

    @Test
    void failedPointExitsOneAndPrintsItsMessage() {
        service.outcome = f -> List.of(point(0, Map.of(), null, metric("accepted", 0.1)),
                point(1, Map.of(), "deadlock at cycle 1200: channels r3.x+ -> r4.y+ -> r3.x+"));
        assertEquals(1, run("run", "ok.yaml"));
        assertTrue(err().contains("point s0-p1 failed: deadlock at cycle 1200"), err());
        assertTrue(out().contains("FAILED"), out());
    }

    @Test
    void aStoppedRunExitsOneAndSaysHowToResume() {
        service.endState = RunState.STOPPED;
        Path out = tmp.resolve("res");
        assertEquals(1, run("run", "ok.yaml", "--out", out.toString()));
        assertTrue(err().contains("stopped; finished points are in " + out.toAbsolutePath()
                + "; continue with: ./fabrica run " + out.toAbsolutePath() + " --resume"), err());
    }

    @Test
    void aRunThatBrokeSaysWhy() {
        service.endState = RunState.FAILED;
        service.runError = "no space left on device while writing /r/points.csv: free space, then ./fabrica run /r"
                + " --resume";
        assertEquals(1, run("run", "ok.yaml"));
        assertTrue(err().lines().anyMatch(l -> l.endsWith(" ended failed: no space left on device while writing "
                + "/r/points.csv: free space, then ./fabrica run /r --resume")), "the command, as it is: " + err());
    }

    @Test
    void theContinueCommandQuotesAFolderTheShellWouldSplit() {
        assertEquals("./fabrica run results/a-b_1 --resume", FabricaCli.continueCommand(Path.of("results/a-b_1")));
        assertEquals("./fabrica run '/tmp/my runs/it'\\''s' --resume",
                FabricaCli.continueCommand(Path.of("/tmp/my runs/it's")));
    }

    @Test
    void schedulePrintsThePlansAsATableOrCsv() {
        assertEquals(0, run("schedule", "m2n.yaml"));
        assertEquals("== c (1-to-1), scheme s\n  round 1: (0,7)\n", out());
        assertEquals(0, run("schedule", "m2n.yaml", "--csv", "--set", "seeds=[2]"));
        assertTrue(out().endsWith("communication,scheme,transaction\nc,s,1\n"), out());
        assertEquals("[2]", service.validated.get(1).overrides().get("seeds"));
        assertEquals(2, run("schedule", "bad.yaml"));
        assertTrue(err().contains("has no schedules to print"), err());
        assertTrue(service.runs.isEmpty(), "schedule runs nothing");
    }

    @Test
    void validatePrintsTheDescription() {
        assertEquals(0, run("validate", "ok.yaml", "--set", "seeds=[1,2]"));
        assertEquals("Sweep of ok.yaml: 2 points\n", out());
        assertTrue(service.runs.isEmpty());
    }

    @Test
    void validateTakesTheOptionsOfRunSoItChecksTheResultsFolder() {
        Path out = tmp.resolve("res");
        assertEquals(0, run("validate", "ok.yaml", "--out", out.toString(), "--resume", "--threads", "1"));
        RunOptions o = service.validated.get(service.validated.size() - 1);
        assertEquals(out.toAbsolutePath(), o.outDir());
        assertTrue(o.resume());
        assertTrue(service.runs.isEmpty());
    }

    @Test
    void algorithmsAndHelp() {
        assertEquals(0, run("algorithms"));
        assertTrue(out().contains("west-first"), out());
        assertEquals(0, run("help", "routing", "dor"));
        assertTrue(out().contains("two-per-ring"), out());
        assertEquals(2, run("help", "routing", "dro"));
        assertTrue(err().contains("did you mean 'dor'"), err());
    }

    @Test
    void helpAloneAndHelpOfACommandOrAConcept() {
        assertEquals(0, run("help"));
        assertTrue(out().startsWith("Usage: fabrica [-hV] [COMMAND]"), out());
        assertTrue(out().contains("shell"), "the shell is in the command list: " + out());
        outBytes.reset();
        assertEquals(0, run("help", "validate"));
        assertTrue(out().startsWith("Usage: fabrica validate "), out());
        assertFalse(out().contains("--threads"), "validate's help lists validate's options only: " + out());
        outBytes.reset();
        assertEquals(0, run("help", "routing"));
        assertTrue(out().startsWith("routing providers (fabrica help routing NAME"), out());
        assertTrue(out().contains("west-first"), out());
        assertEquals(2, run("help", "rooting"));
        assertTrue(err().contains("'rooting' is neither a command nor a concept; did you mean 'routing'?"), err());
    }

    @Test
    void helpOfACommandsSubcommandWorksLikeHelpOfAProvider() {
        assertEquals(0, run("help", "model", "multirail"));
        assertTrue(out().startsWith("Usage: fabrica model multirail "), out());
        assertTrue(out().contains("--rails"), out());
        outBytes.reset();
        assertEquals(0, run("help", "trace", "check"));
        assertTrue(out().startsWith("Usage: fabrica trace check "), out());
        assertEquals(2, run("help", "model", "multirial"));
        assertTrue(err().contains("'model multirial' is no command; did you mean 'multirail'?"), err());
        errBytes.reset();
        assertEquals(2, run("help", "validate", "x"));
        assertTrue(err().contains("'validate' is a command without subcommands; try fabrica help validate"), err());
    }

    @Test
    void versionNamesFabricaAndJava() {
        assertEquals(0, run("--version"));
        assertTrue(out().startsWith("Fabrica (development classes, not a bundle)\nJava "), out());
        String[] built = FabricaVersion.lines("1.2.3", "1764064800000", null, "17", "X");
        assertEquals("Fabrica 1.2.3, built 2025-11-25T10:00:00 UTC", built[0]);
        assertEquals("Fabrica 1.2.3 (commit 0123456789ab+changes)",
                FabricaVersion.lines("1.2.3", null, "0123456789ab+changes", "17", "X")[0]);
        assertEquals("Fabrica 1.2.3 (commit 0123456789ab)",
                FabricaVersion.lines("1.2.3", "not a date", "0123456789ab", "17", "X")[0]);
        assertEquals("abc", FabricaVersion.commit(" abc ", "def"));
        assertEquals("def", FabricaVersion.commit(" ", "def"), "a blank property leaves the build's header");
    }

    @Test
    void algorithmsAsJsonListEveryProviderWithItsParameters() {
        assertEquals(0, run("algorithms", "--json"));
        com.fasterxml.jackson.databind.JsonNode json;
        try {
            json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out());
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + e.getMessage(), e);
        }
        com.fasterxml.jackson.databind.JsonNode dor = json.get("providers").get(0);
        assertEquals("routing", dor.get("concept").asText());
        assertEquals("dor", dor.get("name").asText());
        com.fasterxml.jackson.databind.JsonNode dateline = dor.get("parameters").get(0);
        assertEquals("dateline", dateline.get("name").asText());
        assertEquals("classic", dateline.get("default").asText());
        assertTrue(dateline.get("min").isNull());
        assertEquals("[\"classic\",\"two-per-ring\"]", dateline.get("options").toString());
    }

    private Path benchFiles() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("bench"));
        for (Bench.Config c : Bench.CONFIGS) {
            Files.writeString(dir.resolve(c.fileName()), "name: " + c.name() + "\n");
        }
        return dir;
    }

    @Test
    void benchRunsEachConfigurationSingleThreadedAndPrintsOneLineEach() throws IOException {
        Path dir = benchFiles();
        service.outcome = f -> List.of(point(0, Map.of(), null, metric("sim.cycles", 1000), metric("sim.flitHops", 5000),
                metric("sim.wallSeconds", 0.25), metric("latency.avg", 20), metric("accepted", 0.05)));
        assertEquals(0, run("bench", "--quick", "--dir", dir.toString(), "--out", tmp.resolve("out").toString()));
        String[] lines = out().split("\n");
        assertEquals(Bench.CONFIGS.size(), lines.length, out());
        // the first start is the unreported JIT warm-up with the first configuration
        assertEquals(Bench.CONFIGS.size() + 1, service.options.size());
        assertEquals(dir.toAbsolutePath().resolve(Bench.CONFIGS.get(0).fileName()), service.files.get(0));
        assertEquals(Bench.CONFIGS.get(0).quickOverrides(), service.options.get(0).overrides());
        for (int i = 0; i < lines.length; i++) {
            assertTrue(lines[i].startsWith("BENCH config=" + Bench.CONFIGS.get(i).name() + " "), lines[i]);
            assertTrue(lines[i].endsWith(" status=ok"), lines[i]);
            RunOptions o = service.options.get(i + 1);
            assertEquals(1, o.threads());
            assertEquals(Bench.CONFIGS.get(i).quickOverrides(), o.overrides());
            assertEquals(dir.toAbsolutePath().resolve(Bench.CONFIGS.get(i).fileName()), service.files.get(i + 1));
        }
    }

    @Test
    void benchWithoutQuickKeepsTheFilesWindowsAndDeletesItsTemporaryResults() throws IOException {
        Path dir = benchFiles();
        assertEquals(0, run("bench", "--dir", dir.toString(), "--only", "torus8x8", "--no-jit-warmup"));
        assertEquals(3, service.options.size());
        assertEquals(Map.of(), service.options.get(0).overrides());
        assertEquals(3, out().split("\n").length);
        Path results = service.options.get(0).outDir().getParent();
        assertFalse(Files.exists(results), "temporary results folder left behind: " + results);
    }

    @Test
    void benchFailureAndBadSelection() throws IOException {
        Path dir = benchFiles();
        service.outcome = f -> List.of(point(0, Map.of(), "deadlock"));
        assertEquals(1, run("bench", "--dir", dir.toString(), "--only", "overload", "--no-jit-warmup"));
        assertTrue(out().contains("status=failed message=\"deadlock\""), out());
        assertEquals(2, run("bench", "--dir", dir.toString(), "--only", "mesh"));
        assertTrue(err().contains("No bench configuration contains 'mesh'"), err());
        Files.delete(dir.resolve("torus8x8-uniform-0.1.yaml"));
        assertEquals(2, run("bench", "--dir", dir.toString()));
        assertTrue(err().contains("torus8x8-uniform-0.1.yaml is missing"), err());
    }

    @Test
    void benchFilesAreFoundInTheFabricaFolderWhenTheWorkingDirectoryHasNone() throws IOException {
        Path bench = Files.createDirectories(tmp.resolve("examples").resolve("bench"));
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        // the tests run in bundles/shell, which has no examples/bench
        assertEquals(bench.toAbsolutePath(), new FabricaCli(service, Fakes.catalog(), sink, sink, false, tmp).benchFolder(null));
        assertEquals(2, new FabricaCli(service, Fakes.catalog(), sink, sink, false, tmp.resolve("elsewhere"))
                .execute("bench", "--quick"));
        assertEquals(2, run("bench"));
        assertTrue(err().contains("No bench files: looked in"), err());
    }

    @Test
    void cancelWithoutARunDoesNothing() {
        FabricaCli cli = new FabricaCli(service, Fakes.catalog(), System.out, System.err, false, null);
        cli.cancel();
        assertNull(service.run("r1").orElse(null));
    }
}
