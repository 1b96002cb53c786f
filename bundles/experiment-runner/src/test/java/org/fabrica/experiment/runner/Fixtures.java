package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.runner.fixtures.BrokenRoutingFactory;
import org.fabrica.experiment.runner.fixtures.SeededRoutingFactory;
import org.fabrica.experiment.runner.fixtures.SinglePacketInjectionFactory;
import org.fabrica.sweep.PointResult;

/** Shared test material: the registry of real providers and a tiny experiment. */
final class Fixtures {
    private Fixtures() {
    }

    /** A 4 x 4 torus, DOR with the classic dateline, two loads: runs in a fraction of a second. */
    static final String TINY = """
            name: tiny
            description: 4 x 4 torus smoke test
            topology: {name: torus, k: 4, n: 2}
            hardware: {name: generic, vcs: 2, bufferFlits: 8}
            traffic:
              packetFlits: 4
              patterns: [uniform]
            schemes:
              - label: dor
                routing: {name: dor, dateline: classic}
                queuing: {name: dateline}
            loads: [0.05, 0.1]
            warmup: 300
            measure: 700
            drain: 4000
            deadlockCycles: 2000
            seeds: [1]
            """;

    private static ProviderRegistry registry;

    /** The real providers of the class path, plus the broken routing fixture. */
    static synchronized ProviderRegistry registry() {
        if (registry == null) {
            ProviderRegistry r = ClasspathProviders.registry();
            r.add(new BrokenRoutingFactory(), Map.of("fabrica.name", "broken", "fabrica.description",
                    "throws from route", ProviderRegistry.BUNDLE_PROPERTY, "org.example.broken",
                    ProviderRegistry.VERSION_PROPERTY, "1.2.3"));
            r.add(new org.fabrica.experiment.runner.hang.HangingRoutingFactory(), Map.of("fabrica.name", "hanging",
                    "fabrica.description", "never returns from route", ProviderRegistry.BUNDLE_PROPERTY,
                    "org.example.hanging", ProviderRegistry.VERSION_PROPERTY, "0.0.1"));
            r.add(new org.fabrica.experiment.runner.hang.SlowBuildingRoutingFactory(), Map.of("fabrica.name",
                    "slow-building", "fabrica.description", "dor, built only when the test says so"));
            r.add(new SeededRoutingFactory(), Map.of("fabrica.name", "seeded", "fabrica.description",
                    "records its random streams"));
            r.add(new SinglePacketInjectionFactory(), Map.of("fabrica.name", "once", "fabrica.description",
                    "one packet per node"));
            r.add(new org.fabrica.experiment.runner.fixtures.OneNodeMappingFactory(), Map.of("fabrica.name", "one-node",
                    "fabrica.description", "every rank on node 0 (a misbehaving plugin)"));
            registry = r;
        }
        return registry;
    }

    /**
     * The message with which {@code runner} refuses the experiment {@code yaml} (written to
     * {@code dir}); asserts that it is refused and that nothing was written to its output folder.
     */
    static String refused(ExperimentRunner runner, Path dir, String yaml) {
        Path file = write(dir, "bad.yaml", yaml);
        Path out = dir.resolve("out");
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> runner.validate(file, new RunOptions(out, false, 1, Map.of(), false)));
        assertFalse(Files.exists(out));
        return e.getMessage();
    }

    /** {@code yaml} with {@code from} replaced by {@code to}; asserts that {@code from} occurs. */
    static String with(String yaml, String from, String to) {
        assertTrue(yaml.contains(from), from);
        return yaml.replace(from, to);
    }

    static Path write(Path dir, String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, text);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RunOptions options(Path out) {
        return new RunOptions(out, false, 2, Map.of(), false);
    }

    /**
     * Waits for a run to end. The bound is a guard against hangs, not a timing assertion: it is
     * generous because a shared machine may run these tests several times slower than usual
     * (a 60 s bound was exceeded once with two long simulations on both cores).
     */
    static RunState await(RunHandle h) {
        try {
            return h.completion().toCompletableFuture().get(10, TimeUnit.MINUTES);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            h.stop();
            throw new AssertionError("run did not end: " + e, e);
        }
    }

    /**
     * Runs {@code yaml} (written as {@code name}.yaml into {@code dir}, results in {@code dir/name}) to
     * its end with the real providers and returns its points' results, each checked to have no failure.
     */
    static List<PointResult> run(Path dir, String name, String yaml) {
        RunHandle h = new ExperimentRunner(registry()).start(write(dir, name + ".yaml", yaml), options(dir.resolve(name)),
                null);
        assertEquals(RunState.FINISHED, await(h));
        for (PointResult r : h.results()) {
            assertNull(r.failure(), r.failure());
        }
        return h.results();
    }

    /** The cycle the one active simulation of {@code h} is paused at, or -1 while it is not paused (or not one). */
    @SuppressWarnings("unchecked")
    static long parkedAt(org.fabrica.experiment.RunHandle h) {
        List<Map<String, Object>> active = (List<Map<String, Object>>) h.stats().get("active");
        if (active.size() != 1 || !Boolean.TRUE.equals(active.get(0).get("paused"))) {
            return -1;
        }
        return (Long) active.get(0).get("cycle");
    }

    /** Waits (bounded) for a condition that another thread makes true; not a timing assertion. */
    static void waitFor(String what, BooleanSupplier condition) {
        for (int i = 0; i < 24000; i++) { // up to 2 minutes: a hang guard on a possibly loaded machine
            if (condition.getAsBoolean()) {
                return;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted waiting for " + what);
            }
        }
        fail("gave up waiting for " + what);
    }

    static void assertContains(String text, String part) {
        assertTrue(text.contains(part), "expected to find\n  " + part + "\nin\n  " + text);
    }

    /** A point's control whose run never asks to pause or stop, for a point of no study ({@code null}). */
    static PointControl idleControl() {
        return idleControl(nanos -> { });
    }

    /** {@link #idleControl()} whose run hears of the spans the process slept through {@code slept}. */
    static PointControl idleControl(java.util.function.LongConsumer slept) {
        return new PointControl(new PointControl.Signals() {
            @Override
            public boolean pauseRequested() {
                return false;
            }

            @Override
            public boolean stopRequested() {
                return false;
            }

            @Override
            public void progressed() {
            }

            @Override
            public void slept(long nanos) {
                slept.accept(nanos);
            }
        }, null);
    }
}
