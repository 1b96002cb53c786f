package org.fabrica.scheduler.m2n;

import static org.fabrica.scheduler.m2n.Trees.range;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.params.Parameters;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.RequestOutcome;
import org.fabrica.scheduler.Round;
import org.fabrica.scheduler.RoundOrder;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.scheduler.Transaction;
import org.fabrica.testing.GraphTopology;
import org.fabrica.topology.Topology;
import org.fabrica.topology.TreeTopology;
import org.junit.jupiter.api.Test;

class M2nSchedulesTest {
    static final TreeTopology E23 = Trees.extended(2, 3);
    static final TreeTopology E83 = Trees.extended(8, 3);

    static Plan shuffle(Topology t, Demands d, Map<String, ?> p) {
        return new ShuffleFactory().create(t, Parameters.bind(ShuffleParameters.class, p)).plan(d);
    }

    static Plan hierarchical(Topology t, Demands d) {
        return new HierarchicalFactory().create(t, Parameters.defaults(HierarchicalParameters.class)).plan(d);
    }

    static Plan virtual(Topology t, Demands d, String scheme) {
        return new VirtualDestinationsFactory()
                .create(t, Parameters.bind(VirtualDestinationsParameters.class, Map.of("scheme", scheme))).plan(d);
    }

    /** The pairs of a round as "(s,d)" strings. */
    static String pairs(Round r) {
        StringBuilder b = new StringBuilder();
        for (ScheduledTransfer s : r.transfers()) {
            b.append(b.length() == 0 ? "" : " ").append('(').append(s.source()).append(',').append(s.destination())
                    .append(')');
        }
        return b.toString();
    }

    @Test
    void sixToTenEqualsTheSpecsRounds() {
        Plan plan = shuffle(E23, Demands.personalized(range(0, 6), range(6, 16), 256, SizeUnit.BYTES), Map.of());
        assertEquals(1, plan.transactions().size());
        List<Round> rounds = plan.transactions().get(0).rounds();
        assertEquals(10, rounds.size());
        assertEquals("(0,6) (1,7) (2,8) (3,9) (4,10) (5,11)", pairs(rounds.get(0)));
        assertEquals("(0,7) (1,8) (2,9) (3,10) (4,11) (5,12)", pairs(rounds.get(1)));
        assertEquals("(0,15) (1,6) (2,7) (3,8) (4,9) (5,10)", pairs(rounds.get(9)));
        for (int r = 0; r < 10; r++) {
            List<ScheduledTransfer> ts = rounds.get(r).transfers();
            assertEquals(6, ts.size());
            for (int i = 0; i < 6; i++) {
                assertEquals(i, ts.get(i).source());
                assertEquals(6 + (i + r) % 10, ts.get(i).destination(), "round " + (r + 1) + " sender " + i);
                assertEquals(256, ts.get(i).size());
                assertTrue(ts.get(i).route().isEmpty(), "node-level schedules leave routing to the network");
            }
        }
        assertEquals(RoundOrder.PER_SOURCE, plan.roundOrder());
        assertEquals(60, plan.granted());
        assertEquals(1.0, plan.schedulabilityRatio());
        assertTrue(plan.placement().isEmpty());
    }

    @Test
    void contiguousMappingPlacesTaskLabelsOnTheSpecsNodes() {
        Demands tasks = Demands.personalized(range(100, 106), range(200, 210), 1, SizeUnit.PACKETS);
        Plan plan = shuffle(E23, tasks, Map.of("mapping", "contiguous"));
        Plan direct = shuffle(E23, Demands.personalized(range(0, 6), range(6, 16), 1, SizeUnit.PACKETS), Map.of());
        assertEquals(direct.transactions(), plan.transactions());
        assertEquals(0, plan.placed(100));
        assertEquals(5, plan.placed(105));
        assertEquals(6, plan.placed(200));
        assertEquals(15, plan.placed(209));
        assertEquals(16, plan.placement().size());
    }

