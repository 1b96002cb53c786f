package org.fabrica.experiment.runner;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A long run's results can be looked at before it ends: every {@link #PROPERTY} minutes (10 by
 * default) after a point finishes, the run's outputs (points.json, summary.csv, the plots,
 * report.html) are written from the points finished so far, on a thread of their own so that no
 * point waits, one write at a time. The end of the run writes them again, whole, after
 * {@link #close} has let a write under way finish.
 */
final class InterimOutputs {
    /** System property: minutes between two interim writes while a run goes on (0: after every point). */
    static final String PROPERTY = "fabrica.interimMinutes";
    static final long DEFAULT_MINUTES = 10;

    private final Runnable write;
    private final long intervalNanos;
    /** When the last write was started (System.nanoTime), guarded by this. */
    private long last = System.nanoTime();
    private final AtomicBoolean pending = new AtomicBoolean();
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fabrica-interim-outputs");
        t.setDaemon(true);
        return t;
    });

    /** @param write writes the outputs from the points finished so far; its failures are ignored (a courtesy) */
    InterimOutputs(Runnable write) {
        this(write, TimeUnit.MINUTES.toNanos(minutes()));
    }

    /** With an interval of its own (tests). */
    InterimOutputs(Runnable write, long intervalNanos) {
        this.write = write;
        this.intervalNanos = intervalNanos;
    }

    /** {@link #PROPERTY}, else {@link #DEFAULT_MINUTES}. */
    private static long minutes() {
        String p = System.getProperty(PROPERTY);
        if (p != null) {
            try {
                return Math.max(0, Long.parseLong(p.trim()));
            } catch (NumberFormatException e) {
                // the default
            }
        }
        return DEFAULT_MINUTES;
    }

    /**
     * A point finished: starts a write when the interval has passed since the last one and none is
     * under way, unless {@code more} is false (the run has no point left to run, or is stopping).
     */
    void pointFinished(boolean more) {
        long now = System.nanoTime();
        synchronized (this) {
            if (!more || now - last < intervalNanos) {
                return;
            }
            last = now;
        }
        if (!pending.compareAndSet(false, true)) {
            return; // the last ones are still being written
        }
        try {
            thread.execute(() -> {
                try {
                    write.run();
                } catch (RuntimeException | LinkageError e) {
                    // the final outputs are written (and their problems said) at the end
                } finally {
                    pending.set(false);
                }
            });
        } catch (RejectedExecutionException e) {
            pending.set(false); // the run is ending: its final outputs follow
        }
    }

    /**
     * The run ends: no write starts any more, and one under way finishes first (or is left when the
     * calling thread is interrupted; the interrupt is not kept, so that the final outputs, written
     * through interruptible channels, are written whole).
     */
    void close() {
        thread.shutdown();
        try {
            if (!thread.awaitTermination(10, TimeUnit.MINUTES)) {
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            thread.shutdownNow();
        }
    }
}
