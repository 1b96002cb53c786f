package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectiveProgram;
import org.fabrica.collective.Groups;
import org.fabrica.collective.RootContext;
import org.fabrica.collective.tree.TreeBarrierFactory;
import org.fabrica.collective.tree.TreeBarrierParameters;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.FlowControl;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.params.Parameters;
import org.fabrica.topology.fattree.FatTree;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;

/**
 * The reliable tree barrier (tree-barrier with {@code reliable: true}) in the flit network over a
 * lossy link: with a forced drop of the first packet of each kind (arrival, acknowledgement,
 * completion, urge) every member still completes every barrier exactly once, and the protocol's
 * counters show how it recovered; with a high bit error rate on every link, every barrier
 * completes too. The network: a 2-ary 3-tree (8 nodes, 12 switches), every node in the group, 4
 * barriers back to back, root at a top switch.
 */
class ReliableBarrierTest {
    private static final FatTree TREE = FatTree.kAryNTree(2, 3, 1);
    private static final int BARRIERS = 4;
    private static final int TIMEOUT = 300;

    /** Every node loops over BARRIERS barriers of group 0; node 7 enters each {@code late} cycles after the others. */
    static final class Loop implements CollectiveProgram {
        final int[] completions = new int[TREE.nodes()];
        final long late;

        Loop(long late) {
            this.late = late;
        }

        @Override
        public long firstEntry(int node) {
            return node == 7 ? late : 0;
        }

        @Override
        public int group(int node) {
            return 0;
        }

        @Override
        public long nextEntry(int node, int group, long cycle) {
            return ++completions[node] < BARRIERS ? cycle + (node == 7 ? late : 0) : NONE;
        }
    }

    /** Drops the first collective packet of one kind (the header's three low bits), once. */
    static final class DropFirst extends LinkErrors {
        private final int kind;
        int dropped;

        DropFirst(int kind) {
            super(0, 64, new SplittableRandom(1));
            this.kind = kind;
        }

        @Override
        boolean corrupt(int packetClass, int header) {
            if (dropped == 0 && (header & 7) == kind) {
                dropped++;
                return true;
            }
            return false;
        }
    }

    private record Outcome(Loop loop, FlitNetwork net, Map<String, Long> counters) {
    }

    private static Outcome run(LinkErrors errors, double bitErrorRate) {
        return run(errors, bitErrorRate, 0);
    }

    private static Outcome run(LinkErrors errors, double bitErrorRate, long late) {
        Setup s = new Setup();
        s.topology = TREE;
        s.routing = Fixtures.NO_UNICAST;
        s.router = Fixtures.router(1, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.packetFlits = 1;
        s.endpoint = new EndpointTiming(5, 5);
        s.pattern = (source, random) -> 0;
        s.injection = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        int[] all = new int[TREE.nodes()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        // the lowest maximum hop count: a top switch for the whole tree
        Groups groups = new Groups(TREE, new int[][] {all}, (RootContext c) -> {
            int best = 0;
            for (int i = 1; i < c.candidates().length; i++) {
                best = c.maxHops(i) < c.maxHops(best) ? i : best;
            }
            return best;
        }, "lowest max hop", 1);
        CollectiveEngine engine = new TreeBarrierFactory().create(groups, Parameters.bind(TreeBarrierParameters.class,
                Map.of("reliable", true, "timeoutCycles", TIMEOUT), "test"));
        Loop loop = new Loop(late);
        FlitNetwork net = new FlitNetwork(s.build().withCollectives(engine, loop), 4, false, bitErrorRate);
        if (errors != null) {
            net.collectives.linkErrors(errors);
        }
        Fixtures.run(net, 1);
        return new Outcome(loop, net, engine.counters());
    }

    private static void everyMemberCompletedEveryBarrierOnce(Outcome o, String what) {
        for (int n = 0; n < TREE.nodes(); n++) {
            assertEquals(BARRIERS, o.loop.completions[n], what + ": node " + n);
        }
        assertEquals(BARRIERS, o.counters.get("barriers"), what + ": barriers completed at the root");
    }

    @Test
    void withoutLossTheReliableBarrierNeedsNoResendNorUrge() {
        Outcome o = run(null, 0);
        everyMemberCompletedEveryBarrierOnce(o, "no loss");
        assertEquals(0, o.counters.get("resent"));
        assertEquals(0, o.counters.get("urges"));
        assertEquals(0, o.counters.get("duplicates"));
        assertEquals(0, o.net.collectives.dropped);
        // every arrival but the one that completes the root is acknowledged: 8 at the leaves, 4 at the
        // second level, 1 at the root, per barrier
        assertEquals(BARRIERS * 13, o.counters.get("acknowledgements"));
    }

    @Test
    void aLostArrivalIsSentAgainAfterTheTimeout() {
        DropFirst drop = new DropFirst(0);
        Outcome o = run(drop, 0);
        everyMemberCompletedEveryBarrierOnce(o, "arrival lost");
        assertEquals(1, o.net.collectives.dropped);
        assertTrue(o.counters.get("resent") >= 1, o.counters.toString());
    }

    @Test
    void aLostAcknowledgementMakesADuplicateArrivalThatIsAcknowledgedNotCounted() {
        // node 7 enters 1,000 cycles late, so the others wait past the timeout for their completion
        Outcome o = run(new DropFirst(3), 0, 1000);
        everyMemberCompletedEveryBarrierOnce(o, "acknowledgement lost");
        assertEquals(1, o.net.collectives.dropped);
        assertTrue(o.counters.get("resent") >= 1 && o.counters.get("duplicates") >= 1, o.counters.toString());
    }

    @Test
    void aLostCompletionIsUrgedAndSentAgain() {
        Outcome o = run(new DropFirst(1), 0);
        everyMemberCompletedEveryBarrierOnce(o, "completion lost");
        assertEquals(1, o.net.collectives.dropped);
        assertTrue(o.counters.get("urges") >= 1, o.counters.toString());
    }

    @Test
    void aLostUrgeIsUrgedAgain() {
        // drop a completion, then the urge that asks for it
        DropFirst completion = new DropFirst(1);
        DropFirst urge = new DropFirst(4);
        LinkErrors both = new LinkErrors(0, 64, new SplittableRandom(1)) {
            @Override
            boolean corrupt(int packetClass, int header) {
                return completion.corrupt(packetClass, header) || urge.corrupt(packetClass, header);
            }
        };
        Outcome o = run(both, 0);
        everyMemberCompletedEveryBarrierOnce(o, "completion and urge lost");
        assertEquals(2, o.net.collectives.dropped);
        assertTrue(o.counters.get("urges") >= 2, o.counters.toString());
    }

    @Test
    void atAHighBitErrorRateEveryBarrierStillCompletesOnce() {
        // 1e-3 per bit: a 64-bit flit is lost on 6% of its link crossings
        Outcome o = run(null, 1e-3);
        everyMemberCompletedEveryBarrierOnce(o, "BER 1e-3");
        assertTrue(o.net.collectives.dropped > 5, "drops " + o.net.collectives.dropped);
        assertTrue(o.counters.get("resent") + o.counters.get("urges") > 0, o.counters.toString());
    }
}
