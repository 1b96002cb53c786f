package org.fabrica.experiment.runner;

import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.plan.ProviderFailure;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.kernel.RunControl;
import org.fabrica.network.NetworkModel;

/**
 * Run control of one sweep point: pause, single steps, stop, and work to do on the simulation's
 * own thread at a safe point (swaps). The kernel reads {@link #attention()} after every cycle (a
 * volatile read) and calls {@link #checkpoint(long)} only when it is set or every
 * {@link #checkInterval()} cycles. A paused point blocks inside checkpoint; whoever wants it to
 * move (resume, step, stop, a task) changes the state under {@link #lock} and wakes it.
 */
final class PointControl implements RunControl {
    /** What the run tells every point. */
    interface Signals {
        boolean pauseRequested();

        boolean stopRequested();

        void progressed();

        /**
         * The process did not run for {@code nanos} (stopped, the machine asleep), as a point's watch
         * found; every running point's watch tells the same span.
         */
        default void slept(long nanos) {
        }
    }

    /** Router-cycles between unconditional checkpoints: {@value} (4096 cycles of up to 256 routers). */
    static final long CHECK_ROUTER_CYCLES = 4096L * 256;

    private final Signals run;
    private final StudyPoint point;
    /** Cycles between unconditional checkpoints, set for the point's network size ({@link #sizeFor}). */
    private volatile long checkInterval = 4096;
    private final Object lock = new Object();
    private volatile boolean attention = true;

    // guarded by lock
    private boolean parked;
    private long parkedAt = -1;
    private long stepUntil = -1;
    private boolean finished;
    private final ArrayDeque<Task<?>> tasks = new ArrayDeque<>();

    /** Work for the simulation thread and where its outcome goes. */
    private record Task<T>(Callable<T> work, CompletableFuture<T> result) {
        void run() {
            try {
                result.complete(work.call());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }
    }

    // when the simulation thread last came to a checkpoint, and when it was asked to (pause, stop):
    // read by the run's stall watch (a provider call that never returns leaves them behind)
    private volatile long lastCheckpointNanos = System.nanoTime();
    /** Time spent parked (paused) at checkpoints, or with the process stopped or the machine asleep ({@link #excuse}): not part of the point's wall time. */
    private volatile long pausedNanos;
    private volatile long askedNanos;
    /** When the point was set up to run (System.nanoTime), for the time it has been running ({@link #runningNanos}). */
    private final long createdNanos = System.nanoTime();

    // published at every checkpoint, read by statistics and progress
    private volatile long cycle;
    private volatile long generated;
    private volatile long delivered;
    private volatile long inFlight;
    private volatile NetworkModel network;

    PointControl(Signals run, StudyPoint point) {
        this.run = run;
        this.point = point;
    }

    StudyPoint point() {
        return point;
    }

    void attach(NetworkModel model) {
        this.network = model;
    }

    /**
     * Checkpoints every 4096 cycles up to 256 routers, and every {@link #CHECK_ROUTER_CYCLES} /
     * routers cycles (at least 64) above: a network of thousands of routers, whose 4096 cycles can
     * take minutes, still comes to a checkpoint often enough for the stall watch, progress, pause
     * and stop. Checkpoints only read the model and apply swaps, so results do not depend on it.
     */
    void sizeFor(int routers) {
        this.checkInterval = Math.max(64, Math.min(4096, CHECK_ROUTER_CYCLES / Math.max(1, routers)));
    }

    @Override
    public long checkInterval() {
        return checkInterval;
    }

    @Override
    public boolean attention() {
        return attention;
    }

    @Override
    public boolean checkpoint(long nextCycle) {
        lastCheckpointNanos = System.nanoTime();
        askedNanos = 0;
        publish(nextCycle);
        run.progressed();
        synchronized (lock) {
            while (true) {
                runTasks();
                if (run.stopRequested() || Thread.currentThread().isInterrupted()) {
                    parked = false;
                    lock.notifyAll();
                    return false;
                }
                if (!run.pauseRequested()) {
                    parked = false;
                    stepUntil = -1;
                    attention = false;
                    return true;
                }
                if (stepUntil > nextCycle) {
                    // stepping: stay attentive so that the kernel stops at the next cycle boundary
                    parked = false;
                    attention = true;
                    return true;
                }
                if (!parked) {
                    parked = true;
                    parkedAt = nextCycle;
                    publish(nextCycle);
                    lock.notifyAll();
                }
                long waitStart = System.nanoTime();
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                pausedNanos += System.nanoTime() - waitStart;
                // parked time is not a stall, and a request that woke it is being answered
                lastCheckpointNanos = System.nanoTime();
                askedNanos = 0;
            }
        }
    }

