package org.fabrica.collective.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.collective.CollectivePacket;
import org.fabrica.collective.CollectiveTree;
import org.fabrica.collective.Groups;
import org.fabrica.collective.NodeActions;
import org.fabrica.collective.RootPolicy;
import org.fabrica.collective.RootContext;
import org.fabrica.collective.RouterActions;
import org.fabrica.collective.Vertices;
import org.fabrica.routing.PacketView;
import org.fabrica.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/**
 * The tree barrier's decisions, driven by hand on a 4-ary 2-tree (16 nodes, 4 leaf switches of 4
 * nodes, 4 top switches): combining waits for exactly the participating child ports, groups that
 * share switches keep apart, roots at a node and the Quadrics-style protocol complete once.
 */
class TreeBarrierTest {
    private static final FatTree TREE = FatTree.kAryNTree(4, 2, 1);

    /** The candidate with the fewest maximum hops (ties: the lowest index), as lowest-max-hop chooses. */
    private static final RootPolicy FEWEST_HOPS = (RootContext c) -> {
        int best = 0;
        for (int i = 1; i < c.candidates().length; i++) {
            if (c.maxHops(i) < c.maxHops(best)) {
                best = i;
            }
        }
        return best;
    };

    private static TreeBarrier engine(BarrierRoot root, BarrierProtocol protocol, int[]... groups) {
        return new TreeBarrier(new Groups(TREE, groups, FEWEST_HOPS, "fewest hops", 1), root, protocol, 64);
    }

    /** Records what the engine does. */
    private static final class Actions implements RouterActions, NodeActions {
        final List<String> log = new ArrayList<>();
        int header = -1;

        @Override
        public void absorb() {
            log.add("absorb");
        }

        @Override
        public void forward(int port) {
            log.add("forward " + port);
        }

        @Override
        public void branch(int port) {
            log.add("branch " + port);
        }

        @Override
        public void header(int h) {
            header = h;
            log.add("header " + (h & 7));
        }

        @Override
        public void send(int packetClass, int h) {
            assertEquals(PacketView.BARRIER, packetClass);
            header = h;
            log.add("send " + (h & 7) + " group " + (h >>> 11));
        }

        @Override
        public void complete(int group) {
            log.add("complete " + group);
        }

        @Override
        public void send(int port, int packetClass, int h) {
            log.add("send " + (h & 7) + " to " + port);
        }

        @Override
        public void replicationDelay(int cycles) {
            log.add("replicate " + cycles);
        }

        @Override
        public void timer(long cycle, int token) {
            log.add("timer " + cycle);
        }
    }

    private static CollectivePacket packet(int kind, int group) {
        int h = TreeBarrier.header(kind, group);
        return new CollectivePacket() {
            @Override
            public long id() {
                return 1;
            }

            @Override
            public int source() {
                return 0;
            }

            @Override
            public int packetClass() {
                return PacketView.BARRIER;
            }

            @Override
            public int header() {
                return h;
            }
        };
    }

    private static int[] range(int from, int to) {
        int[] out = new int[to - from];
        for (int i = 0; i < out.length; i++) {
            out[i] = from + i;
        }
        return out;
    }

    @Test
    void aSwitchCombinesExactlyItsParticipatingChildPortsThenGoesUp() {
        // nodes 0, 1, 2 of leaf 0 and node 4 of leaf 1: leaf 0 has three child ports, not four
        int[] members = {0, 1, 2, 4};
        TreeBarrier b = engine(BarrierRoot.SWITCH, BarrierProtocol.COMBINING, members);
        CollectiveTree t = b.tree(0);
        int leaf = TREE.nodeRouter(0);
        assertEquals(3, t.childCount(leaf));
        assertTrue(t.parentPort(leaf) >= 0, "the root is a top switch above both leaves");
        Actions a = new Actions();
        b.atRouter(leaf, TREE.nodePort(0), packet(TreeBarrier.ARRIVAL, 0), 10, a);
        b.atRouter(leaf, TREE.nodePort(2), packet(TreeBarrier.ARRIVAL, 0), 11, a);
        assertEquals(List.of("absorb", "absorb"), a.log);
        // a port outside the tree (node 3 is not a member) is refused, not counted
        assertThrows(IllegalStateException.class,
                () -> b.atRouter(leaf, TREE.nodePort(3), packet(TreeBarrier.ARRIVAL, 0), 12, a));
        // the same child twice before the mask completed is refused
        assertThrows(IllegalStateException.class,
                () -> b.atRouter(leaf, TREE.nodePort(0), packet(TreeBarrier.ARRIVAL, 0), 12, a));
        b.atRouter(leaf, TREE.nodePort(1), packet(TreeBarrier.ARRIVAL, 0), 13, a);
        assertEquals("forward " + t.parentPort(leaf), a.log.get(2), "the third arrival completes the mask");
        // the mask starts over: the next barrier's first arrival is absorbed again
        b.atRouter(leaf, TREE.nodePort(1), packet(TreeBarrier.ARRIVAL, 0), 20, a);
        assertEquals("absorb", a.log.get(3));
    }

