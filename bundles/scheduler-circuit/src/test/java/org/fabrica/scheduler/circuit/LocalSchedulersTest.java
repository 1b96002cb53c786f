package org.fabrica.scheduler.circuit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.params.Parameters;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.RequestOutcome;
import org.fabrica.scheduler.RequestStatus;
import org.fabrica.scheduler.Route;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.scheduler.Transfer;
import org.fabrica.topology.TreeTopology;
import org.junit.jupiter.api.Test;

class LocalSchedulersTest {
    static Scheduler greedy(TreeTopology t) {
        return new GreedyLocalFactory().create(t, Parameters.defaults(GreedyLocalParameters.class));
    }

    static Scheduler random(TreeTopology t, long seed) {
        return new RandomLocalFactory().create(t, Parameters.bind(RandomLocalParameters.class, Map.of("seed", seed)));
    }

    static Scheduler levelwise(TreeTopology t) {
        return new LevelWiseFactory().create(t, Parameters.defaults(LevelWiseParameters.class));
    }

    @Test
    void greedyFailsOnATakenDownlinkWhereLevelWiseFindsAnotherPort() {
        TreeTopology t = Trees.ft(2, 4);
        // 0 -> 4 takes up port 0 of leaf 0 and the downlink on port 0 into leaf 1;
        // 8 -> 5 then also takes up port 0 of leaf 2 and finds that downlink taken
        Demands d = Demands.of(List.of(new Transfer(0, 4, 1), new Transfer(8, 5, 1)), SizeUnit.PACKETS);
        Plan g = greedy(t).plan(d);
        assertEquals(List.of(RequestOutcome.granted(0), new RequestOutcome(1, RequestStatus.DOWNLINK_TAKEN, 0)),
                g.outcomes());
        assertEquals(0.5, g.schedulabilityRatio());
        Plan lw = levelwise(t).plan(d);
        assertEquals(1.0, lw.schedulabilityRatio());
        assertEquals(Route.of(1), lw.transfers().get(1).route().orElseThrow());
    }

    @Test
    void greedyReleasesWhatAFailedRequestReserved() {
        TreeTopology t = Trees.ft(3, 4);
        Circuits c = new Circuits(t, new int[] {0, 16}, new int[] {4, 5});
        LinkState state = new LinkState(t);
        new LocalScheduler("greedy-local", t, false, 0).schedule(c, state, new SplittableRandom(1));
        // 0 -> 4: H = 1, port 0; 16 -> 5: H = 2, climbs with ports 0, 0; its downlink at level 0 into leaf 1
        // (port 0) is taken by the first request
        assertEquals(RequestStatus.GRANTED, c.status[0]);
        assertEquals(RequestStatus.DOWNLINK_TAKEN, c.status[1]);
        assertEquals(0, c.failedLevel[1]);
        LinkState expected = new LinkState(t);
        expected.takeUp(0, 0, 0);
        expected.takeDown(0, 1, 0);
        assertTrue(state.sameAs(expected), "the failed request's up and down links at levels 0 and 1 are free again");
    }

    @Test
    void noFreeUplinkWhenALeafHasMoreNodesThanUplinks() {
        TreeTopology t = Trees.ft(2, 6, 4); // 6 nodes per leaf, 4 uplinks
        int[] src = {0, 1, 2, 3, 4};
        int[] dst = {6, 7, 8, 9, 10};
        List<Transfer> ts = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ts.add(new Transfer(src[i], dst[i], 1));
        }
        Demands d = Demands.of(ts, SizeUnit.PACKETS);
        Plan g = greedy(t).plan(d);
        assertEquals(new RequestOutcome(4, RequestStatus.NO_FREE_UPLINK, 0), g.outcomes().get(4));
        assertEquals(new RequestOutcome(4, RequestStatus.NO_COMMON_PORT, 0), levelwise(t).plan(d).outcomes().get(4));
        assertEquals(4, random(t, 3).plan(d).granted());
    }

    @Test
    void localSchedulersNeverShareALinkAndLeaveOnlyGrantedPathsReserved() {
        SplittableRandom r = new SplittableRandom(3);
        for (TreeTopology t : List.of(Trees.ft(3, 4), Trees.ft(4, 4), Trees.ft(3, 8), Trees.ft(3, 6, 4),
                Trees.extended(4, 3))) {
            for (int trial = 0; trial < 10; trial++) {
                int[] p = Trees.randomPermutation(t.nodes(), r);
                for (boolean rnd : new boolean[] {false, true}) {
                    Circuits c = new Circuits(t, LevelWiseTest.identity(t.nodes()), p);
                    LinkState state = new LinkState(t);
                    new LocalScheduler(rnd ? "random-local" : "greedy-local", t, rnd, trial)
                            .schedule(c, state, new SplittableRandom(trial));
                    Plan plan = c.toPlan("local", Demands.permutation(p, 1, SizeUnit.PACKETS));
                    Trees.assertDisjointCompletePaths(t, plan);
                    assertTrue(state.sameAs(Trees.occupiedBy(t, plan)), t.describe());
                }
            }
        }
    }

    @Test
    void randomLocalIsReproducibleFromItsSeedAndUsesIt() {
        TreeTopology t = Trees.ft(3, 8);
        Demands d = Demands.permutation(Trees.randomPermutation(t.nodes(), new SplittableRandom(9)), 1,
                SizeUnit.PACKETS);
        assertEquals(random(t, 1).plan(d), random(t, 1).plan(d));
        Scheduler s = random(t, 1);
        assertEquals(s.plan(d), s.plan(d), "a plan does not depend on earlier calls");
        assertNotEquals(random(t, 1).plan(d).transfers(), random(t, 2).plan(d).transfers());
        // random choices spread over the ports: some route starts with a port other than 0
        assertTrue(random(t, 1).plan(d).transfers().stream()
                .anyMatch(x -> x.route().orElseThrow().levels() > 0 && x.route().orElseThrow().upPort(0) != 0));
    }

    @Test
    void randomLocalInARunDrawsFromTheRunStreams() {
        TreeTopology t = Trees.ft(3, 8);
        Demands d = Demands.permutation(Trees.randomPermutation(t.nodes(), new SplittableRandom(9)), 1,
                SizeUnit.PACKETS);
        RandomLocalParameters p = Parameters.defaults(RandomLocalParameters.class);
        RandomLocalFactory f = new RandomLocalFactory();
        assertEquals(f.create(t, p, new RandomStreams(5)).plan(d), f.create(t, p, new RandomStreams(5)).plan(d));
        assertNotEquals(f.create(t, p, new RandomStreams(5)).plan(d).transfers(),
                f.create(t, p, new RandomStreams(6)).plan(d).transfers(), "another run seed, other choices");
        // the default method of the other schedulers ignores the streams
        GreedyLocalParameters g = Parameters.defaults(GreedyLocalParameters.class);
        assertEquals(new GreedyLocalFactory().create(t, g, new RandomStreams(5)).plan(d), greedy(t).plan(d));
    }

    @Test
    void nodesOfOneLeafSwitchNeedNoLinks() {
        TreeTopology t = Trees.ft(3, 4);
        Demands d = Demands.of(List.of(new Transfer(1, 2, 1), new Transfer(2, 2, 1)), SizeUnit.PACKETS);
        for (Scheduler s : List.of(greedy(t), random(t, 1), levelwise(t))) {
            Plan p = s.plan(d);
            assertEquals(2, p.granted());
            assertEquals(Route.of(), p.transfers().get(0).route().orElseThrow());
        }
    }
}
