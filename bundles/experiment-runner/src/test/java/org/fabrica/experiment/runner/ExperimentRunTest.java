package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ProgressListener;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.results.ResultsStore;
import org.fabrica.experiment.results.RunStatus;
import org.fabrica.experiment.runner.fixtures.SeededRoutingFactory;
import org.fabrica.experiment.runner.hang.SlowBuildingRoutingFactory;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Runs of small experiments with the real providers of the other bundles. */
class ExperimentRunTest {
    @TempDir
    Path tmp;

    private final ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
    private final ObjectMapper json = new ObjectMapper();

    private static final class Recorder implements ProgressListener {
        final List<PointResult> finished = Collections.synchronizedList(new ArrayList<>());
        final List<Double> fractions = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void progress(double fraction, String status) {
            fractions.add(fraction);
        }

        @Override
        public void pointFinished(PointResult result) {
            finished.add(result);
        }
    }

    private static List<String> lines(Path p) throws IOException {
        return Files.readAllLines(p, StandardCharsets.UTF_8);
    }

    @Test
    void aTinySweepWritesEveryResultFile() throws IOException {
        Path file = Fixtures.write(tmp, "tiny.yaml", Fixtures.TINY);
        Path out = tmp.resolve("results");
        Recorder rec = new Recorder();
        RunHandle h = runner.start(file, Fixtures.options(out), rec);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        assertEquals("tiny", h.experimentName());
        assertEquals(2, rec.finished.size());
        assertEquals(1.0, rec.fractions.get(rec.fractions.size() - 1));

        for (PointResult r : h.results()) {
            assertNull(r.failure(), r.failure());
            assertEquals("ok", r.notes().get("status"));
            double offered = PointRecords.metric(r, "offered");
            double accepted = PointRecords.metric(r, "accepted");
            assertTrue(Math.abs(accepted - offered) < 0.25 * offered, "below saturation accepted follows offered: "
                    + accepted + " vs " + offered);
            assertEquals(PointRecords.metric(r, "packets.measured"), PointRecords.metric(r, "packets.measured.delivered"));
            assertTrue(PointRecords.metric(r, "latency.avg") > 0);
            assertTrue(PointRecords.metric(r, "latency.p50") <= PointRecords.metric(r, "latency.p99"));
            assertTrue(PointRecords.metric(r, "latency.p99") <= PointRecords.metric(r, "latency.max"));
            assertTrue(PointRecords.metric(r, "hops.avg") > 0);
            assertTrue(PointRecords.metric(r, "sim.cycles") >= 1000);
            assertTrue(PointRecords.metric(r, "sim.flitHops") > 0);
        }

        // journal: one line per point; csv: header + one row per point
        assertEquals(2, lines(out.resolve("points.jsonl")).size());
        List<String> csv = lines(out.resolve("points.csv"));
        assertEquals(3, csv.size());
        assertTrue(csv.get(0).startsWith("pointId,index,pattern,scheme,load,seed,status,offered,accepted,latency.avg,"),
                csv.get(0));
        assertTrue(csv.get(1).startsWith("uniform/dor/l0.05/s1,0,uniform,dor,0.05,1,ok,"), csv.get(1));

        JsonNode points = json.readTree(out.resolve("points.json").toFile());
        assertEquals("tiny", points.get("experiment").asText());
        assertEquals(2, points.get("points").size());
        assertEquals("flits/node/cycle", points.get("units").get("accepted").asText());
        assertTrue(points.get("points").get(1).get("metrics").get("latency.avg").asDouble() > 0);

        JsonNode run = json.readTree(out.resolve("run.json").toFile());
        assertEquals("finished", run.get("state").asText());
        assertEquals(2, run.get("finished").asInt());

        String experiment = Files.readString(out.resolve("experiment.yaml"));
        assertContains(experiment, "provenance:");
        assertContains(experiment, "bundle: org.fabrica.network.flit\n");
        assertContains(experiment, "seeds:\n  - 1");

        for (String chart : List.of("latency-uniform", "throughput-uniform")) {
            String svg = Files.readString(out.resolve("plots/" + chart + ".svg"));
            assertTrue(svg.startsWith("<?xml"), chart);
            assertContains(svg, "<polyline");
            assertContains(svg, ">dor</text>");
            BufferedImage png = ImageIO.read(out.resolve("plots/" + chart + ".png").toFile());
            assertNotNull(png, chart + ".png is a PNG image");
            assertEquals(1440, png.getWidth());
        }
        String report = Files.readString(out.resolve("report.html"));
        assertContains(report, "<svg");
        assertContains(report, "uniform/dor/l0.05/s1".substring(0, 7));
        assertContains(report, "org.fabrica.routing.cube");
        assertFalse(report.contains("http:") || report.contains("https:") || report.contains("src="),
                "the report is self-contained");
        try (Stream<Path> s = Files.list(out)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file is left");
        }
        assertTrue(runner.run(h.id()).isPresent());
    }

