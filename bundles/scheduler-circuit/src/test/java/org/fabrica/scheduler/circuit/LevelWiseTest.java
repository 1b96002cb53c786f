package org.fabrica.scheduler.circuit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.params.Parameters;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.RequestOutcome;
import org.fabrica.scheduler.RequestStatus;
import org.fabrica.scheduler.Route;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.scheduler.Transfer;
import org.fabrica.testing.GraphTopology;
import org.fabrica.topology.TreeTopology;
import org.junit.jupiter.api.Test;

class LevelWiseTest {
    static Plan levelwise(TreeTopology t, Demands d, boolean release) {
        return new LevelWiseFactory()
                .create(t, Parameters.bind(LevelWiseParameters.class, Map.of("releaseOnFailure", release))).plan(d);
    }

    static Circuits one(TreeTopology t, int source, int destination) {
        return new Circuits(t, new int[] {source}, new int[] {destination});
    }

    @Test
    void workedExampleOfTheSpecGivesPorts010() {
        TreeTopology t = Trees.ft(4, 4);
        LinkState state = new LinkState(t);
        state.takeUp(1, 0, 0); // Ulink(1, 000)[0] taken, as in the example
        assertTrue(state.upFree(0, 0, 0) && state.downFree(0, 23, 0), "level 0: port 0 free both ways");
        assertTrue(state.downFree(1, 20, 0), "Dlink(1, 110)[0] free");
        Circuits c = one(t, 3, 95);
        new LevelWiseScheduler(t, true).schedule(c, state);
        assertEquals(RequestStatus.GRANTED, c.status[0]);
        assertEquals(3, c.levels[0]);
        assertEquals(List.of(0, 1, 0), List.of(c.port(0, 0), c.port(0, 1), c.port(0, 2)));
        // the links of the path are now taken: Ulink(2, 001)[0], Dlink(2, 101)[0]
        assertFalse(state.upFree(2, 1, 0));
        assertFalse(state.downFree(2, 17, 0));
        assertFalse(state.upFree(1, 0, 1));
        assertFalse(state.downFree(1, 20, 1));

        // without the taken link the first port wins at every level
        Circuits free = one(t, 3, 95);
        new LevelWiseScheduler(t, true).schedule(free, new LinkState(t));
        assertEquals(List.of(0, 0, 0), List.of(free.port(0, 0), free.port(0, 1), free.port(0, 2)));
    }

    @Test
    void theWorkedExampleAsAPlan() {
        Plan plan = levelwise(Trees.ft(4, 4), Demands.of(List.of(new Transfer(3, 95, 1), new Transfer(3, 95, 1)),
                SizeUnit.PACKETS), true);
        assertEquals("levelwise", plan.scheduler());
        List<ScheduledTransfer> granted = plan.transfers();
        assertEquals(2, granted.size());
        assertEquals(Route.of(0, 0, 0), granted.get(0).route().orElseThrow());
        // the second identical request must avoid every link of the first at level 0
        assertEquals(1, granted.get(1).route().orElseThrow().upPort(0));
        assertEquals(1.0, plan.schedulabilityRatio());
    }

    @Test
    void neverGrantsALinkTwiceAndEveryGrantHasACompletePath() {
        SplittableRandom r = new SplittableRandom(11);
        for (TreeTopology t : List.of(Trees.ft(2, 4), Trees.ft(3, 4), Trees.ft(4, 4), Trees.ft(3, 8), Trees.ft(2, 16),
                Trees.ft(3, 2, 4), Trees.ft(3, 6, 4), Trees.extended(2, 3), Trees.extended(4, 3))) {
            for (int trial = 0; trial < 10; trial++) {
                for (boolean release : new boolean[] {true, false}) {
                    Demands d = Demands.permutation(Trees.randomPermutation(t.nodes(), r), 1, SizeUnit.PACKETS);
                    Plan plan = levelwise(t, d, release);
                    Trees.assertDisjointCompletePaths(t, plan);
                    assertEquals(plan.granted(), plan.transfers().size());
                    for (RequestOutcome o : plan.outcomes()) {
                        assertTrue(o.granted() || o.status() == RequestStatus.NO_COMMON_PORT);
                    }
                }
            }
        }
    }

    @Test
    void releasedPartialReservationsLeaveTheLinkStateAsBefore() {
        TreeTopology t = Trees.ft(4, 4);
        LinkState state = new LinkState(t);
        // every downward link at level 2 taken: 3 -> 95 reserves levels 0 and 1, then fails at level 2
        for (int tau = 0; tau < t.switchesAt(2); tau++) {
            for (int p = 0; p < 4; p++) {
                state.takeDown(2, tau, p);
            }
        }
        state.takeUp(1, 0, 0);
        LinkState before = state.copy();
        Circuits c = one(t, 3, 95);
        new LevelWiseScheduler(t, true).schedule(c, state);
        assertEquals(RequestStatus.NO_COMMON_PORT, c.status[0]);
        assertEquals(2, c.failedLevel[0]);
        assertTrue(state.sameAs(before), "released");

        LinkState kept = before.copy();
        new LevelWiseScheduler(t, false).schedule(one(t, 3, 95), kept);
        assertEquals(before.reserved() + 4, kept.reserved(), "without release the two levels stay reserved");
        assertFalse(kept.upFree(1, 0, 1));
    }

