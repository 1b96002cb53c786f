package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointArtefacts;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.results.SeriesTable;
import org.fabrica.stats.CsvWriter;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ramp-load and collective runs of small tori with the real providers, end to end. */
class ModeRunTest {
    @TempDir
    Path tmp;

    private final ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());

    private static PointResult point(List<PointResult> results, String id) {
        return results.stream().filter(r -> r.point().pointId().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no point " + id));
    }

    @Test
    void aCollectiveDeliversEveryPacketAndWritesItsTableSeriesAndPlots() throws IOException {
        Path out = tmp.resolve("c");
        RunHandle h = runner.start(Fixtures.write(tmp, "c.yaml", ModeValidationTest.COLLECTIVE), Fixtures.options(out),
                null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        List<PointResult> results = h.results();
        assertEquals(10, results.size());
        for (PointResult r : results) {
            assertNull(r.failure(), r.failure());
            assertEquals("ok", r.notes().get("status"), r.point().pointId() + " " + r.notes());
            assertEquals("collective", r.notes().get("load"));
            double generated = PointRecords.metric(r, "packets.generated");
            assertEquals(generated, PointRecords.metric(r, "packets.delivered"), "every packet delivered");
            String pattern = r.notes().get("pattern");
            // 16 nodes x K = 3; transpose maps the 4 diagonal nodes onto themselves: they send nothing
            if (pattern.equals("bitcomp")) {
                assertEquals(48, generated);
            } else if (pattern.equals("transpose")) {
                assertEquals(36, generated);
                assertEquals(12, PointRecords.metric(r, "collective.sendingNodes"));
            } else {
                assertTrue(generated <= 48 && generated > 30, "uniform with self-draws dropped: " + generated);
            }
            double duration = PointRecords.metric(r, "collective.duration");
            assertTrue(duration > 8 && duration == PointRecords.metric(r, "sim.cycles") - 1,
                    "the run ends in the cycle of the last delivery: " + duration);
        }
        // the same seed gives the same duration; throttling never changes which packets are delivered
        for (String pattern : List.of("bitcomp", "transpose")) {
            PointResult none = point(results, pattern + "/no-th/collective/s1");
            PointResult th8 = point(results, pattern + "/th8/collective/s1");
            assertEquals(PointRecords.metric(none, "packets.delivered"), PointRecords.metric(th8, "packets.delivered"));
        }

        String text = h.summaryText();
        assertContains(text, "Collective duration (cycles; mean over seeds; in parentheses: ratio to no-th)");
        assertContains(text, "pattern    no-th");
        String[] bitcomp = text.lines().filter(l -> l.startsWith("bitcomp")).findFirst().orElseThrow().trim()
                .split("\\s+");
        assertEquals(ResultsValue.of(point(results, "bitcomp/no-th/collective/s1"), "collective.duration"), bitcomp[1]);
        String csv = Files.readString(out.resolve("summary.csv"));
        assertContains(csv, "pattern,scheme,points,collective.duration,collective.duration.ci95,collective.duration.ratio,"
                + "collective.duration.defined");
        assertContains(csv, "bitcomp,no-th,1," + CsvWriter.number(PointRecords.metric(
                point(results, "bitcomp/no-th/collective/s1"), "collective.duration")) + ",,1,1"); // one seed: no interval
        assertContains(csv, "uniform,no-th,3,");

        SeriesTable inFlight = SeriesTable.parse(Files.readString(out.resolve("series/bitcomp_no-th_collective_s1-inflight.csv")));
        assertEquals(9.0, inFlight.column("cycle")[0], "the first sample is at the end of cycle 9");
        assertEquals(48.0, max(inFlight.column("inFlight")) + 0, 1e-9, "every packet is in flight at first");
        SeriesTable nodes = SeriesTable.parse(Files.readString(out.resolve("series/transpose_no-th_collective_s1-nodes.csv")));
        assertTrue(Double.isNaN(nodes.column("lastSentDelivered")[0]), "node 0 sends nothing under transpose");
        assertEquals(3.0, nodes.column("sent")[1]);
        for (String p : List.of("bitcomp", "transpose", "uniform")) {
            assertTrue(Files.isRegularFile(out.resolve("plots/inflight-" + p + ".png")), p);
            assertContains(Files.readString(out.resolve("plots/inflight-" + p + ".svg")), "<polyline");
            assertContains(Files.readString(out.resolve("plots/held-" + p + ".svg")), "<polyline");
        }
        String report = Files.readString(out.resolve("report.html"));
        assertContains(report, "<h2>Summary</h2>");
        assertContains(report, "Collective duration");
        assertContains(report, "<th>duration</th>");

        // determinism: the same experiment again gives the same durations
        Path again = tmp.resolve("c2");
        RunHandle h2 = runner.start(Fixtures.write(tmp, "c.yaml", ModeValidationTest.COLLECTIVE), Fixtures.options(again),
                null);
        assertEquals(RunState.FINISHED, Fixtures.await(h2));
        for (PointResult r : h2.results()) {
            assertEquals(PointRecords.metric(point(results, r.point().pointId()), "collective.duration"),
                    PointRecords.metric(r, "collective.duration"), r.point().pointId());
        }
        assertEquals(h.summaryText(), h2.summaryText());
    }

    /**
     * The sources the throttle held back: a metric ({@code throttle.heldCycles}) and a series
     * column ({@code held}) of the points with an active throttle, neither for the others. On the
     * 8 x 8 torus with 10 packets per node of tornado, th8 holds sources back; the series' window
     * means add up to the count (but for a last window the run ended inside).
     */
    @Test
    void aThrottledCollectiveReportsTheSourcesItHeldBack() throws IOException {
        Path out = tmp.resolve("held");
        String yaml = ModeValidationTest.COLLECTIVE.replace("k: 4", "k: 8").replace("packets: 3", "packets: 10")
                .replace("patterns: [bitcomp, transpose, {name: uniform, includeSelf: true}]", "patterns: [tornado]")
                .replace("seeds: {default: 1, uniform: 3}", "seeds: [1]");
        RunHandle h = runner.start(Fixtures.write(tmp, "held.yaml", yaml), Fixtures.options(out), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        assertEquals(2, h.results().size());
        for (PointResult r : h.results()) {
            double held = PointRecords.metric(r, PointSimulation.THROTTLE_HELD);
            String stem = PointArtefacts.stem(r.point().pointId());
            SeriesTable series = SeriesTable.parse(Files.readString(out.resolve("series/" + stem + "-inflight.csv")));
            if (r.notes().get("scheme").equals("no-th")) {
                assertTrue(Double.isNaN(held), r.point().pointId() + ": no throttle, no count");
                assertTrue(!series.has(PointArtefacts.HELD), stem);
                continue;
            }
            assertTrue(held > 0, r.point().pointId() + " held " + held);
            double windows = 0;
            for (double v : series.column(PointArtefacts.HELD)) {
                windows += v * 10;
            }
            assertTrue(windows <= held + 1e-6 && windows >= held - 10 * 64, r.point().pointId() + ": " + windows
                    + " in the windows, " + held + " counted");
        }
        assertContains(Files.readString(out.resolve("points.csv")), PointSimulation.THROTTLE_HELD);
        assertContains(Files.readString(out.resolve("plots/held-tornado.svg")), "th8");
    }

    private static double max(double[] v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            m = Math.max(m, x);
        }
        return m;
    }

    /** A metric as the summary prints it. */
    static final class ResultsValue {
        static String of(PointResult r, String metric) {
            double v = PointRecords.metric(r, metric);
            return String.format(java.util.Locale.ROOT, v >= 1000 ? "%.0f" : v >= 10 ? "%.1f" : "%.3f", v);
        }
    }

    @Test
    void aRampRunMeasuresWindowsFindsTheCriticalLoadAndComparesWithTheBaseline() throws IOException {
        Path out = tmp.resolve("r");
        RunHandle h = runner.start(Fixtures.write(tmp, "r.yaml", ModeValidationTest.RAMP), Fixtures.options(out), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        List<PointResult> results = h.results();
        assertEquals(4, results.size());
        Map<String, Double> critical = new HashMap<>();
        double heldSum = 0;
        for (PointResult r : results) {
            assertNull(r.failure(), r.failure());
            assertEquals("ramp", r.notes().get("load"));
            assertEquals("the ramp ended (offered load back to 0) at cycle 20000", r.notes().get("end"));
            assertEquals(20000, PointRecords.metric(r, "sim.cycles"));
            assertEquals(200, PointRecords.metric(r, "ramp.windows"));
            double c = PointRecords.metric(r, "critical.load");
            critical.put(r.point().pointId(), c);
            // a 4 x 4 torus saturates well below the ramp's top load of 0.5
            assertTrue(c > 0.05 && c < 0.5, r.point().pointId() + ": critical load " + c);
            assertTrue(PointRecords.metric(r, "throughput.peak") < 0.5);
            assertEquals(1.0, PointRecords.metric(r, "critical.linearGradient"), 0.2, "throughput follows the load at first");

            SeriesTable s = SeriesTable.parse(Files.readString(out.resolve("series/"
                    + r.point().pointId().replace('/', '_') + ".csv")));
            assertEquals(200, s.rows());
            double[] offered = s.column("offered");
            assertEquals(2.5e-5 * 49.5, offered[0], 1e-12, "mean of g(t) over cycles 0 .. 99");
            assertEquals(2.5e-5 * 19_949.5, offered[199], 1e-9);
            double[] packets = s.column("packets");
            double delivered = 0;
            for (double p : packets) {
                delivered += p;
            }
            assertTrue(delivered <= PointRecords.metric(r, "packets.delivered"));
            assertEquals(PointRecords.metric(r, "packets.generated") - PointRecords.metric(r, "packets.delivered"),
                    PointRecords.metric(r, "inFlight.end"));
            // th8's series has the sources its throttle held back per window, adding up to its count
            double held = PointRecords.metric(r, PointSimulation.THROTTLE_HELD);
            if (r.notes().get("scheme").equals("no-th")) {
                assertTrue(Double.isNaN(held) && !s.has(PointArtefacts.HELD), r.point().pointId());
            } else {
                double windows = 0;
                for (double v : s.column(PointArtefacts.HELD)) {
                    windows += v * 100;
                }
                assertTrue(held >= 0 && windows <= held + 1e-6 && windows >= held - 100 * 16, r.point().pointId()
                        + ": " + windows + " in the windows, " + held + " counted");
                heldSum += held;
            }
        }
        assertTrue(heldSum > 0, "th8 held sources back in some point");
        String text = h.summaryText();
        assertContains(text, "Critical load (flits/node/cycle; mean over seeds; in parentheses: ratio to no-th)");
        assertContains(text, "Peak throughput");
        String row = text.lines().filter(l -> l.startsWith("bitcomp")).findFirst().orElseThrow();
        double ratio = critical.get("bitcomp/th8/ramp/s1") / critical.get("bitcomp/no-th/ramp/s1");
        assertContains(row, String.format(java.util.Locale.ROOT, "(%.3f)", ratio));

        SeriesTable ratios = SeriesTable.parse(Files.readString(out.resolve("series/ratios-bitcomp.csv")));
        assertEquals(List.of("cycle", "offered", "th8.throughput.ratio", "th8.latency.ratio"), ratios.names());
        assertEquals(200, ratios.rows());
        for (String chart : List.of("ramp-throughput-bitcomp", "ramp-latency-uniform", "ramp-throughput-ratio-bitcomp",
                "ramp-latency-ratio-uniform")) {
            assertTrue(Files.isRegularFile(out.resolve("plots/" + chart + ".png")), chart);
            assertContains(Files.readString(out.resolve("plots/" + chart + ".svg")), ">th8</text>");
        }
        // the held chart has th8's line alone: no-th has no active throttle
        String heldChart = Files.readString(out.resolve("plots/ramp-held-bitcomp.svg"));
        assertContains(heldChart, ">th8</text>");
        assertFalse(heldChart.contains(">no-th</text>"), "no line for a scheme without a throttle");
        assertContains(Files.readString(out.resolve("summary.csv")), "bitcomp,th8,1,");
        String report = Files.readString(out.resolve("report.html"));
        assertContains(report, "Critical load");
        assertContains(report, "<th>critical load</th>");
        assertContains(Files.readString(out.resolve("points.csv")), "bitcomp/no-th/ramp/s1,0,bitcomp,no-th,ramp,1,ok,");
    }

    @Test
    void spaceTimeChartsAreRecordedInEveryPointAndShownInTheReport() throws IOException {
        Path out = tmp.resolve("st");
        String yaml = Fixtures.TINY.replace("loads: [0.05, 0.1]", "loads: [0.6]").replace("hardware: {name: generic, vcs: 2, bufferFlits: 8}",
                "hardware: {name: generic, vcs: 2, bufferFlits: 8, flowControl: virtual-cut-through}")
                + "outputs: {spaceTime: {start: 300, length: 40, stride: 2, margin: 0, cellPixels: 3}}\n";
        RunHandle h = runner.start(Fixtures.write(tmp, "st.yaml", yaml), Fixtures.options(out), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        Path png = out.resolve("spacetime/uniform_dor_l0.6_s1.png");
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        assertEquals(20, img.getHeight(), "one pixel row per sampled cycle: 300, 302, ..., 338");
        assertEquals(4 * 4 * 3 + 3 * 2, img.getWidth(), "four charts of 4 buffers, 3 pixels each, 2-pixel bands");
        List<String> csv = Files.readAllLines(out.resolve("spacetime/uniform_dor_l0.6_s1.csv"));
        assertEquals(21, csv.size());
        assertEquals("cycle,E0,E1,E2,E3,W0,W1,W2,W3,N0,N1,N2,N3,S0,S1,S2,S3", csv.get(0));
        assertTrue(csv.get(1).startsWith("300,"));
        assertTrue(csv.get(20).startsWith("338,"));
        // at 0.6 flits/node/cycle (beyond saturation) some buffer of the row is full at some sampled cycle
        long busy = csv.subList(1, csv.size()).stream().flatMap(l -> java.util.Arrays.stream(l.split(",")).skip(1))
                .filter(c -> !c.equals("0")).count();
        assertTrue(busy > 0, "a saturated 4 x 4 torus has full buffers in the chart");
        // each busy cell is drawn in its VC colour: VC 0 red, VC 1 green (2 VCs)
        String[] row = csv.get(1).split(",");
        for (int cell = 0; cell < 16; cell++) {
            int mask = Integer.parseInt(row[cell + 1]);
            int x = (cell / 4) * (4 * 3 + 2) + (cell % 4) * 3;
            int expected = ((mask & 1) != 0 ? 0xFF0000 : 0) | ((mask & 2) != 0 ? 0x00FF00 : 0);
            assertEquals(expected, img.getRGB(x, 0) & 0xFFFFFF, "cell " + cell);
        }
        String report = Files.readString(out.resolve("report.html"));
        assertContains(report, "<h2>Space-time charts</h2>");
        // the annotated figure, inlined: the PNG inside, the line names and the time axis around it
        assertContains(report, "href=\"data:image/png;base64,");
        assertContains(report, ">cycle</text>");
        assertContains(report, ">VC 0 busy</text>");
        assertTrue(Files.isRegularFile(out.resolve("spacetime/uniform_dor_l0.6_s1.svg")), "the figure is in the folder too");
        assertContains(report, "uniform/dor/l0.6/s1 (spacetime/uniform_dor_l0.6_s1.png)");
    }
}
