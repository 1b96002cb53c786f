package org.fabrica.collective.roots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.List;
import org.fabrica.collective.CollectiveTree;
import org.fabrica.collective.Groups;
import org.fabrica.collective.RootPolicy;
import org.fabrica.collective.Vertices;
import org.fabrica.params.Parameters;
import org.fabrica.topology.TreeTopology;
import org.fabrica.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/** The policies through {@link Groups}, whose root contexts count hops on a real fat tree. */
class GroupsOverFatTreeTest {
    /** A k-ary n-tree and the extended 8-ary 3-tree of one Dawning 5000 plane (320 switches, 1,024 nodes). */
    private static final List<FatTree> TREES = List.of(FatTree.kAryNTree(4, 3, 1), FatTree.extendedKAryNTree(8, 3, 1));

    private static final RootPolicy LOWEST_MAX_HOP = new LowestMaxHopPolicyFactory()
            .create(Parameters.defaults(LowestMaxHopParameters.class));

    private static int[] allRouters(TreeTopology tree) {
        int[] candidates = new int[tree.routers()];
        for (int r = 0; r < candidates.length; r++) {
            candidates[r] = Vertices.router(r);
        }
        return candidates;
    }

    private static int[] nodesBelow(TreeTopology tree, int level, int index) {
        int[] nodes = new int[tree.nodesBelow(level)];
        int first = tree.firstNodeBelow(level, index);
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = first + i;
        }
        return nodes;
    }

    @Test
    void lowestMaxHopRootsAGroupOfAllNodesAtATopSwitch() {
        for (FatTree tree : TREES) {
            int[] all = nodesBelow(tree, tree.levels() - 1, 0);
            assertEquals(tree.nodes(), all.length, tree.describe());
            Groups groups = new Groups(tree, new int[][] {all}, LOWEST_MAX_HOP, "lowest-max-hop", 1);
            int root = groups.root(0, allRouters(tree));
            assertFalse(Vertices.isNode(root));
            assertEquals(tree.levels() - 1, tree.level(root), tree.describe() + ": root " + Vertices.describe(root));
            assertEquals(tree.levels(), CollectiveTree.spanning(tree, root, all).height(), tree.describe());
        }
    }

    @Test
    void lowestMaxHopRootsTheNodesOfOneLeafSwitchAtThatLeafSwitch() {
        for (FatTree tree : TREES) {
            for (int leaf : new int[] {0, 5, tree.switchesAt(0) - 1}) {
                int[] members = nodesBelow(tree, 0, leaf);
                Groups groups = new Groups(tree, new int[][] {members}, LOWEST_MAX_HOP, "lowest-max-hop", 1);
                assertEquals(tree.router(0, leaf), groups.root(0, allRouters(tree)), tree.describe() + ", leaf " + leaf);
            }
        }
    }

    @Test
    void lowestMaxHopRootsOneSubtreeBelowTheTop() {
        // the nodes below one level-1 switch: a level-1 switch above them all, two routers to each
        for (FatTree tree : TREES) {
            int[] members = nodesBelow(tree, 1, 3);
            Groups groups = new Groups(tree, new int[][] {members}, LOWEST_MAX_HOP, "lowest-max-hop", 1);
            int root = groups.root(0, allRouters(tree));
            assertEquals(1, tree.level(root), tree.describe());
            assertEquals(2, CollectiveTree.spanning(tree, root, members).height(), tree.describe());
        }
    }

    @Test
    void deterministicSpreadsGroupsOfAllNodesOverTheTopSwitches() {
        RootPolicy deterministic = new DeterministicPolicyFactory().create(Parameters.defaults(DeterministicParameters.class));
        FatTree tree = FatTree.kAryNTree(4, 3, 1);
        int top = tree.levels() - 1;
        int[] all = nodesBelow(tree, top, 0);
        int[][] members = new int[40][];
        Arrays.fill(members, all);
        Groups groups = new Groups(tree, members, deterministic, "deterministic", 1);
        for (int g = 0; g < members.length; g++) {
            assertEquals(tree.router(top, g % tree.switchesAt(top)), groups.root(g, allRouters(tree)), "group " + g);
        }
    }
}
