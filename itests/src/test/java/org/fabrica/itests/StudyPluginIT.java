package org.fabrica.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.inject.Inject;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ExperimentService;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.RunState;
import org.fabrica.sweep.PointResult;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;

/**
 * The study-mode example (examples/study-plugin, built by the reactor) as a user deploys it: its
 * jar dropped into the plugins folder of a framework with the core and torus features makes
 * {@code mode: burst} valid, and a burst experiment runs to the end with every packet delivered,
 * after the bound of the busiest end node's link; with {@code shift: 1} the mode's own traffic (every
 * node sends to the next) brings that bound down to one node's burst, and the run writes the mode's
 * own table (summary.csv) and chart (plots/burst-uniform.svg); deleting the jar removes the mode,
 * and the same file is refused with the installed modes.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class StudyPluginIT {
    private static final String TEST = "StudyPluginIT";
    private static final String NAME = "burst";
    private static final String BUNDLE = "org.example.fabrica.burst";
    private static final int NODES = 16;
    private static final int PACKETS_PER_NODE = 8;
    private static final int PACKET_FLITS = 4;
    /** Bound for a burst of 128 packets on a 4 x 4 torus; a hang fails instead of blocking the build. */
    private static final long RUN_SECONDS = 300;

    @Inject
    BundleContext context;

    private ProviderCatalog catalog;
    private ExperimentService experiments;
    private Path work;

    @Configuration
    public Option[] config() {
        return FabricaOptions.features(TEST, "core", "torus");
    }

    @Before
    public void experimentRunnerIsThere() throws Exception {
        assertTrue("experiment-runner is built", FabricaOptions.builtFabricaBundles().contains("org.fabrica.experiment.runner"));
        catalog = Services.await(context, ProviderCatalog.class);
        assertNotNull("experiment-runner registers a ProviderCatalog", catalog);
        experiments = Services.await(context, ExperimentService.class);
        assertNotNull("experiment-runner registers an ExperimentService", experiments);
        work = FabricaOptions.workFolder(TEST);
        Files.createDirectories(work);
    }

    @Test
    public void theDroppedBurstModeRunsItsExperimentUntilItsJarIsDeleted() throws Exception {
        Path built = Path.of(System.getProperty("fabrica.itest.study"));
        assertTrue("the study example's jar was built: " + built, Files.isRegularFile(built));
        Path file = experiment("");
        Path shifted = experiment("shift: 1\n");

        // before the drop: no such mode, and the file is refused with the installed ones
        assertFalse("no burst mode before the drop", known());
        assertRefused(file);

        Path jar = FabricaOptions.pluginsFolder(TEST).resolve("burst-study.jar");
        Files.copy(built, jar, StandardCopyOption.REPLACE_EXISTING);
        try {
            assertTrue("the catalogue lists burst under concept mode", Services.await(this::known));
            ProviderInfo info = catalog.find("mode", NAME);
            assertEquals(BUNDLE, info.bundle());
            assertNotNull("the mode's settings are in the catalogue (help mode burst)", info.schema());
            assertEquals("its Metatype, read inside the framework", List.of("tail", "shift"), info.schema().names());
            assertEquals(0.9, (Double) info.schema().parameter("tail").defaultValue(), 0.0);

            experiments.validate(file, options("validate"));
            RunHandle run = experiments.start(file, options("run"), null);
            RunState state = run.completion().toCompletableFuture().get(RUN_SECONDS, TimeUnit.SECONDS);
            assertEquals(RunState.FINISHED, state);
            assertEquals(1, run.results().size());
            PointResult r = run.results().get(0);
            assertFalse("the burst point failed: " + r.failure(), r.failed());
            assertEquals("uniform/dor/burst/s1", r.point().pointId());
            assertEquals("ok", r.notes().get("status"));

            double packets = NODES * PACKETS_PER_NODE;
            assertEquals("every node sent its burst", packets, PointRecords.metric(r, "burst.packets"), 0.0);
            assertEquals("every packet was delivered", packets, PointRecords.metric(r, "burst.delivered"), 0.0);
            // every flit crosses at least its source's and its destination's terminal link
            assertTrue("flit hops " + PointRecords.metric(r, "sim.flitHops"),
                    PointRecords.metric(r, "sim.flitHops") >= 2 * packets * PACKET_FLITS);
            double bound = PointRecords.metric(r, "burst.bound");
            double completion = PointRecords.metric(r, "burst.completion");
            double tail = PointRecords.metric(r, "burst.tail");
            // an end node's link carries one flit per cycle: its own packets alone take this long; with
            // uniform destinations some node receives more than its own burst
            assertTrue("bound above one node's burst: " + bound, bound > PACKETS_PER_NODE * PACKET_FLITS);
            assertTrue("completion " + completion + " after the link bound " + bound, completion > bound);
            assertTrue("tail " + tail + " within the completion " + completion, tail > 0 && tail <= completion);
            double latency = PointRecords.metric(r, "burst.latency.mean");
            assertTrue("mean latency " + latency + " above the packet's own flits and below the completion",
                    latency > PACKET_FLITS && latency < completion);
            assertTrue("the run ended at the completion or after it", PointRecords.metric(r, "sim.cycles") >= completion);

            // the mode's own traffic: node i sends to node i + 1, so every node sends and receives
            // exactly its own burst, and the mode's table and chart are written
            RunOptions shiftedOptions = options("shifted");
            RunHandle shiftedRun = experiments.start(shifted, shiftedOptions, null);
            assertEquals(RunState.FINISHED, shiftedRun.completion().toCompletableFuture().get(RUN_SECONDS, TimeUnit.SECONDS));
            PointResult s = shiftedRun.results().get(0);
            assertFalse("the shifted point failed: " + s.failure(), s.failed());
            assertEquals("every node's burst", packets, PointRecords.metric(s, "burst.delivered"), 0.0);
            assertEquals("the busiest link carries one node's burst", PACKETS_PER_NODE * PACKET_FLITS,
                    PointRecords.metric(s, "burst.bound"), 0.0);
            double shiftedCompletion = PointRecords.metric(s, "burst.completion");
            assertTrue("completion " + shiftedCompletion + " after the bound", shiftedCompletion > PACKETS_PER_NODE * PACKET_FLITS);
            Path results = shiftedOptions.outDir();
            List<String> summary = Files.readAllLines(find(results, "summary.csv"));
            assertEquals("a header and one row per pattern x scheme: " + summary, 2, summary.size());
            List<String> header = List.of(summary.get(0).split(","));
            List<String> row = List.of(summary.get(1).split(",", -1));
            assertEquals(List.of("uniform", "dor", "1"), row.subList(0, 3));
            assertEquals("the completion table's mean", shiftedCompletion,
                    Double.parseDouble(row.get(header.indexOf("burst.completion"))), 1e-9);
            assertEquals("the mode's own link-efficiency table", PACKETS_PER_NODE * PACKET_FLITS / shiftedCompletion,
                    Double.parseDouble(row.get(header.indexOf("burst.efficiency"))), 1e-9);
            String svg = Files.readString(find(results, "burst-uniform.svg"));
            assertTrue("the chart draws completion against the link bound: " + svg.length(),
                    svg.startsWith("<") && svg.contains("uniform: burst completion") && svg.contains("link bound"));
        } finally {
            Files.deleteIfExists(jar);
        }

        assertTrue("deleting the jar removes burst", Services.await(() -> !known()));
        assertRefused(file);
    }

    private boolean known() {
        try {
            return BUNDLE.equals(catalog.find("mode", NAME).bundle());
        } catch (ExperimentException e) {
            return false;
        }
    }

    private void assertRefused(Path file) {
        try {
            experiments.validate(file, options("refused"));
            fail("an experiment of mode burst validates without the plugin");
        } catch (ExperimentException e) {
            String m = e.getMessage();
            assertTrue("the message names the mode and lists the installed ones: " + m,
                    m.contains("mode 'burst' is not a mode") && m.contains("steady (") && m.contains("collective ("));
        }
    }

    /**
     * A 4 x 4 torus where every node sends 8 packets of 4 flits at cycle 0, one point; with the mode's
     * own key {@code tail}, so the refusal without the plugin must name the mode, not that key.
     */
    private Path experiment(String own) throws Exception {
        String yaml = """
                name: itest-burst
                mode: burst
                topology: {name: torus, k: 4, n: 2}
                hardware: {name: generic, vcs: 2, bufferFlits: 8}
                traffic:
                  packetFlits: %d
                  patterns: [uniform]
                  injection: {name: collective, packets: %d}
                schemes:
                  - label: dor
                    routing: {name: dor, dateline: classic}
                    queuing: {name: dateline}
                tail: 0.9
                %smaxCycles: 100000
                deadlockCycles: 2000
                seeds: [1]
                outputs: {plots: %s, report: false}
                """.formatted(PACKET_FLITS, PACKETS_PER_NODE, own, !own.isEmpty());
        Path file = work.resolve(own.isEmpty() ? "burst.yaml" : "burst-shifted.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    /** The one file named {@code name} under {@code dir}. */
    private static Path find(Path dir, String name) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> found = files.filter(f -> f.getFileName().toString().equals(name)).toList();
            assertEquals("one " + name + " under " + dir + ": " + found, 1, found.size());
            return found.get(0);
        }
    }

    private RunOptions options(String name) {
        return new RunOptions(work.resolve("results-" + name + "-" + System.nanoTime()), false, 1, Map.of(), false);
    }
}
