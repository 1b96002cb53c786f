package org.fabrica.sweep.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;

class PointDispatchTest {
    private static List<SweepPoint> points(int n) {
        List<SweepPoint> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(new SweepPoint("exp", "p" + i, i));
        }
        return l;
    }

    @Test
    void aMemberTakesPointsInSweepOrderUpToItsSlots() {
        PointDispatch d = new PointDispatch(points(5));
        assertEquals("p0", d.next("a", 2).pointId());
        assertEquals("p1", d.next("a", 2).pointId());
        assertNull(d.next("a", 2), "a holds its two slots");
        assertEquals("p2", d.next("b", 2).pointId());
        assertTrue(d.finished("a", "p0"));
        assertEquals("p3", d.next("a", 2).pointId(), "a free slot takes the next point");
        assertEquals(2, d.holding("a"));
    }

    @Test
    void aLostMembersPointsGoBackToTheFrontInSweepOrderAndRunElsewhere() {
        PointDispatch d = new PointDispatch(points(6));
        d.next("a", 2); // p0
        d.next("a", 2); // p1
        d.next("b", 2); // p2
        assertTrue(d.finished("a", "p0"));
        List<SweepPoint> back = d.lost("a");
        assertEquals(List.of("p1"), back.stream().map(SweepPoint::pointId).toList(), "p0 has its result; p1 goes back");
        assertEquals(0, d.holding("a"));
        assertEquals("p1", d.next("b", 2).pointId(), "the re-queued point comes before p3");
        assertEquals("p3", d.next("c", 3).pointId());
        assertEquals(2, d.attempts("p1"));
        assertEquals(List.of(), d.lost("a"), "losing a member twice gives nothing back twice");
    }

    @Test
    void aLateResultOfALostMemberCountsOnceAndTheRerunIsDropped() {
        PointDispatch d = new PointDispatch(points(2));
        d.next("a", 1); // p0
        d.lost("a"); // thought dead: p0 back in the queue
        assertEquals("p0", d.next("b", 1).pointId());
        assertTrue(d.finished("a", "p0"), "a's result arrives after all: it is the first, it counts");
        assertFalse(d.finished("b", "p0"), "b's run of the same point is a duplicate");
        assertEquals(1, d.doneCount());
        assertEquals("p1", d.next("b", 1).pointId());
        assertTrue(d.finished("b", "p1"));
        assertTrue(d.complete());
    }

    @Test
    void aResultForAQueuedPointTakesItOutOfTheQueue() {
        PointDispatch d = new PointDispatch(points(3));
        d.next("a", 1); // p0
        d.lost("a"); // p0 back at the front
        assertEquals(3, d.queued());
        assertTrue(d.finished("a", "p0"));
        assertEquals(2, d.queued(), "p0 need not run again");
        assertEquals("p1", d.next("b", 1).pointId());
    }

    @Test
    void aPointThatFailsInTransitIsRetriedThenGivenUp() {
        PointDispatch d = new PointDispatch(points(1));
        SweepPoint p = d.next("a", 1);
        assertTrue(d.retry("a", p, 2), "first failure: back in the queue");
        assertEquals("p0", d.next("a", 1).pointId());
        assertFalse(d.retry("a", p, 2), "sent twice: given up");
        assertTrue(d.give("p0"));
        assertTrue(d.complete());
        assertFalse(d.give("p0"), "given up once");
    }

    @Test
    void aRetryOfAPointTheMemberNoLongerHoldsChangesNothing() {
        PointDispatch d = new PointDispatch(points(2));
        SweepPoint p0 = d.next("a", 1);
        d.lost("a"); // p0 re-queued with all of a's points
        assertEquals("p0", d.next("b", 1).pointId());
        assertTrue(d.retry("a", p0, 1), "a's failure callback for p0 comes after the member was lost");
        assertEquals(1, d.holding("b"));
        assertEquals("p1", d.next("c", 1).pointId(), "p0 is not queued a second time");
        assertNull(d.next("c", 5));
    }

    @Test
    void twoPointsWithOneIdAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new PointDispatch(List.of(new SweepPoint("e", "x", 0), new SweepPoint("e", "x", 1))));
    }

    /** Members come and go at random; every point ends with exactly one counted result. */
    @Test
    void randomLossesAndLateAnswersLoseNothingAndCountNothingTwice() {
        Random rnd = new Random(17);
        for (int round = 0; round < 200; round++) {
            int n = 1 + rnd.nextInt(40);
            PointDispatch d = new PointDispatch(points(n));
            List<String[]> inFlight = new ArrayList<>(); // member, point
            Set<String> counted = new HashSet<>();
            int reported = 0;
            String[] members = {"a", "b", "c"};
            int steps = 0;
            while (!d.complete()) {
                assertTrue(++steps < 100_000, "the dispatch makes progress");
                for (String m : members) {
                    SweepPoint p;
                    while ((p = d.next(m, 2)) != null) {
                        inFlight.add(new String[] {m, p.pointId()});
                    }
                }
                if (inFlight.isEmpty()) {
                    continue;
                }
                String[] t = inFlight.remove(rnd.nextInt(inFlight.size()));
                int what = rnd.nextInt(10);
                if (what == 0) {
                    d.lost(t[0]); // the member is lost; this answer may still arrive later
                    inFlight.add(t);
                } else if (d.finished(t[0], t[1])) {
                    assertTrue(counted.add(t[1]), "point " + t[1] + " counted twice");
                    reported++;
                }
            }
            assertEquals(n, reported);
            assertEquals(n, counted.size());
        }
    }
}