    @Test
    void resumeSkipsFinishedPointsAndIgnoresAHalfWrittenLine() throws IOException {
        Path file = Fixtures.write(tmp, "tiny.yaml", Fixtures.TINY.replace("loads: [0.05, 0.1]", "loads: [0.05, 0.1, 0.15]")
                + "outputs: {plots: false}\n");
        Path out = tmp.resolve("results");
        assertEquals(RunState.FINISHED, Fixtures.await(runner.start(file, Fixtures.options(out), null)));
        List<String> journal = lines(out.resolve("points.jsonl"));
        assertEquals(3, journal.size());

        // as if killed while writing the second line: one complete line and half of the next
        String half = journal.get(1).substring(0, journal.get(1).length() / 2);
        Files.writeString(out.resolve("points.jsonl"), journal.get(0) + "\n" + half);
        Files.delete(out.resolve("points.csv"));

        String keptId = PointRecords.parse(journal.get(0)).point().pointId();
        List<String> expected = new ArrayList<>(List.of("uniform/dor/l0.05/s1", "uniform/dor/l0.1/s1",
                "uniform/dor/l0.15/s1"));
        expected.remove(keptId);

        Recorder rec = new Recorder();
        RunHandle h = runner.start(file, new RunOptions(out, true, 1, Map.of(), false), rec);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        assertEquals(expected, rec.finished.stream().map(r -> r.point().pointId()).sorted().toList(),
                "only unfinished points run");
        List<String> resumed = lines(out.resolve("points.jsonl"));
        assertEquals(3, resumed.size(), "the half line is gone, the new lines follow the kept one");
        assertEquals(journal.get(0), resumed.get(0));
        for (String line : resumed) {
            PointRecords.parse(line);
        }
        assertEquals(4, lines(out.resolve("points.csv")).size());
        assertFalse(Files.exists(out.resolve("plots")), "outputs.plots: false");
        assertEquals(3, h.results().size(), "results include the point kept from the journal");
        JsonNode run = json.readTree(out.resolve("run.json").toFile());
        assertEquals(1, run.get("resumed").asInt());
        // a rerun point gives the same numbers as in the uninterrupted run: runs are deterministic
        PointResult original = PointRecords.parse(journal.get(2));
        PointResult again = h.results().stream().filter(r -> r.point().pointId().equals(original.point().pointId()))
                .findFirst().orElseThrow();
        assertEquals(withoutWallTime(original.metrics()), withoutWallTime(again.metrics()));
    }

    private static List<String> withoutWallTime(List<org.fabrica.stats.Metric> metrics) {
        return metrics.stream().filter(m -> !m.name().startsWith("sim.wall") && !m.name().startsWith("sim.router")
                && !m.name().startsWith("sim.cpu"))
                .map(m -> m.name() + "=" + m.value()).toList();
    }

    @Test
    void aFolderOfAnotherExperimentIsRefusedAndTheSameExperimentStartsOver() throws IOException {
        Path file = Fixtures.write(tmp, "tiny.yaml", Fixtures.TINY + "outputs: {plots: false, report: false}\n");
        Path out = tmp.resolve("results");
        assertEquals(RunState.FINISHED, Fixtures.await(runner.start(file, Fixtures.options(out), null)));
        String before = Files.readString(out.resolve("points.jsonl"));

        Path other = Fixtures.write(tmp, "other.yaml", Fixtures.TINY.replace("measure: 700", "measure: 800")
                + "outputs: {plots: false, report: false}\n");
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> runner.start(other, Fixtures.options(out), null));
        assertContains(e.getMessage(), "holds results of another experiment 'tiny'");
        assertContains(e.getMessage(), "they differ in measure (700 there, 800 here)");
        assertContains(e.getMessage(), "choose another folder with --out");
        assertThrows(ExperimentException.class,
                () -> runner.start(other, new RunOptions(out, true, 1, Map.of(), false), null));
        assertEquals(before, Files.readString(out.resolve("points.jsonl")), "the other experiment's journal is untouched");

