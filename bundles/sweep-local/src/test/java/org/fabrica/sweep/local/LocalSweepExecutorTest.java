package org.fabrica.sweep.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;

class LocalSweepExecutorTest {

    private static List<SweepPoint> points(int n) {
        List<SweepPoint> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(new SweepPoint("exp", "p" + i, i));
        }
        return l;
    }

    private static PointResult ok(SweepPoint p) {
        return new PointResult(p, List.of(new Metric("index", p.index(), "", "")), Map.of(), null, 0);
    }

    @Test
    void runsEveryPointOnceAndReportsEachResult() throws InterruptedException {
        List<PointResult> results = Collections.synchronizedList(new ArrayList<>());
        Set<String> threadsSeenByListener = ConcurrentHashMap.newKeySet();
        new LocalSweepExecutor().execute(points(25), LocalSweepExecutorTest::ok, 3, r -> {
            results.add(r);
            threadsSeenByListener.add(Thread.currentThread().getName());
        });
        assertEquals(25, results.size());
        Set<Integer> indexes = new TreeSet<>();
        for (PointResult r : results) {
            assertFalse(r.failed());
            indexes.add(r.point().index());
        }
        assertEquals(25, indexes.size());
        assertEquals(Set.of(Thread.currentThread().getName()), threadsSeenByListener,
                "results are delivered on the calling thread, one at a time");
    }

    @Test
    void neverRunsMoreThanParallelismPointsAtOnce() throws InterruptedException {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        // the first two points wait for each other, so two must be able to run at once
        CountDownLatch bothStarted = new CountDownLatch(2);
        new LocalSweepExecutor().execute(points(12), p -> {
            int now = running.incrementAndGet();
            peak.accumulateAndGet(now, Math::max);
            if (p.index() < 2) {
                bothStarted.countDown();
                try {
                    bothStarted.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            running.decrementAndGet();
            return ok(p);
        }, 2, r -> { });
        assertEquals(2, peak.get());
    }

    @Test
    void aThrowingPointBecomesAFailedResultAndTheOthersGoOn() throws InterruptedException {
        List<PointResult> results = Collections.synchronizedList(new ArrayList<>());
        new LocalSweepExecutor().execute(points(6), p -> {
            if (p.index() == 3) {
                throw new IllegalStateException("routing 'broken' (org.example.broken 1.0.0) returned port 9");
            }
            if (p.index() == 4) {
                throw new StackOverflowError();
            }
            return ok(p);
        }, 2, results::add);
        assertEquals(6, results.size());
        PointResult three = results.stream().filter(r -> r.point().index() == 3).findFirst().orElseThrow();
        assertTrue(three.failed());
        assertEquals("IllegalStateException: routing 'broken' (org.example.broken 1.0.0) returned port 9",
                three.failure());
        assertTrue(three.metrics().isEmpty());
        PointResult four = results.stream().filter(r -> r.point().index() == 4).findFirst().orElseThrow();
        assertEquals("StackOverflowError", four.failure());
        assertEquals(4, results.stream().filter(r -> !r.failed()).count());
    }

    @Test
    void interruptStopsRunningPointsDropsQueuedOnesAndThrows() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(2);
        AtomicInteger interruptedPoints = new AtomicInteger();
        AtomicInteger ran = new AtomicInteger();
        List<PointResult> reported = Collections.synchronizedList(new ArrayList<>());
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        CountDownLatch workersDone = new CountDownLatch(2);
        Thread caller = new Thread(() -> {
            try {
                new LocalSweepExecutor().execute(points(10), p -> {
                    ran.incrementAndGet();
                    started.countDown();
                    try {
                        new CountDownLatch(1).await(); // a point that runs until interrupted
                    } catch (InterruptedException e) {
                        interruptedPoints.incrementAndGet();
                        workersDone.countDown();
                        Thread.currentThread().interrupt();
                    }
                    return ok(p);
                }, 2, reported::add);
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        caller.start();
        started.await();
        caller.interrupt();
        caller.join();
        workersDone.await();
        assertTrue(thrown.get() instanceof InterruptedException, "execute must throw InterruptedException");
        assertEquals(2, interruptedPoints.get());
        assertEquals(2, ran.get(), "queued points never start");
        assertTrue(reported.isEmpty());
    }

    @Test
    void zeroParallelismMeansOneThreadPerCoreAndNegativeIsRejected() throws InterruptedException {
        assertEquals(Runtime.getRuntime().availableProcessors(), LocalSweepExecutor.threads(0));
        assertEquals(5, LocalSweepExecutor.threads(5));
        assertThrows(IllegalArgumentException.class,
                () -> new LocalSweepExecutor().execute(points(1), LocalSweepExecutorTest::ok, -1, r -> { }));
        List<PointResult> results = new ArrayList<>();
        new LocalSweepExecutor().execute(points(3), LocalSweepExecutorTest::ok, 0, results::add);
        assertEquals(3, results.size());
        new LocalSweepExecutor().execute(List.of(), LocalSweepExecutorTest::ok, 0, results::add);
        assertEquals(3, results.size());
    }

    @Test
    void aRunnerReturningNothingIsAFailure() throws InterruptedException {
        List<PointResult> results = new ArrayList<>();
        new LocalSweepExecutor().execute(points(1), p -> null, 1, results::add);
        assertEquals(1, results.size());
        assertEquals("the point runner returned no result", results.get(0).failure());
        assertEquals(0, results.get(0).point().index());
    }
}
