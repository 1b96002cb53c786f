package org.fabrica.sweep.local;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.PointRunner;
import org.fabrica.sweep.SweepExecutor;
import org.fabrica.sweep.SweepListener;
import org.fabrica.sweep.SweepPoint;
import org.osgi.service.component.annotations.Component;

/**
 * Runs sweep points on a fixed pool of local threads, one point per thread at a time
 * (docs/architecture.md, "Performance targets and scale": the default executor). Results reach
 * the listener on the calling thread, one at a time, in the order the points finish. A point whose runner throws becomes a failed
 * {@link PointResult}; the other points go on. Interrupting the calling thread interrupts the
 * running points, drops the queued ones and throws {@link InterruptedException}.
 */
@Component(service = SweepExecutor.class, property = {
        "fabrica.name=local",
        "fabrica.description=Runs the points of a sweep on threads of this machine (parallelism 0 = one per core)"})
public final class LocalSweepExecutor implements SweepExecutor {
    private static final AtomicInteger POOLS = new AtomicInteger();

    @Override
    public void execute(List<SweepPoint> points, PointRunner runner, int parallelism, SweepListener listener)
            throws InterruptedException {
        if (parallelism < 0) {
            throw new IllegalArgumentException("parallelism = " + parallelism
                    + "; use 0 (one thread per core) or a positive thread count");
        }
        if (points.isEmpty()) {
            return;
        }
        int threads = Math.min(threads(parallelism), points.size());
        ExecutorService pool = Executors.newFixedThreadPool(threads, threadFactory());
        try {
            CompletionService<PointResult> done = new ExecutorCompletionService<>(pool);
            for (SweepPoint p : points) {
                done.submit(() -> runGuarded(runner, p));
            }
            for (int i = 0; i < points.size(); i++) {
                Future<PointResult> f = done.take();
                listener.finished(result(f));
            }
        } finally {
            // Normally every task has finished here; after an interrupt (or a listener failure)
            // this interrupts the running points, which stop at their next checkpoint, and drops
            // the queued ones. Their results are never reported.
            pool.shutdownNow();
        }
    }

    /** Threads for a parallelism setting: 0 means one per available processor. */
    static int threads(int parallelism) {
        return parallelism == 0 ? Runtime.getRuntime().availableProcessors() : parallelism;
    }

    private static PointResult runGuarded(PointRunner runner, SweepPoint point) {
        long start = System.nanoTime();
        try {
            PointResult r = runner.run(point);
            if (r == null) {
                return failed(point, "the point runner returned no result", start);
            }
            return r;
        } catch (Throwable t) {
            // a point's failure must not take the sweep down (docs/architecture.md, "Hot swap and provider
            // failures")
            if (t instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return failed(point, describe(t), start);
        }
    }

    private static PointResult result(Future<PointResult> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            // runGuarded catches everything; this is only reached if the task itself was broken
            throw new IllegalStateException("sweep task failed outside its guard", e.getCause());
        }
    }

    static PointResult failed(SweepPoint point, String message, long startNanos) {
        return new PointResult(point, List.of(), Map.of(), message,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos));
    }

    static String describe(Throwable t) {
        String m = t.getMessage();
        String type = t.getClass().getSimpleName();
        return m == null || m.isBlank() ? type : type + ": " + m;
    }

    private static ThreadFactory threadFactory() {
        int pool = POOLS.incrementAndGet();
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "fabrica-sweep-" + pool + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