    /**
     * Why the point is stuck, or null: it is neither parked nor finished, and it has not come to a
     * checkpoint for {@code stallNanos}, or not within {@code respondNanos} of being asked to pause
     * or stop. The cause is a call into a provider that does not return (a cycle's own work never
     * takes that long).
     */
    String stall(long now, long stallNanos, long respondNanos) {
        synchronized (lock) {
            if (finished || parked) {
                return null;
            }
            long asked = askedNanos;
            if (asked != 0 && now - asked > respondNanos) {
                return "did not come to a cycle boundary within " + seconds(now - asked) + " s of being asked to "
                        + (run.stopRequested() ? "stop" : "pause") + " (last boundary: cycle " + cycle + ")";
            }
            long since = now - lastCheckpointNanos;
            if (since > stallNanos) {
                return "has not come to a cycle boundary for " + seconds(since) + " s (last: cycle " + cycle + ")";
            }
            return null;
        }
    }

    /**
     * The process did not run for {@code nanos} (it was stopped, the machine slept): the time since
     * the last checkpoint and since a pause or stop was asked leaves that span out, and so does the
     * point's wall time ({@link #pausedNanos}; unless the point is parked, whose wait counts the
     * span already).
     */
    void excuse(long nanos) {
        synchronized (lock) {
            lastCheckpointNanos += nanos;
            if (askedNanos != 0) {
                askedNanos += nanos;
            }
            if (!parked) {
                pausedNanos += nanos;
            }
        }
        run.slept(nanos); // and the run's estimate of what is left
    }

    private static long seconds(long nanos) {
        return Math.round(nanos / 1e9);
    }

    /**
     * Gives the point up: its thread does not answer. Everyone waiting for it (pause, step, a
     * swap) is released as if it had finished.
     */
    void abandon() {
        finish();
    }

    private void publish(long nextCycle) {
        cycle = nextCycle;
        NetworkModel n = network;
        if (n != null) {
            generated = n.generated();
            delivered = n.delivered();
            inFlight = n.inFlight();
        }
    }

    private void runTasks() {
        Task<?> t;
        while ((t = tasks.poll()) != null) {
            t.run();
        }
    }

    /** Makes the kernel come to a checkpoint after the current cycle (after pause or stop was requested). */
    void wake() {
        synchronized (lock) {
            if (askedNanos == 0 && (run.pauseRequested() || run.stopRequested())) {
                askedNanos = System.nanoTime();
            }
            attention = true;
            lock.notifyAll();
        }
    }

    /** Lets a parked point run {@code cycles} more cycles; false when it is not parked. */
    boolean step(long cycles) {
        synchronized (lock) {
            if (!parked || finished) {
                return false;
            }
            stepUntil = parkedAt + cycles;
            parked = false;
            attention = true;
            lock.notifyAll();
            return true;
        }
    }

    /** Waits until the point is parked at a checkpoint or has finished. */
    void awaitParked() throws InterruptedException {
        synchronized (lock) {
            while (!parked && !finished && !run.stopRequested() && run.pauseRequested()) {
                lock.wait();
            }
        }
    }

    boolean parked() {
        synchronized (lock) {
            return parked && !finished;
        }
    }

    /**
     * Runs {@code task} on the point's own thread while it is parked (the network model may only
     * be changed between cycles, from the thread that simulates it) and returns its result.
     *
     * @throws ExperimentException when the point is not parked or the task fails
     */
    <T> T onSimulationThread(Callable<T> task) throws InterruptedException {
        CompletableFuture<T> result = new CompletableFuture<>();
        synchronized (lock) {
            if (!parked || finished) {
                throw new ExperimentException("point " + point.pointId() + " is not paused; pause the run first");
            }
            tasks.add(new Task<>(task, result));
            lock.notifyAll();
        }
        try {
            return result.get();
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            throw new ExperimentException(ProviderFailure.message(c), c);
        }
    }

    /** The point's thread is done with this control (finished, failed or stopped). */
    void finish() {
        synchronized (lock) {
            finished = true;
            parked = false;
            Task<?> t;
            while ((t = tasks.poll()) != null) {
                t.result().completeExceptionally(new ExperimentException("point " + point.pointId()
                        + " ended before the request could be carried out"));
            }
            lock.notifyAll();
        }
    }

    long cycle() {
        return cycle;
    }

    /** Nanoseconds the point has been running at {@code now} (System.nanoTime), paused time left out. */
    long runningNanos(long now) {
        return Math.max(0, now - createdNanos - pausedNanos);
    }

    /** Nanoseconds the point has spent paused so far. */
    long pausedNanos() {
        return pausedNanos;
    }

    long generated() {
        return generated;
    }

    long delivered() {
        return delivered;
    }

    long inFlight() {
        return inFlight;
    }
}