    @Test
    void afterAnyWorkloadTheStateHoldsExactlyTheGrantedPaths() {
        SplittableRandom r = new SplittableRandom(5);
        for (TreeTopology t : List.of(Trees.ft(3, 4), Trees.ft(4, 4), Trees.ft(3, 8), Trees.extended(4, 3))) {
            for (int trial = 0; trial < 10; trial++) {
                int[] p = Trees.randomPermutation(t.nodes(), r);
                Circuits c = new Circuits(t, identity(t.nodes()), p);
                LinkState state = new LinkState(t);
                new LevelWiseScheduler(t, true).schedule(c, state);
                Plan plan = c.toPlan("levelwise", Demands.permutation(p, 1, SizeUnit.PACKETS));
                assertTrue(state.sameAs(Trees.occupiedBy(t, plan)), t.describe() + ": failed requests left links taken");
                int links = 0;
                for (ScheduledTransfer s : plan.transfers()) {
                    links += 2 * s.route().orElseThrow().levels();
                }
                assertEquals(links, state.reserved());
            }
        }
    }

    static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    /**
     * Node j of leaf tau sends to node j of leaf tau + w^(l-2) mod w^(l-1) (the top digit shifted),
     * so every request climbs to the top level. It is conflict-free for the port choice
     * P_0 = j, P_h = t_{h-1} (digit h-1 of the source leaf) for h >= 1: at every switch on either
     * side the requests meeting there differ in exactly the digit that chooses their port
     * ({@link #theWitnessPortChoiceIsConflictFree} checks this on the graph).
     */
    static int[] topDigitShift(TreeTopology t) {
        int leaves = t.switchesAt(0);
        int shift = leaves / t.upPorts(0);
        int[] p = new int[t.nodes()];
        for (int node = 0; node < p.length; node++) {
            p[node] = t.node((t.leafSwitch(node) + shift) % leaves, t.leafPosition(node));
        }
        return p;
    }

    @Test
    void aConflictFreePermutationIsScheduledCompletely() {
        for (TreeTopology t : List.of(Trees.ft(2, 4), Trees.ft(3, 4), Trees.ft(4, 4), Trees.ft(3, 8), Trees.ft(4, 8),
                Trees.ft(2, 16), Trees.ft(3, 16), Trees.ft(3, 2, 4))) {
            int[] p = topDigitShift(t);
            for (int node = 0; node < p.length; node++) {
                assertEquals(t.levels() - 1, t.commonAncestorLevel(node, p[node]), "every request crosses the top");
            }
            Plan plan = levelwise(t, Demands.permutation(p, 1, SizeUnit.PACKETS), true);
            assertEquals(t.nodes(), plan.granted(), t.describe());
            Trees.assertDisjointCompletePaths(t, plan);
        }
    }

    @Test
    void theWitnessPortChoiceIsConflictFree() {
        for (TreeTopology t : List.of(Trees.ft(3, 4), Trees.ft(4, 4), Trees.ft(3, 2, 4))) {
            int[] p = topDigitShift(t);
            int w = t.upPorts(0);
            java.util.Set<Long> used = new java.util.HashSet<>();
            for (int node = 0; node < p.length; node++) {
                int[] ports = new int[t.levels() - 1];
                ports[0] = t.leafPosition(node);
                for (int h = 1; h < ports.length; h++) {
                    ports[h] = t.leafSwitch(node) / (int) Math.pow(w, h - 1) % w;
                }
                for (long link : Trees.pathLinks(t, node, p[node], Route.of(ports))) {
                    assertTrue(used.add(link), t.describe() + ": the witness reuses a link");
                }
            }
        }
    }

    @Test
    void refusesWhatItCannotSchedule() {
        IllegalArgumentException notTree = assertThrows(IllegalArgumentException.class,
                () -> new LevelWiseFactory().create(GraphTopology.crossbar(1), Parameters.defaults(LevelWiseParameters.class)));
        assertTrue(notTree.getMessage().contains("TreeTopology"), notTree.getMessage());
        IllegalArgumentException node = assertThrows(IllegalArgumentException.class,
                () -> levelwise(Trees.ft(2, 4), Demands.of(List.of(new Transfer(0, 16, 1)), SizeUnit.PACKETS), true));
        assertTrue(node.getMessage().contains("node 16"), node.getMessage());
    }
}
