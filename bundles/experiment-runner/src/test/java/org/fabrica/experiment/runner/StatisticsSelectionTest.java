package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.fabrica.experiment.runner.Fixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.stats.CsvReader;
import org.fabrica.stats.CsvWriter;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The experiment key {@code statistics}: collectors chosen by name, their columns, and what is refused. */
class StatisticsSelectionTest {
    @TempDir
    Path tmp;

    private final ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());

    /** {@link Fixtures#TINY} with four collectors, two of them labelled. */
    static final String TINY_WITH_STATISTICS = Fixtures.TINY + """
            statistics:
              - latency-percentiles
              - {collector: latency-histogram, label: hist, bins: 4, width: 8}
              - {collector: in-flight, label: queue}
              - node-throughput
            """;

    private String refused(String yaml) {
        return Fixtures.refused(runner, tmp, yaml);
    }

    private List<PointResult> run(String yaml, Path out) {
        return run(yaml, out, RunState.FINISHED);
    }

    private List<PointResult> run(String yaml, Path out, RunState expected) {
        RunHandle h = runner.start(Fixtures.write(tmp, "s.yaml", yaml), Fixtures.options(out), null);
        assertEquals(expected, Fixtures.await(h));
        return h.results();
    }

    private static double metric(PointResult r, String name) {
        return PointRecords.metric(r, name);
    }

    @Test
    void aSteadyRunWritesEachCollectorsMetricsAsLabelledColumns() throws IOException {
        Path out = tmp.resolve("steady");
        List<PointResult> results = run(TINY_WITH_STATISTICS, out);
        assertEquals(2, results.size());
        for (PointResult r : results) {
            assertNull(r.failure(), r.failure());
            double measured = metric(r, "packets.measured.delivered");
            assertTrue(measured > 0);
            // the collectors measure the steady window, as the mode's own collector does
            assertEquals(measured, metric(r, "latency-percentiles.count"));
            assertEquals(metric(r, "latency.p50"), metric(r, "latency-percentiles.p50"));
            assertTrue(metric(r, "latency-percentiles.p90") <= metric(r, "latency-percentiles.p99.9"));
            assertEquals(measured, metric(r, "hist.0-7") + metric(r, "hist.8-15") + metric(r, "hist.16-23")
                    + metric(r, "hist.24+"));
            assertEquals(700, metric(r, "queue.samples"), "one sample per cycle of the 700-cycle window");
            assertTrue(metric(r, "queue.max") >= metric(r, "queue.mean") && metric(r, "queue.mean") > 0);
            assertEquals(metric(r, "accepted"), metric(r, "node-throughput.mean"), 1e-12);
            double jain = metric(r, "node-throughput.jain");
            assertTrue(jain > 1.0 / 16 && jain <= 1, "Jain's index of 16 nodes: " + jain);
        }

        List<List<String>> csv = CsvReader.records("points.csv", Files.readString(out.resolve("points.csv")));
        List<String> header = csv.get(0);
        List<String> columns = List.of("latency-percentiles.p50", "latency-percentiles.p90", "latency-percentiles.p99",
                "latency-percentiles.p99.9", "latency-percentiles.count", "hist.0-7", "hist.8-15", "hist.16-23",
                "hist.24+", "queue.mean", "queue.max", "queue.samples", "node-throughput.min", "node-throughput.mean",
                "node-throughput.max", "node-throughput.jain");
        int first = header.indexOf(columns.get(0));
        assertEquals(columns, header.subList(first, first + columns.size()), "in file order, metric order kept");
        assertTrue(first > header.indexOf("packets.delivered") && first < header.indexOf("sim.cycles"),
                "after the mode's metrics, before the simulation's: " + header);
        assertEquals(CsvWriter.number(metric(results.get(0), "hist.24+")), csv.get(1).get(header.indexOf("hist.24+")));

        JsonNode points = new ObjectMapper().readTree(out.resolve("points.json").toFile());
        assertEquals(metric(results.get(1), "queue.max"),
                points.get("points").get(1).get("metrics").get("queue.max").asDouble());
        assertEquals("flits/node/cycle", points.get("units").get("node-throughput.mean").asText());

        String experiment = Files.readString(out.resolve("experiment.yaml"));
        assertContains(experiment, "  - collector: latency-histogram\n    label: hist\n    bins: 4\n    width: 8\n");
        assertContains(experiment, "percentiles:"); // defaults are written out
    }

    @Test
    void withoutTheKeyNothingChanges() throws IOException {
        Path out = tmp.resolve("plain");
        List<PointResult> results = run(Fixtures.TINY, out);
        for (PointResult r : results) {
            assertTrue(r.metrics().stream().noneMatch(m -> m.name().startsWith("node-throughput.")));
        }
        assertFalse(Files.readString(out.resolve("experiment.yaml")).contains("statistics"));
        // the experiment id is computed from the resolved file: the same as without the key
        SweepPlan plain = StudyFiles.plan(Fixtures.TINY);
        assertEquals(plain.experimentId(), StudyFiles.plan(Fixtures.TINY + "statistics: []\n").experimentId());
        assertFalse(plain.experimentId().equals(StudyFiles.plan(TINY_WITH_STATISTICS).experimentId()));
        assertFalse(plain.summary().contains("statistics"));
    }

    @Test
    void theResolvedFileAndTheSummaryNameEveryCollector() {
        SweepPlan plan = StudyFiles.plan(TINY_WITH_STATISTICS);
        ObjectNode resolved = plan.spec().study().resolved(plan);
        JsonNode stats = resolved.get("statistics");
        assertEquals(4, stats.size());
        assertEquals("latency-percentiles", stats.get(0).get("label").asText());
        assertEquals(4, stats.get(1).get("bins").asInt());
        assertEquals(1, stats.get(2).get("every").asInt());
        assertEquals("destination", stats.get(3).get("per").asText());
        assertContains(plan.summary(), "  statistics latency-percentiles: latency-percentiles (org.fabrica.stats."
                + "collectors");
        assertContains(plan.summary(), "hist: latency-histogram (");
        assertTrue(plan.providersByPath().containsKey("statistics[3]"));
        // the window of a steady point: its measurement window
        assertEquals(300, plan.collectorContext().windowStart());
        assertEquals(1000, plan.collectorContext().windowEnd());
    }

    @Test
    void rampAndCollectivePointsRunCollectorsOverTheWholeRun() {
        String collective = ModeValidationTest.COLLECTIVE + """
                statistics:
                  - {collector: in-flight, label: flight}
                  - {collector: node-throughput, per: source}
                """;
        List<PointResult> results = run(collective, tmp.resolve("collective"));
        assertEquals(10, results.size());
        for (PointResult r : results) {
            assertNull(r.failure(), r.failure());
            // every packet is generated in cycle 0, so the most in flight is all of them, at the end of cycle 0
            assertEquals(metric(r, "packets.generated"), metric(r, "flight.max"));
            assertEquals(metric(r, "inFlight.max"), metric(r, "flight.max"));
            assertEquals(metric(r, "sim.cycles"), metric(r, "flight.samples"));
            // 8-flit packets over the cycles the run took, per node
            assertEquals(metric(r, "packets.delivered") * 8 / 16 / metric(r, "sim.cycles"),
                    metric(r, "node-throughput.mean"), 1e-12);
        }
        String ramp = ModeValidationTest.RAMP.replace("end: 20000", "end: 3000") + "statistics: [latency-percentiles]\n";
        SweepPlan plan = StudyFiles.plan(ramp);
        assertEquals(0, plan.collectorContext().windowStart());
        assertEquals(org.fabrica.stats.CollectorContext.OPEN, plan.collectorContext().windowEnd());
        for (PointResult r : run(ramp, tmp.resolve("ramp"))) {
            assertNull(r.failure(), r.failure());
            assertTrue(metric(r, "latency-percentiles.count") > 0);
            assertTrue(metric(r, "latency-percentiles.count") <= metric(r, "packets.delivered"));
        }
    }

    @Test
    void anUnknownCollectorIsRefusedWithTheClosestName() {
        String m = refused(with(TINY_WITH_STATISTICS, "collector: latency-histogram", "collector: latency-histgram"));
        assertContains(m, "statistics[1]");
        assertContains(m, "unknown statistics 'latency-histgram'; did you mean 'latency-histogram'?");
        assertContains(m, "in-flight");
    }

    @Test
    void throughputTrendSplitsTheWindowAsSimulatedAndAveragesToTheAcceptedThroughput() {
        // load 0.05 is carried (its whole 700-cycle window); 0.8 is far above what the tiny torus carries
        // and ends at a saturation check after 200 window cycles, so its parts split those 200
        String yaml = with(Fixtures.TINY, "loads: [0.05, 0.1]", "loads: [0.05, 0.8]").replace("drain: 4000", "drain: 200000")
                + "saturationCheck: 200\nstatistics: [{collector: throughput-trend, label: trend, parts: 4}]\n";
        for (PointResult r : run(yaml, tmp.resolve("trend"))) {
            double mean = (metric(r, "trend.part1") + metric(r, "trend.part2") + metric(r, "trend.part3")
                    + metric(r, "trend.part4")) / 4;
            // four parts of equal span (175 or 50 cycles): their mean is the window's accepted throughput
            assertEquals(metric(r, "accepted"), mean, 1e-12, r.notes().toString());
            assertEquals(metric(r, "trend.part4") / metric(r, "trend.part1") - 1, metric(r, "trend.change"), 1e-12);
        }
        String ramp = ModeValidationTest.RAMP.replace("end: 20000", "end: 3000") + "statistics: [throughput-trend]\n";
        assertContains(refused(ramp), "throughput-trend splits a measurement window that ends (steady mode)");
    }

    @Test
    void badParametersAreRefusedNamingTheParameter() {
        assertContains(refused(with(TINY_WITH_STATISTICS, "bins: 4", "bns: 4")),
                "statistics[1] 'latency-histogram': unknown parameter 'bns'; did you mean 'bins'?");
        assertContains(refused(with(TINY_WITH_STATISTICS, "bins: 4", "bins: 0")), "bins");
        String percent = refused(Fixtures.TINY + "statistics: [{collector: latency-percentiles, percentiles: [50, 101]}]\n");
        assertContains(percent, "statistics[0]");
        assertContains(percent, "parameter 'percentiles' has 101.0; each percentile must be above 0 and at most 100");
        assertContains(refused(Fixtures.TINY + "statistics: [{collector: node-throughput, per: middle}]\n"), "per");
    }

    @Test
    void malformedEntriesAndRepeatedLabelsAreRefused() {
        assertContains(refused(Fixtures.TINY + "statistics: {collector: in-flight}\n"),
                "statistics must be a list of collectors");
        assertContains(refused(Fixtures.TINY + "statistics: [{label: x}]\n"), "statistics[0] has no 'collector'");
        assertContains(refused(Fixtures.TINY + "statistics: [in-flight, in-flight]\n"),
                "label 'in-flight' is used by statistics[0]; give each collector its own label");
        assertContains(refused(Fixtures.TINY + "statistics: [{collector: in-flight, label: 'a b'}]\n"),
                "label 'a b' must start with a letter or digit");
        assertContains(refused(Fixtures.TINY + "statistics: [{collector: in-flight, label: sim}]\n"),
                "label 'sim' is reserved for the simulation's own columns");
    }

    @Test
    void modesWithoutTheirPacketsMeasuredByCollectorsRefuseTheKey() {
        assertContains(refused(M2nModeTest.SIX_TO_TEN + "statistics: [in-flight]\n"),
                "'statistics' is not supported in mode m2n (it plays the communications' schedules and reports their "
                        + "completion and latencies itself); statistics collectors run in the modes that simulate the"
                        + " file's traffic (collective, ramp and steady); remove it");
    }

    @Test
    void aLabelThatRepeatsAModeColumnFailsThePointNamingIt() {
        List<PointResult> results = run(Fixtures.TINY + "statistics: [{collector: latency-percentiles, label: latency}]\n",
                tmp.resolve("clash"),
                RunState.FAILED);
        assertEquals(2, results.size());
        for (PointResult r : results) {
            assertContains(String.valueOf(r.failure()), "statistics[0] (label 'latency'): column latency.p50 is written "
                    + "twice (the study mode writes a metric of that name); give the collector another label");
        }
    }
}
