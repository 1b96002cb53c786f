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
import javax.inject.Inject;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ExperimentService;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointRecords;
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
 * The topology example (examples/topology-plugin, built by the reactor) as a user deploys it: its
 * jar dropped into the plugins folder of a framework with the core, torus (generic hardware,
 * dateline queuing) and graph (min-hop) features makes {@code chordal-ring} a provider of concept
 * {@code topology} with its two Metatype parameters; the README's experiment (min-hop tables with
 * hop-indexed VC classes), at a reduced window and two loads, runs to the end with every measured
 * packet delivered and, at the low load, accepted traffic within 10% of the offered load; deleting
 * the jar removes the name, and the same experiment is refused again.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class TopologyPluginIT {
    private static final String TEST = "TopologyPluginIT";
    private static final String NAME = "chordal-ring";
    private static final String BUNDLE = "org.example.fabrica.chordal";
    /** Bound for two points of a few thousand cycles on 16 routers; a hang fails instead of blocking the build. */
    private static final long RUN_SECONDS = 300;
    private static final double LOW_LOAD = 0.1;

    @Inject
    BundleContext context;

    private ProviderCatalog catalog;
    private ExperimentService experiments;
    private Path work;

    @Configuration
    public Option[] config() {
        return FabricaOptions.features(TEST, "core", "torus", "graph");
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
    public void theDroppedChordalRingRunsItsExperimentUntilItsJarIsDeleted() throws Exception {
        Path built = Path.of(System.getProperty("fabrica.itest.topology"));
        assertTrue("the topology example's jar was built: " + built, Files.isRegularFile(built));
        Path file = experiment();

        // before the drop: no such topology, and the experiment is refused before it runs
        assertFalse("no chordal-ring before the drop", known());
        assertRefused(file);

        Path jar = FabricaOptions.pluginsFolder(TEST).resolve("chordal-ring-topology.jar");
        Files.copy(built, jar, StandardCopyOption.REPLACE_EXISTING);
        try {
            assertTrue("the catalogue resolves chordal-ring under concept topology", Services.await(this::known));
            ProviderInfo info = catalog.find("topology", NAME);
            assertEquals(BUNDLE, info.bundle());
            assertTrue("its description comes from fabrica.description: " + info.description(),
                    info.description().startsWith("Chordal ring"));
            assertEquals("its Metatype parameters", List.of("c", "k"), info.schema().names().stream().sorted().toList());

            experiments.validate(file, options("validate"));
            RunHandle run = experiments.start(file, options("run"), null);
            RunState state = run.completion().toCompletableFuture().get(RUN_SECONDS, TimeUnit.SECONDS);
            assertEquals(2, run.results().size());
            for (PointResult r : run.results()) {
                assertFalse("a point on the chordal ring failed: " + r.failure(), r.failed());
                double measured = PointRecords.metric(r, "packets.measured");
                assertTrue("packets were measured: " + measured, measured > 0);
                // Below saturation (the 16-router ring with chord 4 has diameter 3 and four links per
                // router; uniform traffic saturates near the nodes' ejection rate, not at 0.3): every
                // measured packet arrived. The network model fails the point on a lost, duplicated or
                // misrouted packet, and its deadlock detector on a stall.
                assertEquals(measured, PointRecords.metric(r, "packets.measured.delivered"), 0.0);
            }
            assertEquals(RunState.FINISHED, state);
            PointResult low = run.results().stream()
                    .filter(r -> Math.abs(PointRecords.metric(r, "offered") - LOW_LOAD) < 0.05).findFirst()
                    .orElseThrow(() -> new AssertionError("no point near the offered load " + LOW_LOAD));
            double offered = PointRecords.metric(low, "offered");
            double accepted = PointRecords.metric(low, "accepted");
            // at a tenth of the ejection rate the network keeps up: what is offered is accepted (the
            // margin covers the Bernoulli sources' sampling over a 2,000-cycle window)
            assertEquals("accepted " + accepted + " against offered " + offered, offered, accepted, 0.1 * offered);
        } finally {
            Files.deleteIfExists(jar);
        }

        assertTrue("deleting the jar removes chordal-ring", Services.await(() -> !known()));
        assertRefused(file);
    }

    private boolean known() {
        try {
            return BUNDLE.equals(catalog.find("topology", NAME).bundle());
        } catch (ExperimentException e) {
            return false;
        }
    }

    private void assertRefused(Path file) {
        try {
            experiments.validate(file, new RunOptions(work.resolve("refused"), false, 1, Map.of(), false));
            fail("an experiment naming the " + NAME + " topology validates without the plugin");
        } catch (ExperimentException e) {
            assertTrue("the message names the unknown topology: " + e.getMessage(), e.getMessage().contains("'" + NAME + "'"));
        }
    }

    /**
     * The experiment of examples/topology-plugin/README.md, reduced: two of its loads and a shorter
     * window; the network, hardware, traffic and scheme are the README's.
     */
    private Path experiment() throws Exception {
        String yaml = """
                name: itest-chordal-ring
                topology: {name: chordal-ring, k: 16, c: 4}
                hardware: {name: generic, vcs: 6, bufferFlits: 8}
                traffic:
                  packetFlits: 4
                  patterns: [uniform]
                  injection: bernoulli
                schemes:
                  - label: min-hop
                    routing: {name: min-hop, deadlock: hop-classes}
                    queuing: {name: dateline}
                loads: [%s, 0.3]
                warmup: 500
                measure: 2000
                drain: 6000
                deadlockCycles: 2000
                seeds: [1]
                outputs: {plots: false, report: false}
                """.formatted(LOW_LOAD);
        Path file = work.resolve("chordal-ring.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private RunOptions options(String name) {
        return new RunOptions(work.resolve("results-" + name + "-" + System.nanoTime()), false, 1, Map.of(), false);
    }
}
