package org.fabrica.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 * The allocator example (examples/allocator-plugin, built by the reactor) as a user deploys it: its
 * jar dropped into the plugins folder of a framework with the core and torus features makes
 * {@code wavefront} a provider of concept {@code allocator}; an experiment whose generic hardware
 * names it as the switch allocator validates (also through a {@code --set} override) and runs to the
 * end with every measured packet delivered; deleting the jar removes the name, and the same
 * experiment is refused again.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class AllocatorPluginIT {
    private static final String TEST = "AllocatorPluginIT";
    private static final String NAME = "wavefront";
    private static final String BUNDLE = "org.example.fabrica.wavefront";
    /** Bound for a run of a few thousand cycles on a 4 x 4 torus; a hang fails instead of blocking the build. */
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
    public void theDroppedWavefrontAllocatorRunsAsSwitchAllocatorUntilItsJarIsDeleted() throws Exception {
        Path built = Path.of(System.getProperty("fabrica.itest.allocator"));
        assertTrue("the allocator example's jar was built: " + built, Files.isRegularFile(built));
        Path withWavefront = experiment("wavefront", ", switchAllocator: " + NAME);
        Path plain = experiment("plain", "");
        Map<String, String> set = Map.of("hardware.switchAllocator", NAME);

        // before the drop: no such allocator, and an experiment naming it is refused before it runs
        assertFalse("no wavefront before the drop", known());
        assertRefused(withWavefront, Map.of());

        Path jar = FabricaOptions.pluginsFolder(TEST).resolve("wavefront-allocator.jar");
        Files.copy(built, jar, StandardCopyOption.REPLACE_EXISTING);
        try {
            assertTrue("the catalogue resolves wavefront under concept allocator", Services.await(this::known));
            ProviderInfo info = catalog.find("allocator", NAME);
            assertEquals(BUNDLE, info.bundle());
            assertTrue("its description comes from fabrica.description: " + info.description(),
                    info.description().startsWith("Wavefront allocator"));
            assertTrue("it has no parameters: " + info.schema().names(), info.schema().names().isEmpty());

            // both ways of naming it validate: in the file, and as an override of the file (--set)
            experiments.validate(withWavefront, options("validate-file"));
            experiments.validate(plain, new RunOptions(work.resolve("validate-set"), false, 1, set, false));

            RunHandle run = experiments.start(withWavefront, options("run"), null);
            RunState state = run.completion().toCompletableFuture().get(RUN_SECONDS, TimeUnit.SECONDS);
            assertEquals(1, run.results().size());
            PointResult r = run.results().get(0);
            assertFalse("the point with the wavefront switch allocator failed: " + r.failure(), r.failed());
            assertEquals(RunState.FINISHED, state);
            double measured = PointRecords.metric(r, "packets.measured");
            assertTrue("packets were measured: " + measured, measured > 0);
            // Far below saturation: every measured packet arrived (the network model checks every grant
            // of the allocator and fails the point on an invalid one, a lost or a duplicated packet).
            assertEquals(measured, PointRecords.metric(r, "packets.measured.delivered"), 0.0);
        } finally {
            Files.deleteIfExists(jar);
        }

        assertTrue("deleting the jar removes wavefront", Services.await(() -> !known()));
        assertRefused(withWavefront, Map.of());
        assertRefused(plain, set);
    }

    private boolean known() {
        try {
            return BUNDLE.equals(catalog.find("allocator", NAME).bundle());
        } catch (ExperimentException e) {
            return false;
        }
    }

    private void assertRefused(Path file, Map<String, String> overrides) {
        try {
            experiments.validate(file, new RunOptions(work.resolve("refused"), false, 1, overrides, false));
            fail("an experiment naming the " + NAME + " switch allocator validates without the plugin");
        } catch (ExperimentException e) {
            assertTrue("the message names the switch allocator and the unknown name: " + e.getMessage(),
                    e.getMessage().contains("switch allocator") && e.getMessage().contains("'" + NAME + "'"));
        }
    }

    /** A 4 x 4 torus at a low load, one point; {@code hardwareExtra} is appended to the generic hardware's parameters. */
    private Path experiment(String name, String hardwareExtra) throws Exception {
        String yaml = """
                name: itest-allocator-%1$s
                topology: {name: torus, k: 4, n: 2}
                hardware: {name: generic, vcs: 2, bufferFlits: 8%2$s}
                traffic:
                  packetFlits: 4
                  patterns: [uniform]
                  injection: {name: bernoulli}
                schemes:
                  - label: dor
                    routing: {name: dor, dateline: classic}
                    queuing: {name: dateline}
                    throttle: {name: none}
                loads: [0.1]
                warmup: 300
                measure: 1000
                drain: 4000
                deadlockCycles: 2000
                seeds: [1]
                outputs: {plots: false, report: false}
                """.formatted(name, hardwareExtra);
        Path file = work.resolve(name + ".yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private RunOptions options(String name) {
        return new RunOptions(work.resolve("results-" + name + "-" + System.nanoTime()), false, 1, Map.of(), false);
    }
}
