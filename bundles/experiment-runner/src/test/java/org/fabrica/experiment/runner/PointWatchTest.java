package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.runner.hang.HangingRoutingFactory;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A provider call that never returns fails its point, names the provider, and never hangs the run. */
class PointWatchTest {
    @TempDir
    Path tmp;

    private final ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());

    @BeforeEach
    void shortLimits() {
        HangingRoutingFactory.release = new CountDownLatch(1);
        HangingRoutingFactory.hung = new CountDownLatch(1);
        System.setProperty(PointWatch.STALL_PROPERTY, "2");
        System.setProperty(PointWatch.RESPOND_PROPERTY, "1");
    }

    @AfterEach
    void releaseHungThreads() {
        System.clearProperty(PointWatch.STALL_PROPERTY);
        System.clearProperty(PointWatch.RESPOND_PROPERTY);
        HangingRoutingFactory.release.countDown();
    }

    private static String withHangingScheme(String loads) {
        return Fixtures.TINY.replace("loads: [0.05, 0.1]", """
                  - label: stuck
                    routing: {name: hanging, hangAfter: 100}
                    queuing: {name: dateline}
                loads: %s""".formatted(loads));
    }

    @Test
    void aStuckRoutingCallFailsItsPointWithTheProviderNamedAndTheRunEnds() {
        Path file = Fixtures.write(tmp, "stuck.yaml", withHangingScheme("[0.1]"));
        RunHandle h = runner.start(file, Fixtures.options(tmp.resolve("out")), null);
        assertEquals(RunState.FAILED, Fixtures.await(h));
        List<PointResult> results = h.results();
        assertEquals(2, results.size());
        for (PointResult r : results) {
            if (r.notes().get("scheme").equals("dor")) {
                assertNull(r.failure(), "the other scheme's point goes on");
            } else {
                assertEquals("failed", r.notes().get("status"));
                assertContains(r.failure(), "routing 'hanging' (org.example.hanging 0.0.1) in ");
                assertContains(r.failure(), ".route: the point has not come to a cycle boundary for ");
                assertContains(r.failure(), "fix the provider");
            }
        }
    }

    @Test
    void pauseAndStopAnswerWhileAPointIsStuck() throws InterruptedException {
        System.setProperty(PointWatch.STALL_PROPERTY, "600"); // only the unanswered pause can end it
        Path file = Fixtures.write(tmp, "stuck.yaml", withHangingScheme("[0.1]").replace("measure: 700",
                "measure: 100000000"));
        RunHandle h = runner.start(file, new RunOptions(tmp.resolve("out"), false, 2, Map.of(), false), null);
        assertTrue(HangingRoutingFactory.hung.await(60, java.util.concurrent.TimeUnit.SECONDS), "the point hangs");
        long start = System.nanoTime();
        h.pause();
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 30, "pause answered after " + seconds + " s");
        h.stop();
        assertEquals(RunState.STOPPED, Fixtures.await(h));
        PointResult stuck = h.results().stream().filter(r -> "stuck".equals(r.notes().get("scheme"))).findFirst()
                .orElseThrow(() -> new AssertionError("no stuck point in " + h.results()));
        assertContains(stuck.failure(), "did not come to a cycle boundary within ");
        assertContains(stuck.failure(), "of being asked to pause");
    }

    /** The user reads one line; the stack only when asked for (-Dfabrica.stackTraces=true). */
    @Test
    void aStuckPointIsOneLineAndItsStackOnlyOnRequest() {
        StackTraceElement[] stack = new Throwable().getStackTrace();
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        PointWatch.report(new java.io.PrintStream(bytes, true), "uniform/stuck/l0.1/s1", "routing hang: stuck",
                stack, false);
        assertEquals(List.of("fabrica: point uniform/stuck/l0.1/s1: routing hang: stuck"), bytes.toString().lines()
                .toList());
        bytes.reset();
        PointWatch.report(new java.io.PrintStream(bytes, true), "uniform/stuck/l0.1/s1", "routing hang: stuck",
                stack, true);
        List<String> lines = bytes.toString().lines().toList();
        assertEquals(1 + Math.min(stack.length, 25), lines.size(), bytes.toString());
        assertTrue(lines.get(1).startsWith("\tat " + PointWatchTest.class.getName()), lines.get(1));
    }
}
