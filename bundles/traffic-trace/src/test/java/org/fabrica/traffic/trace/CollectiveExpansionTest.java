package org.fabrica.traffic.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CollectiveExpansionTest {

    /** Powers of two, their neighbours and a few odd sizes. */
    static IntStream rankCounts() {
        return IntStream.concat(IntStream.rangeClosed(1, 33), IntStream.of(48, 63, 64, 65, 100, 127, 128));
    }

    private static Trace everyRank(int ranks, TraceEvent event) {
        List<List<TraceEvent>> events = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            events.add(List.of(event));
        }
        return new Trace(ranks, events);
    }

    private static int ceilLog2(int n) {
        int k = 0;
        while ((1L << k) < n) {
            k++;
        }
        return k;
    }

    /** Every send has one receive, in order per source, destination and tag, of the same size. */
    private static void assertMatched(Trace expanded) {
        assertEquals(MessageTally.sent(expanded), MessageTally.received(expanded));
    }

    /** A rendezvous replay ends on every rank, and every rank has heard of every rank. */
    private static RendezvousReplay assertCompletesAndEveryRankHearsOfAll(Trace expanded, boolean all) {
        RendezvousReplay replay = new RendezvousReplay(expanded);
        assertTrue(replay.run(), () -> "deadlock:" + replay.blocked());
        assertEquals(List.of(), replay.mismatches());
        if (all) {
            BitSet every = new BitSet();
            every.set(0, expanded.ranks());
            for (int r = 0; r < expanded.ranks(); r++) {
                assertEquals(every, replay.heard(r), "rank " + r + " of " + expanded.ranks());
            }
        }
        return replay;
    }

    @ParameterizedTest
    @MethodSource("rankCounts")
    void disseminationBarrierHasCeilLog2RoundsPerRankAndSynchronisesEveryone(int n) {
        Trace expanded = CollectiveExpansion.expand(everyRank(n, new TraceEvent.Barrier()));
        for (int r = 0; r < n; r++) {
            List<TraceEvent> events = expanded.events(r);
            assertEquals(ceilLog2(n), MessageTally.sendCount(events), "sends of rank " + r);
            assertEquals(ceilLog2(n), MessageTally.receiveCount(events), "receives of rank " + r);
            for (TraceEvent e : events) {
                if (e instanceof TraceEvent.Message m) {
                    assertEquals(0, m.bytes());
                    assertTrue(m.peer() != r, "rank " + r + " sends to itself");
                }
            }
        }
        assertMatched(expanded);
        assertCompletesAndEveryRankHearsOfAll(expanded, true);
    }

    @ParameterizedTest
    @MethodSource("rankCounts")
    void recursiveDoublingAllreduceFoldsTheRanksBeyondAPowerOfTwo(int n) {
        long bytes = 800;
        Trace expanded = CollectiveExpansion.expand(everyRank(n, new TraceEvent.Allreduce(bytes)));
        int power = Integer.highestOneBit(n);
        int rest = n - power;
        int rounds = Integer.numberOfTrailingZeros(power);
        for (int r = 0; r < n; r++) {
            long expected = r < 2 * rest ? (r % 2 == 0 ? 1 : rounds + 1) : rounds;
            List<TraceEvent> events = expanded.events(r);
            assertEquals(expected, MessageTally.sendCount(events), "sends of rank " + r + " of " + n);
            assertEquals(expected, MessageTally.receiveCount(events), "receives of rank " + r + " of " + n);
            for (TraceEvent e : events) {
                if (e instanceof TraceEvent.Message m) {
                    assertEquals(bytes, m.bytes(), "every message carries the whole vector");
                }
            }
        }
        assertMatched(expanded);
        RendezvousReplay replay = assertCompletesAndEveryRankHearsOfAll(expanded, true);
        assertEquals(2L * rest + (long) power * rounds, replay.messages());
    }

    @ParameterizedTest
    @MethodSource("rankCounts")
    void pairwiseAlltoallSendsOnceToEveryOtherRank(int n) {
        long bytes = 4096;
        Trace expanded = CollectiveExpansion.expand(everyRank(n, new TraceEvent.Alltoall(bytes)));
        for (int r = 0; r < n; r++) {
            Set<Integer> to = new HashSet<>();
            Set<Integer> from = new HashSet<>();
            for (TraceEvent e : expanded.events(r)) {
                if (e instanceof TraceEvent.Message m) {
                    assertEquals(bytes, m.bytes());
                    assertTrue((m.outgoing() ? to : from).add(m.peer()), "twice with " + m.peer());
                }
            }
            Set<Integer> others = new HashSet<>();
            for (int o = 0; o < n; o++) {
                if (o != r) {
                    others.add(o);
                }
            }
            assertEquals(others, to, "destinations of rank " + r);
            assertEquals(others, from, "sources of rank " + r);
        }
        assertMatched(expanded);
        RendezvousReplay replay = assertCompletesAndEveryRankHearsOfAll(expanded, true);
        assertEquals((long) n * (n - 1), replay.messages());
    }

    /** Every rank count with the roots 0, the middle one and the last. */
    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> rankCountsAndRoots() {
        return rankCounts().boxed().flatMap(n -> IntStream.of(0, n / 2, n - 1).distinct()
                .mapToObj(root -> org.junit.jupiter.params.provider.Arguments.of(n, root)));
    }

    @ParameterizedTest
    @MethodSource("rankCountsAndRoots")
    void binomialBcastReachesEveryRankOnceFromTheRoot(int n, int root) {
        long bytes = 1000;
        Trace expanded = CollectiveExpansion.expand(everyRank(n, new TraceEvent.Bcast(root, bytes)));
        for (int r = 0; r < n; r++) {
            List<TraceEvent> events = expanded.events(r);
            assertEquals(r == root ? 0 : 1, MessageTally.receiveCount(events), "receives of rank " + r + " of " + n);
            for (TraceEvent e : events) {
                assertEquals(bytes, ((TraceEvent.Message) e).bytes());
            }
        }
        assertMatched(expanded);
        RendezvousReplay replay = assertCompletesAndEveryRankHearsOfAll(expanded, false);
        assertEquals(n - 1L, replay.messages());
        for (int r = 0; r < n; r++) {
            assertTrue(replay.heard(r).get(root), "rank " + r + " of " + n + " has the root's vector");
        }
        // a binomial tree: no rank sends more than ceil(log2 n) times
        for (int r = 0; r < n; r++) {
            assertTrue(MessageTally.sendCount(expanded.events(r)) <= ceilLog2(n), "sends of rank " + r);
        }
    }

    @ParameterizedTest
    @MethodSource("rankCountsAndRoots")
    void binomialReduceGathersEveryRankIntoTheRoot(int n, int root) {
        long bytes = 64;
        Trace expanded = CollectiveExpansion.expand(everyRank(n, new TraceEvent.Reduce(root, bytes)));
        for (int r = 0; r < n; r++) {
            assertEquals(r == root ? 0 : 1, MessageTally.sendCount(expanded.events(r)), "sends of rank " + r + " of " + n);
        }
        assertMatched(expanded);
        RendezvousReplay replay = assertCompletesAndEveryRankHearsOfAll(expanded, false);
        assertEquals(n - 1L, replay.messages());
        BitSet every = new BitSet();
        every.set(0, n);
        assertEquals(every, replay.heard(root), "the root's result holds every rank's vector");
    }

    @Test
    void expandedMessagesUseTheReservedTagOfTheirCollectiveAndKeepUserEventsInOrder() {
        int n = 6;
        IntFunction<List<TraceEvent>> program = r -> List.of(
                r % 2 == 0 ? new TraceEvent.Send(r + 1, 10, 0) : new TraceEvent.Recv(r - 1, 10, 0),
                new TraceEvent.Barrier(), new TraceEvent.Compute(5), new TraceEvent.Allreduce(16),
                new TraceEvent.Alltoall(32),
                r % 2 == 0 ? new TraceEvent.Irecv(r + 1, 20, 0, 0) : new TraceEvent.Isend(r - 1, 20, 0, 0),
                new TraceEvent.Wait(0));
        List<List<TraceEvent>> events = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            events.add(program.apply(r));
        }
        Trace trace = new Trace(n, events);
        Trace expanded = CollectiveExpansion.expand(trace);
        for (int r = 0; r < n; r++) {
            List<TraceEvent> user = new ArrayList<>();
            Set<Integer> tags = new HashSet<>();
            for (TraceEvent e : expanded.events(r)) {
                assertFalse(e.operation().collective(), "left unexpanded: " + e);
                if (e instanceof TraceEvent.Message m && m.tag() < 0) {
                    tags.add(m.tag());
                } else if (!(e instanceof TraceEvent.Wait w && w.request() < 0)) {
                    user.add(e);
                }
            }
            List<TraceEvent> expectedUser = new ArrayList<>(trace.events(r));
            expectedUser.removeIf(e -> e.operation().collective());
            assertEquals(expectedUser, user, "rank " + r + "'s own events, in order");
            assertEquals(Set.of(CollectiveExpansion.tag(0), CollectiveExpansion.tag(1), CollectiveExpansion.tag(2)), tags);
        }
        assertEquals(List.of(-1, -2, -3), List.of(CollectiveExpansion.tag(0), CollectiveExpansion.tag(1),
                CollectiveExpansion.tag(2)));
        assertMatched(expanded);
        assertCompletesAndEveryRankHearsOfAll(expanded, true);
    }

    @Test
    void aTraceWithoutCollectivesIsUnchanged() {
        Trace trace = new Trace(2, List.of(List.of(new TraceEvent.Send(1, 8, 3), new TraceEvent.Compute(9)),
                List.of(new TraceEvent.Recv(0, 8, 3))));
        assertEquals(trace, CollectiveExpansion.expand(trace));
    }

    @Test
    void theReplayOfTheseTestsDoesReportADeadlock() {
        // both ranks receive first: under rendezvous semantics neither send is ever posted
        Trace deadlock = new Trace(2, List.of(List.of(new TraceEvent.Recv(1, 8, 0), new TraceEvent.Send(1, 8, 0)),
                List.of(new TraceEvent.Recv(0, 8, 0), new TraceEvent.Send(0, 8, 0))));
        RendezvousReplay replay = new RendezvousReplay(deadlock);
        assertFalse(replay.run());
        assertEquals(" rank 0: recv 1 8 0 rank 1: recv 0 8 0", replay.blocked());
        // and that an exchange of blocking sends would deadlock, which is why exchanges post irecv and isend
        Trace sendsFirst = new Trace(2, List.of(List.of(new TraceEvent.Send(1, 8, 0), new TraceEvent.Recv(1, 8, 0)),
                List.of(new TraceEvent.Send(0, 8, 0), new TraceEvent.Recv(0, 8, 0))));
        assertFalse(new RendezvousReplay(sendsFirst).run());
    }
}
