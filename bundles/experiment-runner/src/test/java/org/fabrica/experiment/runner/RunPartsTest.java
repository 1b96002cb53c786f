package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The parts a run keeps beside its sweep: its running time and its interim outputs. */
class RunPartsTest {
    @Test
    void runningTimeLeavesOutPausesAndEachSpanThePointsFoundTheProcessAsleepOnce() {
        RunningTime t = new RunningTime(1_000, false);
        assertEquals(500, t.running(1_500));
        t.paused(1_500);
        assertEquals(500, t.running(1_800), "paused: the clock stands");
        t.paused(1_700); // a second pause request changes nothing
        t.resumed(2_000);
        assertEquals(600, t.running(2_100));
        // two points' watches tell the same 300 of sleep ending at 2_500: counted once
        t.slept(2_500, 300);
        t.slept(2_500, 300);
        assertEquals(300, t.sleptNanos());
        assertEquals(1_000, t.running(2_800)); // 1_800 since the start, less 500 paused and 300 asleep
        // asleep during a pause: the pause leaves it out already
        t.paused(3_000);
        t.slept(3_400, 200);
        assertEquals(300, t.sleptNanos());
        t.resumed(3_500);
        assertEquals(1_300, t.running(3_600));
        assertEquals(0, new RunningTime(1_000, true).running(5_000), "started paused");
    }

    @Test
    void interimOutputsAreWrittenWhenDueOneAtATimeAndNotOnceTheRunEnds() throws InterruptedException {
        AtomicInteger writes = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        InterimOutputs every = new InterimOutputs(() -> {
            writes.incrementAndGet();
            started.countDown();
            try {
                release.await(1, TimeUnit.MINUTES); // a hang guard, not a timing assertion
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, 0);
        every.pointFinished(false);
        assertEquals(0, writes.get(), "no point left: the final outputs follow");
        every.pointFinished(true);
        started.await(1, TimeUnit.MINUTES);
        every.pointFinished(true); // the first is still being written: not queued behind it
        release.countDown();
        every.close(); // waits for the write under way
        assertEquals(1, writes.get());
        every.pointFinished(true);
        every.close();
        assertEquals(1, writes.get(), "closed: no write starts");

        AtomicInteger failing = new AtomicInteger();
        InterimOutputs hourly = new InterimOutputs(() -> {
            failing.incrementAndGet();
            throw new IllegalStateException("a chart could not be drawn");
        }, TimeUnit.HOURS.toNanos(1));
        hourly.pointFinished(true);
        hourly.close();
        assertEquals(0, failing.get(), "not due before its interval");
        InterimOutputs throwing = new InterimOutputs(() -> {
            failing.incrementAndGet();
            throw new IllegalStateException("a chart could not be drawn");
        }, 0);
        throwing.pointFinished(true);
        throwing.close();
        assertEquals(1, failing.get(), "a failing write is a courtesy lost, not a failed run");
    }
}
