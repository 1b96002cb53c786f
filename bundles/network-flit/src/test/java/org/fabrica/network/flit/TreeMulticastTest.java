package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.Groups;
import org.fabrica.collective.RootContext;
import org.fabrica.collective.tree.TreeMulticastFactory;
import org.fabrica.collective.tree.TreeMulticastParameters;
import org.fabrica.hardware.FlowControl;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.params.Parameters;
import org.fabrica.topology.fattree.FatTree;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;

/**
 * The hardware multicast (engine tree-multicast) in the flit network on a 4-ary 2-tree (16 nodes,
 * 4 leaves, 4 top switches): every node multicasts 3 packets of 4 flits to the group of all nodes
 * at once; every other member receives each exactly once and the source none, the packets are
 * read once at every branch point, the multi-output request taking its outputs all or none, and
 * the root policy sees the multicasts in flight per root.
 */
class TreeMulticastTest {
    private static final FatTree TREE = FatTree.kAryNTree(4, 2, 1);

    @Test
    void everyMemberButTheSourceReceivesEveryMulticastOnceAndTheLoadGuidesTheRoots() {
        Setup s = new Setup();
        s.topology = TREE;
        s.routing = Fixtures.NO_UNICAST;
        s.router = Fixtures.router(2, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.packetFlits = 4;
        s.pattern = Fixtures.collectiveGroupZero();
        s.injection = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return previous < 20 ? previous + 10 : NEVER; // cycles 9, 19, 29 (previous starts at -1)
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        Map<Long, Set<Integer>> receivers = new HashMap<>();
        Map<Long, Long> originOf = new HashMap<>();
        Map<Long, Integer> sourceOf = new HashMap<>();
        s.observer = new Fixtures.Recorder() {
            @Override
            public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
                super.packetGenerated(packet, source, destination, flits, cycle);
                originOf.put(packet, packet);
                sourceOf.put(packet, source);
            }

            @Override
            public void packetReplicated(long packet, long copy, int source, int destination, int router, long cycle) {
                super.packetReplicated(packet, copy, source, destination, router, cycle);
                originOf.put(copy, originOf.get(packet));
            }

            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created,
                    long injected, long delivered, int hops) {
                super.packetDelivered(packet, source, destination, flits, created, injected, delivered, hops);
                assertTrue(receivers.computeIfAbsent(originOf.get(packet), k -> new HashSet<>()).add(destination),
                        "node " + destination + " received multicast " + originOf.get(packet) + " twice");
            }
        };
        int[] all = new int[TREE.nodes()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        // least loaded root, ties to the lowest index (llp)
        int[] chosenWithLoad = new int[1];
        Groups groups = new Groups(TREE, new int[][] {all}, (RootContext c) -> {
            int best = 0;
            for (int i = 1; i < c.candidates().length; i++) {
                if (c.load(i) < c.load(best)) {
                    best = i;
                }
            }
            if (c.load(0) > 0) {
                chosenWithLoad[0]++;
            }
            return best;
        }, "least loaded", 1);
        CollectiveEngine engine = new TreeMulticastFactory().create(groups,
                Parameters.defaults(TreeMulticastParameters.class));
        FlitNetwork net = new FlitNetwork(s.build().withCollectives(engine), 4, false, 0);
        Fixtures.run(net, 1);
        assertEquals(48, receivers.size(), "16 nodes x 3 multicasts");
        for (Map.Entry<Long, Set<Integer>> e : receivers.entrySet()) {
            Set<Integer> expected = new HashSet<>();
            for (int n = 0; n < 16; n++) {
                if (n != sourceOf.get(e.getKey())) {
                    expected.add(n);
                }
            }
            assertEquals(expected, e.getValue(), "receivers of multicast " + e.getKey());
        }
        assertEquals(48, net.generated());
        assertEquals(48 * 15, net.delivered());
        assertEquals(48 * 14, net.replicated());
        Map<String, Long> counters = engine.counters();
        assertEquals(48, counters.get("multicasts"));
        assertEquals(48 * 15, counters.get("copies"));
        assertEquals(4, counters.get("roots"), "the 4 top switches");
        assertTrue(chosenWithLoad[0] > 0, "the policy saw multicasts in flight");
    }

    /** Delivery cycles of one multicast from node 0 at cycle 0, with the given replication time. */
    private static long[] oneMulticast(int replicationCycles) {
        Setup s = new Setup();
        s.topology = TREE;
        s.routing = Fixtures.NO_UNICAST;
        s.router = Fixtures.router(2, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.packetFlits = 4;
        s.pattern = Fixtures.collectiveGroupZero();
        s.injection = Fixtures.single(0, 0);
        long[] arrival = new long[TREE.nodes()];
        java.util.Arrays.fill(arrival, -1);
        s.observer = new Fixtures.Recorder() {
            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created,
                    long injected, long cycle, int hops) {
                super.packetDelivered(packet, source, destination, flits, created, injected, cycle, hops);
                arrival[destination] = cycle;
            }
        };
        int[] all = new int[TREE.nodes()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        Groups groups = new Groups(TREE, new int[][] {all}, (RootContext c) -> 0, "first", 1);
        CollectiveEngine engine = new TreeMulticastFactory().create(groups, Parameters.bind(TreeMulticastParameters.class,
                Map.of("replicationCycles", replicationCycles), "test"));
        FlitNetwork net = new FlitNetwork(s.build().withCollectives(engine), 4, false, 0);
        Fixtures.run(net, 1);
        return arrival;
    }

    @Test
    void everyBranchPointAddsTheReplicationTime() {
        long[] plain = oneMulticast(0);
        long[] slow = oneMulticast(10);
        assertEquals(-1, plain[0], "the source receives nothing");
        for (int n = 1; n < TREE.nodes(); n++) {
            // down from the top switch (a branch point) to a leaf (another): two replications per copy
            assertEquals(plain[n] + 20, slow[n], "node " + n);
        }
    }
}