    @Test
    void noRoundOfAShuffleSendsTwiceToOneReceiverAndEveryPairOccursOnce() {
        for (int m = 1; m <= 12; m++) {
            for (int n = m; n <= 16 - m; n++) {
                Plan plan = shuffle(E23, Demands.personalized(range(0, m), range(m, m + n), 1, SizeUnit.BYTES), Map.of());
                assertPermutationRoundsAndAllPairs(plan, m, n);
            }
        }
    }

    static void assertPermutationRoundsAndAllPairs(Plan plan, int m, int n) {
        Set<Long> pairs = new HashSet<>();
        for (Transaction t : plan.transactions()) {
            for (Round r : t.rounds()) {
                Set<Integer> sources = new HashSet<>();
                Set<Integer> destinations = new HashSet<>();
                for (ScheduledTransfer s : r.transfers()) {
                    assertTrue(sources.add(s.source()), "a source sends twice in one round");
                    assertTrue(destinations.add(s.destination()), "two senders meet receiver " + s.destination());
                    assertTrue(pairs.add(((long) s.source() << 32) | s.destination()), "pair sent twice");
                }
            }
        }
        assertEquals((long) m * n, pairs.size());
    }

    @Test
    void shuffleRefusesMoreSendersThanReceivers() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> shuffle(E23, Demands.personalized(range(0, 8), range(8, 12), 1, SizeUnit.BYTES), Map.of()));
        assertTrue(e.getMessage().contains("hierarchical"), e.getMessage());
    }

    @Test
    void hierarchicalSplitsTwentyFiveToTenIntoTenTenFive() {
        Plan plan = hierarchical(E83, Demands.personalized(range(0, 25), range(64, 74), 512, SizeUnit.BYTES));
        List<Integer> groups = new ArrayList<>();
        for (Transaction t : plan.transactions()) {
            Set<Integer> senders = new HashSet<>();
            for (Round r : t.rounds()) {
                for (ScheduledTransfer s : r.transfers()) {
                    senders.add(s.source());
                }
            }
            groups.add(senders.size());
            assertEquals(10, t.rounds().size(), "each transaction shuffles over all N receivers");
        }
        assertEquals(List.of(10, 10, 5), groups);
        assertEquals(List.of("10-to-10", "10-to-10", "5-to-10"),
                plan.transactions().stream().map(Transaction::label).toList());
        // senders 0-9 first, then 10-19, then 20-24
        assertEquals(10, plan.transactions().get(1).rounds().get(0).transfers().get(0).source());
        assertEquals(20, plan.transactions().get(2).rounds().get(0).transfers().get(0).source());
        assertPermutationRoundsAndAllPairs(plan, 25, 10);
        assertEquals(List.of(10, 10), hierarchicalGroups(20, 10));
        assertEquals(List.of(6), hierarchicalGroups(6, 10));
        assertEquals(List.of(3, 3, 3, 1), hierarchicalGroups(10, 3));
    }

    static List<Integer> hierarchicalGroups(int m, int n) {
        Plan plan = hierarchical(E83, Demands.personalized(range(0, m), range(m, m + n), 1, SizeUnit.BYTES));
        return plan.transactions().stream().map(t -> t.rounds().get(0).transfers().size()).toList();
    }

    @Test
    void hierarchicalWithMAtMostNIsTheShuffle() {
        Demands d = Demands.personalized(range(0, 6), range(6, 16), 64, SizeUnit.BYTES);
        assertEquals(shuffle(E23, d, Map.of()).transactions(), hierarchical(E23, d).transactions());
    }

    @Test
    void baselineSendsEveryMessageIndexToTheSameReceiver() {
        Demands d = Demands.personalized(range(0, 2), range(4, 8), 100, SizeUnit.BYTES);
        Plan plan = new BaselineFactory().create(E23, Parameters.defaults(BaselineParameters.class)).plan(d);
        assertEquals(RoundOrder.PER_SOURCE, plan.roundOrder(), "the baseline is not synchronised");
        List<Round> rounds = plan.transactions().get(0).rounds();
        assertEquals(4, rounds.size());
        for (int r = 0; r < 4; r++) {
            assertEquals("(0," + (4 + r) + ") (1," + (4 + r) + ")", pairs(rounds.get(r)));
        }
    }

    /** TianLai: 48 senders, 54 receivers, every third receiver gets 2s (18 of them). */
    static Demands tianlai(long s) {
        long[][] sizes = new long[48][54];
        for (long[] row : sizes) {
            for (int j = 0; j < 54; j++) {
                row[j] = j % 3 == 2 ? 2 * s : s;
            }
        }
        return Demands.personalized(range(0, 48), range(48, 102), sizes, SizeUnit.BYTES);
    }

    @Test
    void virtualDestinationTablesOfTianLai() {
        long[][] sizes = tianlai(4096).sizeMatrix();
        assertEquals(4096, VirtualDestinations.smallestSize(sizes));
        List<DestinationTable> tables = VirtualDestinations.tables(sizes, 54, 4096);
        assertEquals(2, tables.size(), "largest multiple L = 2: two tables");
        assertEquals(54, tables.get(0).size());
        assertEquals(18, tables.get(1).size());
        assertEquals(72, tables.get(0).size() + tables.get(1).size(), "N' = 54 + 18");
    }

    @Test
    void schemeCIsFourTransactionsFortyEightToFiftyFourThenEighteenEighteenTwelve() {
        Plan plan = virtual(E83, tianlai(4096), "hierarchical");
        assertEquals(List.of("48-to-54 (real destinations)", "18-to-18 (virtual destinations, table 1)",
                "18-to-18 (virtual destinations, table 1)", "12-to-18 (virtual destinations, table 1)"),
                plan.transactions().stream().map(Transaction::label).toList());
        assertEquals(List.of(54, 18, 18, 18), plan.transactions().stream().map(t -> t.rounds().size()).toList());
        for (ScheduledTransfer s : plan.transfers()) {
            assertEquals(4096, s.size(), "every piece is s");
        }
        // 48 * 54 pieces to real destinations + 48 * 18 to virtual ones
        assertEquals(48 * 72, plan.transfers().size());
        assertEveryReceiverGetsItsBytes(plan, tianlai(4096));
        // each transaction's rounds reach distinct real receivers
        for (Transaction t : plan.transactions()) {
            for (Round r : t.rounds()) {
                Set<Integer> d = new HashSet<>();
                for (ScheduledTransfer s : r.transfers()) {
                    assertTrue(d.add(s.destination()));
                }
            }
        }
    }

    @Test
    void schemeBShufflesOverAllSeventyTwoAndCanMeetAReceiverTwice() {
        Plan plan = virtual(E83, tianlai(4096), "shuffle-all");
        assertEquals(1, plan.transactions().size());
        assertEquals("48-to-72 (54 real + 18 virtual destinations)", plan.transactions().get(0).label());
        assertEquals(72, plan.roundCount());
        assertEveryReceiverGetsItsBytes(plan, tianlai(4096));
        // virtual destinations share their real receiver: some round sends twice to one node (the study's warning)
        boolean repeated = false;
        for (Round r : plan.transactions().get(0).rounds()) {
            Set<Integer> d = new HashSet<>();
            for (ScheduledTransfer s : r.transfers()) {
                repeated |= !d.add(s.destination());
            }
        }
        assertTrue(repeated);
    }

    static void assertEveryReceiverGetsItsBytes(Plan plan, Demands d) {
        Map<Long, Long> sent = new HashMap<>();
        for (ScheduledTransfer s : plan.transfers()) {
            sent.merge(((long) s.source() << 32) | s.destination(), s.size(), Long::sum);
            assertEquals(d.transfers().get(s.request()).source(), s.source());
            assertEquals(d.transfers().get(s.request()).destination(), s.destination());
        }
        assertEquals(d.transfers().size(), sent.size());
        d.transfers().forEach(t -> assertEquals(t.size(), sent.get(((long) t.source() << 32) | t.destination())));
        assertTrue(plan.outcomes().stream().allMatch(RequestOutcome::granted));
    }

    @Test
    void piecesOfSizesThatAreNotMultiplesCarryTheRemainder() {
        // sizes 2, 5 and 4 with s = 2: multiples 1, 3 (padded) and 2 -> tables of 3, 2 and 1 destinations
        long[][] sizes = {{2, 5, 4}};
        Demands d = Demands.personalized(new int[] {0}, new int[] {1, 2, 3}, sizes, SizeUnit.BYTES);
        List<DestinationTable> tables = VirtualDestinations.tables(d.sizeMatrix(), 3, 2);
        assertEquals(List.of(3, 2, 1), tables.stream().map(DestinationTable::size).toList());
        Plan plan = virtual(E23, d, "hierarchical");
        assertEquals(3, plan.transactions().size());
        assertEquals("(0,1:2)", roundText(plan, 0, 0));
        assertEquals("(0,3:2)", roundText(plan, 0, 2));
        assertEquals("(0,3:2)", roundText(plan, 1, 1));
        assertEquals("(0,2:1)", roundText(plan, 2, 0));
        assertEveryReceiverGetsItsBytes(plan, d);
        List<Long> toTwo = plan.transfers().stream().filter(s -> s.destination() == 2).map(ScheduledTransfer::size).toList();
        assertEquals(List.of(2L, 2L, 1L), toTwo);
        assertFalse(plan.transfers().stream().anyMatch(s -> s.size() > 2));
    }

    @Test
    void barrierRoundOrderIsRecordedWhenAsked() {
        Plan plan = shuffle(E23, Demands.personalized(range(0, 2), range(2, 4), 1, SizeUnit.BYTES),
                Map.of("roundOrder", "barrier"));
        assertEquals(RoundOrder.BARRIER, plan.roundOrder());
    }

    @Test
    void mistakesAreNamed() {
        IllegalArgumentException outside = assertThrows(IllegalArgumentException.class,
                () -> shuffle(E23, Demands.personalized(range(0, 2), range(15, 17), 1, SizeUnit.BYTES), Map.of()));
        assertTrue(outside.getMessage().contains("node 16 is not in"), outside.getMessage());
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> shuffle(E23, Demands.personalized(range(0, 2), range(1, 4), 1, SizeUnit.BYTES),
                        Map.of("mapping", "contiguous")));
        assertTrue(both.getMessage().contains("both a sender and a receiver"), both.getMessage());
        GraphTopology.Builder isolated = GraphTopology.builder("8 isolated routers").routers(8, 1);
        for (int r = 0; r < 8; r++) {
            isolated.node(r, 0);
        }
        Topology notATree = isolated.build();
        IllegalArgumentException size = assertThrows(IllegalArgumentException.class, () -> new ShuffleFactory()
                .create(notATree, Parameters.bind(ShuffleParameters.class, Map.of("mapping", "contiguous"))));
        assertTrue(size.getMessage().contains("set localNetworkSize"), size.getMessage());
        // as given, node-level schedules need no tree
        assertEquals(2, shuffle(notATree, Demands.personalized(range(0, 2), range(2, 4), 1, SizeUnit.BYTES), Map.of())
                .roundCount());
    }

    /** The pairs of one round as the plan printer writes them: (source,destination:size), sizes shown when they differ. */
    static String roundText(Plan plan, int transaction, int round) {
        boolean uniform = plan.transfers().stream().map(ScheduledTransfer::size).distinct().count() <= 1;
        StringBuilder b = new StringBuilder();
        for (ScheduledTransfer s : plan.transactions().get(transaction).rounds().get(round).transfers()) {
            b.append(b.length() == 0 ? "" : " ").append('(').append(s.source()).append(',').append(s.destination());
            if (!uniform) {
                b.append(':').append(s.size());
            }
            b.append(')');
        }
        return b.toString();
    }
}