    @Test
    void theRootSwitchTurnsTheLastArrivalIntoTheCompletionToEveryChild() {
        int[] members = range(0, 16);
        TreeBarrier b = engine(BarrierRoot.SWITCH, BarrierProtocol.COMBINING, members);
        CollectiveTree t = b.tree(0);
        int root = t.root();
        assertEquals(4, t.childCount(root));
        Actions a = new Actions();
        long children = t.childPorts(root);
        int[] ports = new int[4];
        for (int i = 0; i < 4; i++) {
            ports[i] = Long.numberOfTrailingZeros(children);
            children &= children - 1;
        }
        for (int i = 0; i < 3; i++) {
            b.atRouter(root, ports[i], packet(TreeBarrier.ARRIVAL, 0), i, a);
        }
        b.atRouter(root, ports[3], packet(TreeBarrier.ARRIVAL, 0), 3, a);
        assertEquals(List.of("absorb", "absorb", "absorb", "header 1", "branch " + ports[0], "branch " + ports[1],
                "branch " + ports[2], "branch " + ports[3]), a.log);
        // a completion at a leaf goes to its member nodes only
        Actions d = new Actions();
        b.atRouter(TREE.nodeRouter(5), 0, packet(TreeBarrier.COMPLETION, 0), 9, d);
        List<String> expected = new ArrayList<>();
        for (int n = 4; n < 8; n++) {
            expected.add("branch " + TREE.nodePort(n));
        }
        expected.sort(null);
        List<String> got = new ArrayList<>(d.log);
        got.sort(null);
        assertEquals(expected, got);
        // a member learns the completion; a node that is not a member is refused
        Actions n = new Actions();
        b.atNode(5, packet(TreeBarrier.COMPLETION, 0), 12, n);
        assertEquals(List.of("complete 0"), n.log);
        assertEquals(1, b.counters().get("barriers"));
        assertEquals(3, b.counters().get("combined"));
    }

    @Test
    void overlappingGroupsCombineApartAtTheSwitchesTheyShare() {
        // group 0: nodes 0-3 (leaf 0 alone); group 1: nodes 2-5 (leaves 0 and 1)
        TreeBarrier b = engine(BarrierRoot.SWITCH, BarrierProtocol.COMBINING, range(0, 4), range(2, 6));
        int leaf0 = TREE.nodeRouter(0);
        assertEquals(leaf0, b.tree(0).root(), "group 0 is rooted at its own leaf");
        assertTrue(b.tree(1).contains(leaf0));
        Actions a = new Actions();
        // node 2 and 3 arrive for group 1, then nodes 0..3 for group 0
        b.atRouter(leaf0, TREE.nodePort(2), packet(TreeBarrier.ARRIVAL, 1), 1, a);
        for (int node = 0; node < 3; node++) {
            b.atRouter(leaf0, TREE.nodePort(node), packet(TreeBarrier.ARRIVAL, 0), 2 + node, a);
        }
        assertEquals(List.of("absorb", "absorb", "absorb", "absorb"), a.log, "group 1's arrival does not count for 0");
        b.atRouter(leaf0, TREE.nodePort(3), packet(TreeBarrier.ARRIVAL, 0), 6, a);
        assertEquals("header 1", a.log.get(4), "group 0 complete at its root leaf");
        b.atRouter(leaf0, TREE.nodePort(3), packet(TreeBarrier.ARRIVAL, 1), 7, a);
        assertEquals("forward " + b.tree(1).parentPort(leaf0), a.log.get(a.log.size() - 1),
                "group 1 combined its two ports at leaf 0 and goes up");
    }

    @Test
    void aNodeRootCompletesOnceWhenItHasEnteredAndTheCombinedArrivalCame() {
        TreeBarrier b = engine(BarrierRoot.NODE, BarrierProtocol.COMBINING, range(0, 8));
        int root = Vertices.nodeOf(b.tree(0).root());
        Actions a = new Actions();
        b.atNode(root, packet(TreeBarrier.ARRIVAL, 0), 50, a);
        assertEquals(List.of(), a.log, "the root has not entered yet");
        b.enter(root, 0, 60, a);
        assertEquals(List.of("send 1 group 0", "complete 0"), a.log);
        // another member's entry sends its arrival
        Actions m = new Actions();
        b.enter(root + 1, 0, 61, m);
        assertEquals(List.of("send 0 group 0"), m.log);
        assertThrows(IllegalArgumentException.class, () -> b.enter(9, 0, 62, new Actions()), "node 9 is not a member");
        // a lone member completes at once
        TreeBarrier alone = engine(BarrierRoot.NODE, BarrierProtocol.COMBINING, new int[] {7});
        Actions s = new Actions();
        alone.enter(7, 0, 1, s);
        assertEquals(List.of("complete 0"), s.log);
    }

    @Test
    void quadricsStartsFromTheRootAndMembersAnswerOnlyWhenEnteredAndStarted() {
        TreeBarrier b = engine(BarrierRoot.NODE, BarrierProtocol.QUADRICS, range(0, 8));
        int root = Vertices.nodeOf(b.tree(0).root());
        int other = root == 0 ? 1 : 0;
        Actions r = new Actions();
        b.enter(root, 0, 1, r);
        assertEquals(List.of("send 2 group 0"), r.log, "the root's entry sends the start");
        Actions m = new Actions();
        b.enter(other, 0, 2, m);
        assertEquals(List.of(), m.log, "no start yet: no answer");
        b.atNode(other, packet(TreeBarrier.START, 0), 3, m);
        assertEquals(List.of("send 0 group 0"), m.log, "entered and started: the answer");
        // a start of the next barrier before this member entered it waits for the entry
        Actions n = new Actions();
        b.atNode(other, packet(TreeBarrier.START, 0), 4, n);
        assertEquals(List.of(), n.log);
        b.enter(other, 0, 5, n);
        assertEquals(List.of("send 0 group 0"), n.log);
        // the combined answer at the root completes the barrier
        b.atNode(root, packet(TreeBarrier.ARRIVAL, 0), 6, r);
        assertEquals(List.of("send 2 group 0", "send 1 group 0", "complete 0"), r.log);
        assertThrows(IllegalArgumentException.class,
                () -> engine(BarrierRoot.SWITCH, BarrierProtocol.QUADRICS, range(0, 4)), "quadrics needs a node root");
    }
}
