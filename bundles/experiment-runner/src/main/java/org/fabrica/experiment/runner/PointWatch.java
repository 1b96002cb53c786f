package org.fabrica.experiment.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;

/**
 * Runs a point's simulation on a thread of its own and watches it: a call into a provider that
 * never returns (an endless loop in a routing algorithm, a lock that is never released) leaves the
 * point without a cycle boundary. After {@link Limits#stallNanos} without one, or
 * {@link Limits#respondNanos} after a pause or stop that it does not answer, the point fails with
 * the provider named (from the thread's stack) and its thread is left behind, so the sweep, pause
 * and stop go on. Deterministic results are not affected: the simulation runs the same code, on
 * another thread.
 *
 * <p>Time in which the watch itself did not run (the process stopped, the machine asleep) does not
 * count toward the limits ({@link AwakeClock}): a sweep resumed after a suspension goes on instead of
 * failing every point that was running.
 */
final class PointWatch {
    /** System property: seconds without a cycle boundary before a point counts as stuck. */
    static final String STALL_PROPERTY = "fabrica.stallSeconds";
    static final long DEFAULT_STALL_SECONDS = 120;
    /** System property: seconds a point has to answer a pause or a stop. */
    static final String RESPOND_PROPERTY = "fabrica.respondSeconds";
    static final long DEFAULT_RESPOND_SECONDS = 10;
    private static final long POLL_MILLIS = 250;
    /** System property (the launcher's, for whole stack traces): also print a stuck point's stack. */
    static final String STACK_TRACES_PROPERTY = "fabrica.stackTraces";
    private static final int STACK_LINES = 25;
    /** A poll this late means the watch was not running (a stopped process, a sleeping machine). */
    private static final long ASLEEP_NANOS = TimeUnit.SECONDS.toNanos(5);

    /**
     * Tells the spans in which its reader did not run: a reading more than {@code asleepNanos}
     * after the previous one slept for the gap less the {@code expectedNanos} between readings.
     */
    static final class AwakeClock {
        private final long expectedNanos;
        private final long asleepNanos;
        private boolean started;
        private long last;

        AwakeClock(long expectedNanos, long asleepNanos) {
            this.expectedNanos = expectedNanos;
            this.asleepNanos = asleepNanos;
        }

        /** Nanoseconds slept since the previous reading, 0 if none, at wall-clock reading {@code now} (System.nanoTime). */
        long slept(long now) {
            long gap = started ? now - last : 0;
            started = true;
            last = now;
            return gap > asleepNanos ? gap - expectedNanos : 0;
        }
    }

    /** The watch's limits. */
    record Limits(long stallNanos, long respondNanos) {
        /**
         * From the system properties {@value #STALL_PROPERTY} (default {@value #DEFAULT_STALL_SECONDS} s)
         * and {@value #RESPOND_PROPERTY} (default {@value #DEFAULT_RESPOND_SECONDS} s).
         */
        static Limits fromSystem() {
            return new Limits(TimeUnit.SECONDS.toNanos(seconds(STALL_PROPERTY, DEFAULT_STALL_SECONDS)),
                    TimeUnit.SECONDS.toNanos(seconds(RESPOND_PROPERTY, DEFAULT_RESPOND_SECONDS)));
        }

        private static long seconds(String property, long fallback) {
            String p = System.getProperty(property);
            if (p == null) {
                return fallback;
            }
            try {
                return Math.max(1, Long.parseLong(p.trim()));
            } catch (NumberFormatException e) {
                return fallback;
            }
        }
    }

    private PointWatch() {
    }

    /**
     * Runs {@code sim} and returns its result, or a failed result when it gets stuck.
     *
     * @param threads the run's simulation threads (the point's own is in it while it runs)
     */
    static PointResult supervise(PointSimulation sim, SweepPoint sp, Set<Thread> threads, Limits limits) {
        PointControl control = sim.control();
        CompletableFuture<PointResult> result = new CompletableFuture<>();
        Thread worker = new Thread(() -> {
            try {
                result.complete(sim.run());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }, "fabrica-point-" + sp.pointId());
        worker.setDaemon(true); // a stuck one must not keep the launcher alive
        threads.add(worker);
        long start = System.nanoTime();
        AwakeClock clock = new AwakeClock(TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS), ASLEEP_NANOS);
        clock.slept(start);
        boolean interrupted = false;
        worker.start();
        try {
            while (true) {
                try {
                    return result.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    long now = System.nanoTime();
                    long slept = clock.slept(now);
                    if (slept > 0) {
                        control.excuse(slept); // the point did not run either: that time is not its
                    }
                    String stall = control.stall(now, limits.stallNanos(), limits.respondNanos());
                    if (stall != null && !result.isDone()) {
                        return stuck(sim, sp, worker, stall, start);
                    }
                } catch (InterruptedException e) {
                    // stopping: pass it on and keep watching until the point answers or counts as stuck
                    interrupted = true;
                    worker.interrupt();
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    if (c instanceof RuntimeException r) {
                        throw r;
                    }
                    if (c instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(c);
                }
            }
        } finally {
            threads.remove(worker);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Says that a point is stuck: one line; the stuck thread's stack (its first {@value #STACK_LINES} frames)
     * after it only when asked for with {@code -D}{@value #STACK_TRACES_PROPERTY}{@code =true}, for the provider's
     * author.
     */
    static void report(java.io.PrintStream err, String pointId, String message, StackTraceElement[] stack,
            boolean stackTraces) {
        err.println("fabrica: point " + pointId + ": " + message);
        if (stackTraces) {
            for (int i = 0; i < Math.min(stack.length, STACK_LINES); i++) {
                err.println("\tat " + stack[i]);
            }
        }
    }

    private static PointResult stuck(PointSimulation sim, SweepPoint sp, Thread worker, String stall, long start) {
        StackTraceElement[] stack = worker.getStackTrace();
        String provider = sim.providerIn(stack);
        String where = provider != null ? provider
                : stack.length > 0 ? "the simulation (in " + stack[0].getClassName() + "." + stack[0].getMethodName() + ")"
                : "the simulation";
        boolean stackTraces = Boolean.getBoolean(STACK_TRACES_PROPERTY);
        String message = where + ": the point " + stall + "; a call that does not return. The point failed and its "
                + "thread was given up (it runs on until the launcher exits); fix the provider and run the point again "
                + (stackTraces ? "(the thread's stack is on standard error)"
                        : "(FABRICA_JAVA_OPTS=-D" + STACK_TRACES_PROPERTY + "=true prints the thread's stack)");
        report(System.err, sp.pointId(), message, stack, stackTraces);
        worker.interrupt(); // in case it waits on something interruptible
        sim.control().abandon();
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(PointSimulation.STATUS, PointSimulation.FAILED);
        return new PointResult(sp, List.of(), notes, message, (System.nanoTime() - start) / 1_000_000);
    }
}
