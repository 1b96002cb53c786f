package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.fabrica.experiment.runner.Fixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.example.fabrica.delivered.DeliveredStudy;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.plan.PacketStudiesService;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mode of another package, written against the exported study API only ({@link DeliveredStudy}),
 * registered as a framework registers a plugin's component: the runner's {@link PacketStudiesService}
 * reads, resolves and describes its file, it runs its points with its own measurement and end
 * condition, and its summary table has ratios to the baseline scheme.
 */
class ExportedStudyApiTest {
    @TempDir
    Path tmp;

    private static final String DELIVERED = """
            name: delivered-tiny
            mode: delivered
            topology: {name: torus, k: 4, n: 2}
            hardware: {name: generic, vcs: 2, bufferFlits: 8}
            traffic:
              packetFlits: 4
              patterns: [uniform]
              injection: {name: collective, packets: 2}
            schemes:
              - label: dor
                routing: {name: dor, dateline: classic}
                queuing: {name: dateline}
              - label: yx
                routing: {name: dor-yx, dateline: classic}
                queuing: {name: dateline}
            stopAt: 0
            outputs: {plots: false, report: false}
            """;

    private static ExperimentRunner runner() {
        ProviderRegistry registry = ClasspathProviders.registry();
        registry.add(new DeliveredStudy(new PacketStudiesService()), Map.of(StudyMode.NAME_PROPERTY, "delivered"));
        return new ExperimentRunner(registry);
    }

    private List<PointResult> run(String yaml, Path out) throws Exception {
        ExperimentRunner runner = runner();
        Path file = Fixtures.write(tmp, "delivered.yaml", yaml);
        RunHandle h = runner.start(file, Fixtures.options(out), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h), () -> h.results().toString());
        return h.results();
    }

    private static double metric(PointResult r, String name) {
        return r.metrics().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow().value();
    }

    @Test
    void aModeOfTheExportedApiRunsEveryPacketAndWritesItsTableWithRatios() throws Exception {
        Path out = tmp.resolve("all");
        List<PointResult> results = run(DELIVERED, out);
        assertEquals(List.of("uniform/dor/delivered/s1", "uniform/yx/delivered/s1"),
                results.stream().map(r -> r.point().pointId()).toList());
        for (PointResult r : results) {
            assertEquals(16 * 2, metric(r, "delivered.count"), "every node's 2 packets");
            assertEquals("NETWORK_DONE", r.notes().get(PointSimulation.END));
            assertEquals(PointSimulation.OK, r.notes().get(PointSimulation.STATUS));
        }
        String summary = Files.readString(out.resolve("summary.csv"));
        assertContains(summary, "delivered.count.ratio");
        assertContains(summary, "uniform,yx,1,32,,1,1");
        String yaml = Files.readString(out.resolve("experiment.yaml"));
        assertContains(yaml, "baseline: dor");
        assertContains(yaml, "stopAt: 0");
    }

    @Test
    void aModeBringsItsOwnTrafficInsteadOfTheFilesPatternAndInjection() throws Exception {
        List<PointResult> results = run(DELIVERED + "ring: true\n", tmp.resolve("ring"));
        for (PointResult r : results) {
            assertEquals(16, metric(r, "delivered.count"), "one packet per node, not the file's 2");
            // to the next node: one hop on the 4 x 4 torus, two from the end of a row (3 -> 4 is (3,0) -> (0,1))
            assertEquals(12 * 1 + 4 * 2, metric(r, "delivered.hops"));
            assertEquals("NETWORK_DONE", r.notes().get(PointSimulation.END));
        }
        assertContains(Files.readString(tmp.resolve("ring").resolve("experiment.yaml")), "ring: true");
    }

    @Test
    void itsEndConditionStopsThePointEarly() throws Exception {
        PointResult r = run(with(DELIVERED, "stopAt: 0", "stopAt: 5"), tmp.resolve("early")).get(0);
        double delivered = metric(r, "delivered.count");
        // checked after every cycle: the cycle of the 5th delivery may deliver one more
        assertTrue(delivered >= 5 && delivered < 16 * 2, "stopped at the cycle of the 5th delivery: " + delivered);
        assertEquals("MEASURED", r.notes().get(PointSimulation.END));
    }

    @Test
    void itsFileIsCheckedByTheRunnerAndByTheMode() {
        ExperimentRunner runner = runner();
        assertContains(runner.validate(Fixtures.write(tmp, "v.yaml", DELIVERED), Fixtures.options(tmp.resolve("v"))),
                "  stop at   0 packets");
        assertContains(Fixtures.refused(runner, tmp, DELIVERED + "loads: [0.1]\n"),
                "'loads' is only used in mode steady; remove it or set mode: steady");
        assertContains(Fixtures.refused(runner, tmp, with(DELIVERED, "stopAt: 0", "stopAt: -1")),
                "stopAt = -1 is negative");
        assertContains(Fixtures.refused(runner, tmp, DELIVERED + "baseline: xy\n"),
                "baseline 'xy' is not the label of a scheme");
    }
}
