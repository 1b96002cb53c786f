package org.fabrica.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.inject.Inject;
import org.fabrica.experiment.ExperimentService;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.itests.plugin.FaultyRouting;
import org.fabrica.itests.plugin.PluginJar;
import org.fabrica.kernel.ProviderFactory;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.junit.Assume;
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
 * Runs through {@link ExperimentService} in a framework with the core and torus features: a small run
 * completes; a routing swap in a paused run keeps every packet delivered exactly once; a provider that
 * throws fails only its own run, with a message naming its bundle, while a concurrent run goes on;
 * one that never returns fails its points the same way once the point watch gives up on them
 * (docs/architecture.md, "Hot swap and provider failures").
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ExperimentRunIT {
    private static final String TEST = "ExperimentRunIT";
    /** Bound for a run of a few thousand cycles on a 4 x 4 torus; a hang fails instead of blocking the build. */
    private static final long RUN_SECONDS = 300;

    @Inject
    BundleContext context;

    private ExperimentService experiments;
    private Path work;

    @Configuration
    public Option[] config() {
        return FabricaOptions.features(TEST, "core", "torus");
    }

    @Before
    public void experimentRunnerIsThere() throws Exception {
        Assume.assumeTrue("experiment-runner is not built yet",
                FabricaOptions.builtFabricaBundles().contains("org.fabrica.experiment.runner"));
        experiments = Services.await(context, ExperimentService.class);
        assertNotNull("experiment-runner is built but registers no ExperimentService", experiments);
        work = FabricaOptions.workFolder(TEST);
        Files.createDirectories(work);
    }

    @Test
    public void aSmallRunCompletesAndWritesItsResults() throws Exception {
        Path file = experiment("small", "{name: dor, dateline: classic}", "dateline", "[0.05, 0.1]");
        RunHandle run = experiments.start(file, options("small", false), null);
        assertEquals(RunState.FINISHED, await(run));
        List<PointResult> results = run.results();
        assertEquals(2, results.size());
        for (PointResult r : results) {
            assertFalse("point failed: " + r.failure(), r.failed());
            assertFalse(r.metrics().isEmpty());
        }
        assertTrue("points.csv in " + run.outDir(), Files.size(run.outDir().resolve("points.csv")) > 0);
    }

    @Test
    public void aRoutingSwapInAPausedRunKeepsEveryPacketDeliveredExactlyOnce() throws Exception {
        Path file = experiment("swap", "{name: dor, dateline: classic}", "dateline", "[0.05]");
        RunHandle run = experiments.start(file, options("swap", true), null);
        assertTrue("the run's simulation parks before its first cycle", Services.await(() -> parkedPoints(run) > 0));
        run.step(300); // packets in flight when the routing changes
        run.swap("routing", "dor-yx", Map.of("dateline", "classic"));
        run.resume();
        assertEquals(RunState.FINISHED, await(run));
        PointResult r = run.results().get(0);
        assertFalse("point failed after the swap: " + r.failure(), r.failed());
        String swaps = r.notes().getOrDefault("swaps", "");
        assertTrue("the swap is on record: " + r.notes(), swaps.contains("swap: cycle") && swaps.contains("'dor-yx'"));
        // Not saturated at this load: every packet of the measurement window arrived, once (the network
        // model fails the point on a duplicate or lost packet).
        assertEquals(metric(r, "packets.measured"), metric(r, "packets.measured.delivered"), 0.0);
        assertTrue(metric(r, "packets.measured") > 0);
    }

    @Test
    public void aProviderThatThrowsFailsOnlyItsOwnRunAndNamesItsBundle() throws Exception {
        Path jar = FabricaOptions.pluginsFolder(TEST).resolve("faulty-routing.jar");
        PluginJar.write(jar);
        String filter = "(" + ProviderFactory.NAME_PROPERTY + "=" + FaultyRouting.NAME + ")";
        try {
            assertTrue("the faulty plugin is deployed",
                    Services.await(() -> !Services.references(context, RoutingFactory.class, filter).isEmpty()));
            Path faultyFile = experiment("faulty", "{name: " + FaultyRouting.NAME + "}", "1vc", "[0.05]");
            Path goodFile = experiment("good", "{name: dor, dateline: classic}", "dateline", "[0.05, 0.1]");
            RunHandle good = experiments.start(goodFile, options("good", false), null);
            RunHandle faulty = experiments.start(faultyFile, options("faulty", false), null);

            assertEquals(RunState.FAILED, await(faulty));
            PointResult failed = faulty.results().get(0);
            assertTrue(failed.failed());
            assertTrue("the failure names the plugin's bundle: " + failed.failure(),
                    failed.failure().contains(FaultyRouting.BUNDLE));

            assertEquals(RunState.FINISHED, await(good));
            for (PointResult r : good.results()) {
                assertFalse("the concurrent run failed: " + r.failure(), r.failed());
            }
        } finally {
            removePlugin(jar, filter);
        }
    }

    @Test
    public void aProviderThatNeverReturnsFailsItsPointWithItsBundleNamedAndTheRunsGoOn() throws Exception {
        Path jar = FabricaOptions.pluginsFolder(TEST).resolve("faulty-routing.jar");
        PluginJar.write(jar);
        String filter = "(" + ProviderFactory.NAME_PROPERTY + "=" + FaultyRouting.NAME + ")";
        // the watch reads its limit when a run starts; 5 s instead of 120 keeps the test short
        String stall = System.setProperty("fabrica.stallSeconds", "5");
        try {
            assertTrue("the faulty plugin is deployed",
                    Services.await(() -> !Services.references(context, RoutingFactory.class, filter).isEmpty()));
            Path hangingFile = experiment("hanging", "{name: " + FaultyRouting.NAME + ", hang: true}", "1vc",
                    "[0.05, 0.1]");
            Path goodFile = experiment("good-beside-hanging", "{name: dor, dateline: classic}", "dateline",
                    "[0.05, 0.1]");
            RunHandle hanging = experiments.start(hangingFile, options("hanging", false), null);
            RunHandle good = experiments.start(goodFile, options("good-beside-hanging", false), null);

            assertEquals("a run whose points hang ends, failed", RunState.FAILED, await(hanging));
            assertEquals(2, hanging.results().size());
            for (PointResult r : hanging.results()) {
                assertTrue("the point failed: " + r, r.failed());
                assertTrue("the failure names the plugin's bundle: " + r.failure(),
                        r.failure().contains(FaultyRouting.BUNDLE));
                assertTrue("the failure says what went wrong: " + r.failure(),
                        r.failure().contains("has not come to a cycle boundary"));
            }
            assertEquals(RunState.FINISHED, await(good));
            for (PointResult r : good.results()) {
                assertFalse("the concurrent run failed: " + r.failure(), r.failed());
            }
        } finally {
            if (stall == null) {
                System.clearProperty("fabrica.stallSeconds");
            } else {
                System.setProperty("fabrica.stallSeconds", stall);
            }
            removePlugin(jar, filter);
        }
    }

    /**
     * Deletes the plugin's jar and waits until its routing is gone: the folder watcher uninstalls it
     * asynchronously, and a test that wrote the jar again meanwhile would find the old bundle's
     * service, then the old bundle stopped under its run.
     */
    private void removePlugin(Path jar, String filter) throws Exception {
        Files.deleteIfExists(jar);
        assertTrue("the faulty plugin is removed",
                Services.await(() -> Services.references(context, RoutingFactory.class, filter).isEmpty()));
    }

    private Path experiment(String name, String routing, String queuing, String loads) throws Exception {
        String yaml = """
                name: itest-%1$s
                topology: {name: torus, k: 4, n: 2}
                hardware: {name: generic, vcs: 2, bufferFlits: 8}
                traffic:
                  packetFlits: 4
                  patterns: [uniform]
                  injection: {name: bernoulli}
                schemes:
                  - label: %1$s
                    routing: %2$s
                    queuing: {name: %3$s}
                    throttle: {name: none}
                loads: %4$s
                warmup: 300
                measure: 1000
                drain: 4000
                deadlockCycles: 2000
                seeds: [1]
                outputs: {plots: false, report: false}
                """.formatted(name, routing, queuing, loads);
        Path file = work.resolve(name + ".yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private RunOptions options(String name, boolean startPaused) {
        return new RunOptions(work.resolve("results-" + name + "-" + System.nanoTime()), false, 2, Map.of(), startPaused);
    }

    private static RunState await(RunHandle run) throws Exception {
        return run.completion().toCompletableFuture().get(RUN_SECONDS, TimeUnit.SECONDS);
    }

    @SuppressWarnings("unchecked")
    private static long parkedPoints(RunHandle run) {
        Object active = run.stats().get("active");
        if (!(active instanceof List<?> points)) {
            return 0;
        }
        return points.stream().filter(p -> Boolean.TRUE.equals(((Map<String, Object>) p).get("paused"))).count();
    }

    private static double metric(PointResult r, String name) {
        for (Metric m : r.metrics()) {
            if (m.name().equals(name)) {
                return m.value();
            }
        }
        throw new AssertionError("no metric " + name + " in " + r.metrics());
    }
}