        Recorder rec = new Recorder();
        assertEquals(RunState.FINISHED, Fixtures.await(runner.start(file, Fixtures.options(out), rec)));
        assertEquals(2, rec.finished.size(), "without --resume the same experiment runs again");
        assertEquals(2, lines(out.resolve("points.jsonl")).size());
    }

    /**
     * A folder written by an earlier Fabrica whose generic hardware lacked {@code terminalLinkCyclesPerFlit}:
     * its experiment.yaml without that line, its journal under another id.
     */
    private static void makeEarlier(Path out, String earlierId, String terminalLine) throws IOException {
        Path yaml = out.resolve("experiment.yaml");
        String text = Files.readString(yaml);
        String id = text.lines().filter(l -> l.startsWith("  experimentId: ")).findFirst().orElseThrow().substring(16);
        assertContains(text, "\n  terminalLinkCyclesPerFlit: 1\n");
        Files.writeString(yaml,
                text.replace("\n  terminalLinkCyclesPerFlit: 1\n", terminalLine).replace(id, earlierId));
        List<String> journal = lines(out.resolve("points.jsonl"));
        Files.writeString(out.resolve("points.jsonl"), journal.get(0).replace(id, earlierId) + "\n");
    }

    @Test
    void aJournalOfAnEarlierFabricaIsContinuedWhenOnlySettingsAtTheirDefaultsWereAdded() throws IOException {
        Path file = Fixtures.write(tmp, "tiny.yaml", Fixtures.TINY + "outputs: {plots: false, report: false}\n");
        Path out = tmp.resolve("results");
        assertEquals(RunState.FINISHED, Fixtures.await(runner.start(file, Fixtures.options(out), null)));
        makeEarlier(out, "0123456789abcdef", "\n");

        RunOptions resume = new RunOptions(out, true, 1, Map.of(), false);
        Recorder rec = new Recorder();
        assertEquals(RunState.FINISHED, Fixtures.await(runner.start(file, resume, rec)));
        assertEquals(1, rec.finished.size(), "the earlier Fabrica's finished point is kept, the other one runs");
        List<String> journal = lines(out.resolve("points.jsonl"));
        assertEquals(2, journal.size());
        assertContains(journal.get(0), "0123456789abcdef");
        String yaml = Files.readString(out.resolve("experiment.yaml"));
        assertContains(yaml, "  continues:\n    - 0123456789abcdef\n");
        assertContains(yaml, "  terminalLinkCyclesPerFlit: 1\n");
        // continued once, the folder stays continuable: its experiment.yaml names the earlier id
        Recorder again = new Recorder();
        assertEquals(RunState.FINISHED, Fixtures.await(runner.start(file, resume, again)));
        assertEquals(0, again.finished.size(), "every point is done");

        // an earlier experiment that set the new parameter's value otherwise is another experiment
        Path other = tmp.resolve("other");
        assertEquals(RunState.FINISHED, Fixtures.await(runner.start(file, Fixtures.options(other), null)));
        makeEarlier(other, "fedcba9876543210", "\n  terminalLinkCyclesPerFlit: 2\n");
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> runner.start(file, new RunOptions(other, true, 1, Map.of(), false), null));
        assertContains(e.getMessage(), "they differ in hardware.terminalLinkCyclesPerFlit (2 there, 1 here)");
    }

    @Test
    void eachPointNamesTheBuildThatRanItSoAJournalContinuedAcrossBuildsSaysWhichRanWhich() throws IOException {
        Path file = Fixtures.write(tmp, "tiny.yaml", Fixtures.TINY);
        Path out = tmp.resolve("results");
        ExperimentRunner first = new ExperimentRunner(Fixtures.registry(), "aaaa1111");
        assertEquals(RunState.FINISHED, Fixtures.await(first.start(file, Fixtures.options(out), null)));
        List<String> journal = lines(out.resolve("points.jsonl"));
        assertEquals(2, journal.size());
        for (String line : journal) {
            assertEquals("aaaa1111", PointRecords.parse(line).notes().get("commit"), line);
        }
        // the other point (either one: two threads) is to run again
        Files.writeString(out.resolve("points.jsonl"), journal.get(0) + "\n");

        ExperimentRunner second = new ExperimentRunner(Fixtures.registry(), "bbbb2222+changes");
        Recorder rec = new Recorder();
        assertEquals(RunState.FINISHED,
                Fixtures.await(second.start(file, new RunOptions(out, true, 1, Map.of(), false), rec)));
        assertEquals(1, rec.finished.size());
        assertEquals("bbbb2222+changes", rec.finished.get(0).notes().get("commit"));
        journal = lines(out.resolve("points.jsonl"));
        assertEquals("aaaa1111", PointRecords.parse(journal.get(0)).notes().get("commit"), "a kept point keeps its build");
        assertEquals("bbbb2222+changes", PointRecords.parse(journal.get(1)).notes().get("commit"));
        assertContains(Files.readString(out.resolve("experiment.yaml")), "  commit: bbbb2222+changes\n");
        assertContains(Files.readString(out.resolve("report.html")),
                "<b>points by build</b> aaaa1111 (1), bbbb2222+changes (1)");

        // a build that does not know its commit notes none, and the report leaves the fact out
        Path unnamed = tmp.resolve("unnamed");
        assertEquals(RunState.FINISHED, Fixtures.await(
                new ExperimentRunner(Fixtures.registry(), null).start(file, Fixtures.options(unnamed), null)));
        for (String line : lines(unnamed.resolve("points.jsonl"))) {
            assertFalse(PointRecords.parse(line).notes().containsKey("commit"), line);
        }
        assertFalse(Files.readString(unnamed.resolve("report.html")).contains("points by build"));
    }

    @Test
    void aThrowingProviderFailsOnlyItsPointsAndIsNamed() throws IOException {
        String yaml = Fixtures.TINY.replace("loads:", """
                  - label: buggy
                    routing: {name: broken, failAfter: 50}
                    queuing: {name: dateline}
                loads:""");
        Path file = Fixtures.write(tmp, "mixed.yaml", yaml);
        Path out = tmp.resolve("results");
        RunHandle h = runner.start(file, Fixtures.options(out), null);
        assertEquals(RunState.FAILED, Fixtures.await(h), "a run with a failed point ends FAILED");
        List<PointResult> results = h.results();
        assertEquals(4, results.size());
        for (PointResult r : results) {
            if (r.notes().get("scheme").equals("dor")) {
                assertNull(r.failure(), "the other scheme's points go on");
                assertEquals("ok", r.notes().get("status"));
            } else {
                assertTrue(r.failed(), r.point().pointId());
                assertEquals("failed", r.notes().get("status"));
                assertContains(r.failure(), "broken");
                assertContains(r.failure(), "org.example.broken 1.2.3");
                assertContains(r.failure(), "broken routing gave up at router");
            }
        }
        assertEquals(4, lines(out.resolve("points.jsonl")).size());
        assertContains(Files.readString(out.resolve("report.html")), "Failed points");
        assertContains(Files.readString(out.resolve("points.csv")), "broken routing gave up");
    }

    @Test
    void aLongRunWritesInterimOutputsFromThePointsFinishedSoFar() throws IOException {
        // the first point fails at once, the second runs until stopped: the outputs of the first are
        // written while the second runs (interim outputs after every point for this test)
        String yaml = Fixtures.TINY.replace("schemes:", """
                schemes:
                  - label: buggy
                    routing: {name: broken, failAfter: 50}
                    queuing: {name: dateline}""").replace("loads: [0.05, 0.1]", "loads: [0.1]")
                .replace("measure: 700", "measure: 100000000");
        Path file = Fixtures.write(tmp, "interim.yaml", yaml);
        Path out = tmp.resolve("results");
        String before = System.getProperty(InterimOutputs.PROPERTY);
        System.setProperty(InterimOutputs.PROPERTY, "0");
        RunHandle h;
        try {
            h = runner.start(file, new RunOptions(out, false, 1, Map.of(), false), null);
        } finally {
            if (before == null) {
                System.clearProperty(InterimOutputs.PROPERTY);
            } else {
                System.setProperty(InterimOutputs.PROPERTY, before);
            }
        }
        try {
            Fixtures.waitFor("the interim report", () -> {
                try {
                    return Files.readString(out.resolve("report.html")).contains("Interim report");
                } catch (IOException e) {
                    return false;
                }
            });
            String report = Files.readString(out.resolve("report.html"));
            assertContains(report, "from the 1 of 2 points finished so far");
            assertContains(report, "Failed points");
            assertEquals(RunState.RUNNING, h.state(), "the long point still runs");
            assertTrue(Files.exists(out.resolve("points.json")));
        } finally {
            h.stop();
        }
        assertEquals(RunState.STOPPED, Fixtures.await(h));
        assertFalse(Files.readString(out.resolve("report.html")).contains("Interim report"),
                "the run's end writes the report again, as it ended");
    }

    @Test
    void measuredPacketsForegroundMeasuresOnlyTheUniformPacketsOfHotspot() throws IOException {
        // one run, two measurements: the hot sources (4 of 16) send to node 0, the others uniformly
        String base = Fixtures.TINY.replace("patterns: [uniform]", "patterns: [{name: hotspot, hotspots: [0]}]")
                .replace("loads: [0.05, 0.1]", "loads: [0.1]") + "outputs: {plots: false, report: false}\n";
        RunHandle all = runner.start(Fixtures.write(tmp, "all.yaml", base.replace("name: tiny", "name: all")),
                Fixtures.options(tmp.resolve("all")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(all));
        RunHandle fg = runner.start(Fixtures.write(tmp, "fg.yaml", base.replace("name: tiny", "name: fg")
                + "measuredPackets: foreground\n"), Fixtures.options(tmp.resolve("fg")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(fg));
        PointResult a = all.results().get(0);
        PointResult f = fg.results().get(0);
        assertEquals("ok", f.notes().get("status"), f.notes().toString());
        // the same network and traffic: the whole-network metrics do not move
        for (String m : List.of("offered", "accepted")) {
            assertEquals(PointRecords.metric(a, m), PointRecords.metric(f, m), m);
        }
        assertTrue(PointRecords.metric(f, "packets.generated") >= PointRecords.metric(a, "packets.generated") * 0.9);
        // the measured set is the foreground: about 12 of 16 sources' packets
        double share = PointRecords.metric(f, "packets.measured") / PointRecords.metric(a, "packets.measured");
        assertTrue(share > 0.6 && share < 0.9, "foreground share of the window's packets: " + share);
        assertEquals(PointRecords.metric(f, "packets.measured"), PointRecords.metric(f, "packets.measured.delivered"));
        assertTrue(PointRecords.metric(f, "offered.measured") < PointRecords.metric(f, "offered"));
        assertTrue(PointRecords.metric(f, "accepted.measured") > 0);
        assertTrue(Double.isNaN(PointRecords.metric(a, "offered.measured")), "measuring every packet adds no metric");
        assertNotEquals(PointRecords.metric(a, "latency.avg"), PointRecords.metric(f, "latency.avg"));
        assertContains(Files.readString(tmp.resolve("fg/experiment.yaml")), "measuredPackets: foreground");
        assertFalse(Files.readString(tmp.resolve("all/experiment.yaml")).contains("measuredPackets"),
                "the default is not written: existing experiments keep their ids");
        assertContains(Files.readAllLines(tmp.resolve("fg/points.csv")).get(0), "offered,accepted,offered.measured,"
                + "accepted.measured,latency.avg");
    }

    @Test
    void aNetworkThatEndsByItselfIsCompleteNotSaturated() throws IOException {
        String yaml = Fixtures.TINY.replace("patterns: [uniform]", "patterns: [uniform]\n  injection: {name: once, at: 400}")
                .replace("loads: [0.05, 0.1]", "loads: [0.05]") + "outputs: {plots: false, report: false}\n";
        RunHandle h = runner.start(Fixtures.write(tmp, "once.yaml", yaml), Fixtures.options(tmp.resolve("o")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        PointResult r = h.results().get(0);
        assertEquals("ok", r.notes().get("status"), r.notes().toString());
        assertEquals("generation stopped and every packet delivered", r.notes().get("end"));
        assertEquals(16, PointRecords.metric(r, "packets.generated"));
        assertEquals(16, PointRecords.metric(r, "packets.delivered"));
        assertEquals(16, PointRecords.metric(r, "packets.measured.delivered"));
        assertTrue(PointRecords.metric(r, "sim.cycles") < 1000, "ends before the measurement window closes");
    }

    @Test
    void aStepRightAfterAPausedStartSimulatesTheCyclesOnceTheSimulationIsBuilt() throws Exception {
        // The README's tour: fabrica:run --paused, then fabrica:step at once. A point is active while its
        // network is still being built; the step must wait for it instead of doing nothing and saying done.
        SlowBuildingRoutingFactory.validating = Thread.currentThread();
        SlowBuildingRoutingFactory.building = new CountDownLatch(1);
        SlowBuildingRoutingFactory.release = new CountDownLatch(1);
        Path file = Fixtures.write(tmp, "slow.yaml", Fixtures.TINY.replace("loads: [0.05, 0.1]", "loads: [0.1]")
                .replace("routing: {name: dor, dateline: classic}", "routing: {name: slow-building, dateline: classic}"));
        RunHandle h = runner.start(file, new RunOptions(tmp.resolve("results"), false, 1, Map.of(), true), null);
        try {
            assertTrue(SlowBuildingRoutingFactory.building.await(60, TimeUnit.SECONDS), "the point builds its network");
            Thread stepper = new Thread(() -> h.step(50), "stepper");
            stepper.start();
            // the step has returned, or it waits for the point: either way it has looked at the point
            Fixtures.waitFor("the step to return or wait", () -> stepper.getState() == Thread.State.TERMINATED
                    || stepper.getState() == Thread.State.WAITING || stepper.getState() == Thread.State.TIMED_WAITING);
            SlowBuildingRoutingFactory.release.countDown();
            stepper.join();
            assertEquals(50L, Fixtures.parkedAt(h), "step(50) given before the simulation was built simulates 50 cycles");
        } finally {
            SlowBuildingRoutingFactory.release.countDown();
            h.stop();
        }
    }

    @Test
    void pauseStepSwapResumeKeepsEveryPacketDeliveredOnce() throws IOException {
        Path file = Fixtures.write(tmp, "one.yaml", Fixtures.TINY.replace("loads: [0.05, 0.1]", "loads: [0.1]"));
        Path out = tmp.resolve("results");
        RunHandle h = runner.start(file, new RunOptions(out, false, 1, Map.of(), true), null);
        Fixtures.waitFor("the point to park before its first cycle", () -> Fixtures.parkedAt(h) == 0);
        assertEquals(RunState.PAUSED, h.state());
        ExperimentException notQueuing = assertThrows(ExperimentException.class,
                () -> h.swap("queuing", "1vc", Map.of()));
        assertContains(notQueuing.getMessage(), "only routing and rootPolicy can be swapped");

        h.step(50);
        assertEquals(50L, Fixtures.parkedAt(h), "step(50) simulates exactly 50 cycles");
        h.step(25);
        assertEquals(75L, Fixtures.parkedAt(h));

        ExperimentException unknown = assertThrows(ExperimentException.class,
                () -> h.swap("routing", "dor-xy", Map.of()));
        assertContains(unknown.getMessage(), "did you mean");
        h.swap("routing", "dor-yx", Map.of("dateline", "classic"));
        h.resume();
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        ExperimentException ended = assertThrows(ExperimentException.class, () -> h.swap("routing", "dor", Map.of()));
        assertContains(ended.getMessage(), "has ended");

        PointResult r = h.results().get(0);
        assertNull(r.failure(), r.failure());
        assertContains(r.notes().get("swaps"), "swap: cycle 75, routing 'dor' (org.fabrica.routing.cube ");
        assertContains(r.notes().get("swaps"), "-> 'dor-yx' (org.fabrica.routing.cube ");
        assertContains(r.notes().get("swaps"), ") with dateline=classic");
        assertContains(r.notes().get("routing"), "dor-yx");
        assertEquals(PointRecords.metric(r, "packets.measured"), PointRecords.metric(r, "packets.measured.delivered"),
                "every measured packet delivered");
        assertTrue(PointRecords.metric(r, "packets.delivered") <= PointRecords.metric(r, "packets.generated"));
        JsonNode run = json.readTree(out.resolve("run.json").toFile());
        assertContains(run.get("swaps").get(0).asText(), "uniform/dor/l0.1/s1: swap: cycle 75");
    }

    @Test
    void routingIsCreatedWithTheRandomStreamsOfEachSeed() throws IOException {
        SeededRoutingFactory.DRAWN.clear();
        String text = Fixtures.TINY.replace("name: tiny", "name: seeded")
                .replace("routing: {name: dor, dateline: classic}", "routing: {name: seeded}")
                .replace("loads: [0.05, 0.1]", "loads: [0.05]").replace("seeds: [1]", "seeds: [1, 2]");
        Path file = Fixtures.write(tmp, "seeded.yaml", text);
        RunHandle h = runner.start(file, Fixtures.options(tmp.resolve("seeded")), new ProgressListener() {
        });
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        for (long seed : new long[] {1, 2}) {
            assertEquals(new RandomStreams(seed).stream("routing", 0).nextLong(), SeededRoutingFactory.DRAWN.get(seed),
                    "seed " + seed + " reaches the routing factory");
        }
        assertNotEquals(SeededRoutingFactory.DRAWN.get(1L), SeededRoutingFactory.DRAWN.get(2L));
    }

    /** The tiny torus at loads 0.05 (carried) and 0.8 (far above what it carries), with a drain long enough for both. */
    private static String overload(String name) {
        return Fixtures.TINY.replace("name: tiny", "name: " + name)
                .replace("loads: [0.05, 0.1]", "loads: [0.05, 0.8]").replace("drain: 4000", "drain: 200000");
    }

    private static PointResult atLoad(RunHandle h, String load) {
        return h.results().stream().filter(r -> r.notes().get("load").startsWith(load)).findFirst().orElseThrow();
    }

    @Test
    void aPointThatDrainsButAcceptsLessThanOfferedIsSaturated() throws IOException {
        // 0.8 flits/node/cycle is far above what a 4 x 4 torus carries; the long drain lets the
        // measured packets arrive, so only the accepted/offered rule can flag the point.
        Path file = Fixtures.write(tmp, "overload.yaml", overload("overload"));
        RunHandle h = runner.start(file, Fixtures.options(tmp.resolve("overload")), new ProgressListener() {
        });
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        PointResult light = atLoad(h, "0.05");
        PointResult heavy = atLoad(h, "0.8");
        assertEquals("ok", light.notes().get("status"), light.notes().toString());
        assertEquals("saturated", heavy.notes().get("status"), heavy.notes().toString());
        assertContains(heavy.notes().get("end"), "every measured packet delivered; accepted throughput below 0.95");
    }

    @Test
    void aSaturationCheckEndsAnOverloadedPointEarlyAndLetsACarriedOneRunItsWindow() throws IOException {
        // the overload of the test above, checked after 200 of its 700 window cycles
        String text = overload("checked") + "saturationCheck: 200\noutputs: {report: false}\n";
        RunHandle h = runner.start(Fixtures.write(tmp, "checked.yaml", text), Fixtures.options(tmp.resolve("checked")),
                null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        PointResult light = atLoad(h, "0.05");
        PointResult heavy = atLoad(h, "0.8");
        assertEquals("ok", light.notes().get("status"), light.notes().toString());
        assertEquals("every measured packet delivered", light.notes().get("end"));
        assertTrue(PointRecords.metric(light, "sim.cycles") >= 300 + 700, "the carried point ran its whole window");
        assertEquals("saturated", heavy.notes().get("status"), heavy.notes().toString());
        assertContains(heavy.notes().get("end"), "over the window's first 200 cycles (saturationCheck)");
        assertEquals(300 + 200, PointRecords.metric(heavy, "sim.cycles"), "ended at the check");
        assertEquals(200, PointRecords.metric(heavy, "window.cycles"), "its window was cut");
        assertEquals(700, PointRecords.metric(light, "window.cycles"));
        double offered = PointRecords.metric(heavy, "offered");
        assertTrue(offered > 0.7 && offered < 0.9, "offered over the cut window, per its 200 cycles: " + offered);
        assertTrue(PointRecords.metric(heavy, "accepted") < 0.95 * offered);
        assertContains(Files.readString(tmp.resolve("checked/experiment.yaml")), "saturationCheck: 200");
        // the plot's text lines joined (a long subtitle is wrapped over several)
        String plotText = String.join(" ", java.util.regex.Pattern.compile("<text[^>]*>([^<]*)</text>")
                .matcher(Files.readString(tmp.resolve("checked/plots/throughput-uniform.svg"))).results()
                .map(m -> m.group(1)).toList());
        assertContains(plotText, "1 point ended at the saturation check (accepted over the window&#39;s first 200 cycles)");
    }

    /**
     * BookSim2's uniform: about 1/N of the packets are addressed to their own source. On a torus the
     * packet goes into the source's router and back; on a KNS (node interfaces with a port per
     * dimension) and on a fat tree as well, whatever the topology's first hop looks like.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "4 x 4 torus | {name: torus, k: 4, n: 2} | {name: dor, dateline: classic} | {name: dateline}",
        "4-ary 2-direct KNS | {name: kns, k: 4, n: 2} | {name: kns-dor, order: xy} | 1vc",
        "4-ary 2-tree | {name: kary-ntree, k: 4, n: 2} | dmodk | 1vc"})
    void selfAddressedPacketsGoThroughTheSourcesRouterAndBack(String name, String topology, String routing,
            String queuing) throws IOException {
        String drop = Fixtures.TINY.replace("{name: torus, k: 4, n: 2}", topology)
                .replace("{name: dor, dateline: classic}", routing).replace("queuing: {name: dateline}", "queuing: " + queuing)
                .replace("patterns: [uniform]", "patterns: [{name: uniform, includeSelf: true}]")
                .replace("loads: [0.05, 0.1]", "loads: [0.1]").replace("measure: 700", "measure: 6000")
                + "outputs: {plots: false, report: false}\n";
        String send = drop.replace("includeSelf: true}", "includeSelf: true, sendToSelf: true}");
        RunHandle dropped = runner.start(Fixtures.write(tmp, "drop.yaml", drop), Fixtures.options(tmp.resolve("drop")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(dropped));
        RunHandle sent = runner.start(Fixtures.write(tmp, "send.yaml", send), Fixtures.options(tmp.resolve("send")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(sent));
        PointResult d = dropped.results().get(0);
        PointResult s = sent.results().get(0);
        assertNull(s.failure(), s.failure());
        assertEquals("ok", s.notes().get("status"), s.notes() + ", offered " + PointRecords.metric(s, "offered")
                + ", accepted " + PointRecords.metric(s, "accepted"));
        assertEquals(PointRecords.metric(s, "packets.measured"), PointRecords.metric(s, "packets.measured.delivered"));
        assertTrue(PointRecords.metric(s, "packets.generated") > PointRecords.metric(d, "packets.generated"),
                "the self-addressed draws are sent, not dropped");
        // about 1/16 of the packets cross no router-to-router link: the mean path is shorter
        double hopsSent = PointRecords.metric(s, "hops.avg");
        double hopsDropped = PointRecords.metric(d, "hops.avg");
        assertTrue(hopsSent < hopsDropped - 0.05, hopsSent + " against " + hopsDropped);
    }

    @Test
    void swapAndStepNeedAPausedRun() throws IOException {
        Path file = Fixtures.write(tmp, "one.yaml", Fixtures.TINY.replace("loads: [0.05, 0.1]", "loads: [0.1]")
                .replace("measure: 700", "measure: 100000000"));
        Path out = tmp.resolve("results");
        double[] last = {-1};
        ProgressListener listener = new ProgressListener() {
            @Override
            public void progress(double fraction, String status) {
                last[0] = fraction;
            }
        };
        RunHandle h = runner.start(file, new RunOptions(out, false, 1, Map.of(), false), listener);
        try {
            // past its first cycle boundary, so that it parks mid-run (its thread may start a little later)
            Fixtures.waitFor("the point to start", () -> activeCycle(h) > 0);
            assertEquals(RunState.RUNNING, h.state());
            // the folder tells another terminal what runs ('fabrica status'): written as the point started
            Fixtures.waitFor("progress.json to name the running point", () -> {
                try {
                    return Files.readString(out.resolve(ResultsStore.PROGRESS)).contains("\"uniform/dor/l0.1/s1\"");
                } catch (IOException e) {
                    return false;
                }
            });
            RunStatus status = RunStatus.read(out);
            assertTrue(status.live());
            assertEquals("uniform/dor/l0.1/s1", status.progress().running().get(0).point());
            assertContains(assertThrows(ExperimentException.class, () -> h.step(10)).getMessage(), "is not paused");
            assertContains(assertThrows(ExperimentException.class, () -> h.swap("routing", "dor", Map.of())).getMessage(),
                    "is not paused");
            h.pause();
            assertEquals(RunState.PAUSED, h.state());
            long parked = Fixtures.parkedAt(h);
            assertTrue(parked > 0);
            Map<String, Object> stats = h.stats();
            assertEquals(1, stats.get("points.active"));
            long generated = (Long) stats.get("generated");
            long delivered = (Long) stats.get("delivered");
            assertEquals(generated, delivered + (Long) stats.get("inFlight"));
            // the running point says where it is: its phase at the cycle it is parked at, and how long it has run
            @SuppressWarnings("unchecked")
            Map<String, Object> point = ((List<Map<String, Object>>) stats.get("active")).get(0);
            assertEquals(parked < 300 ? "warm-up to cycle 300" : "window to cycle 100,000,300", point.get("phase"));
            assertTrue((Long) point.get("seconds") >= 0, point.toString());
        } finally {
            h.stop();
        }
        assertEquals(RunState.STOPPED, h.state());
        assertEquals(RunState.STOPPED, Fixtures.await(h));
        assertEquals(0, Files.size(out.resolve("points.jsonl")), "a stopped point is not journaled: resume redoes it");
        assertFalse(Files.exists(out.resolve(ResultsStore.PROGRESS)), "an ended run leaves no progress file");
        assertFalse(RunStatus.read(out).live());
        assertEquals("stopped", json.readTree(out.resolve("run.json").toFile()).get("state").asText());
        assertEquals(0.0, last[0], "a run stopped before any point finished ends at 0%, not 100%");
    }

    /** The last cycle boundary the run's only active point reported, or -1. */
    @SuppressWarnings("unchecked")
    private static long activeCycle(RunHandle h) {
        List<Map<String, Object>> active = (List<Map<String, Object>>) h.stats().get("active");
        return active.size() == 1 ? (Long) active.get(0).get("cycle") : -1;
    }

    /** The cycle at which the run's only active point is parked, or -1. */
}
