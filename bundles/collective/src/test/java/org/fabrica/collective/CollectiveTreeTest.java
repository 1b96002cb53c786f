package org.fabrica.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabrica.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;

/**
 * Trees on a 4-ary 2-tree (16 nodes; routers 0-3 the leaves, 4-7 the top switches): the pruned
 * shortest-path tree from a switch or a node root, its parent and child ports, its height, and the
 * refusals.
 */
class CollectiveTreeTest {
    private static final FatTree TREE = FatTree.kAryNTree(4, 2, 1);

    private static int leafOf(int node) {
        return TREE.nodeRouter(node);
    }

    @Test
    void aTopSwitchRootsAPrunedTreeOverTheMembersLeaves() {
        int top = -1;
        for (int r = 0; r < TREE.routers(); r++) {
            if (TREE.level(r) == 1) {
                top = r;
                break;
            }
        }
        // members under two leaves: nodes 0, 1 (leaf of 0) and 5 (leaf of 5)
        CollectiveTree t = CollectiveTree.spanning(TREE, Vertices.router(top), new int[] {5, 0, 1});
        assertArrayEquals(new int[] {0, 1, 5}, t.members(), "sorted");
        assertEquals(top, t.root());
        assertEquals(-1, t.parentPort(top), "the root has no parent");
        assertEquals(2, t.childCount(top), "one child port per leaf with members");
        assertEquals(2, t.childCount(leafOf(0)), "nodes 0 and 1");
        assertEquals(1, t.childCount(leafOf(5)));
        assertEquals(1L << TREE.nodePort(5), t.childPorts(leafOf(5)));
        assertTrue(t.parentPort(leafOf(0)) >= 0 && TREE.neighbor(leafOf(0), t.parentPort(leafOf(0))) == top);
        assertEquals(2, t.height(), "two routers from the root to every member");
        // a leaf without members, and the other top switches, are outside the tree
        int empty = leafOf(12);
        assertFalse(t.contains(empty));
        assertEquals(0, t.childPorts(empty));
        assertEquals(-1, t.parentPort(empty));
    }

    @Test
    void aNodeRootHangsTheTreeFromItsInterface() {
        CollectiveTree t = CollectiveTree.spanning(TREE, Vertices.node(0), new int[] {0, 1, 2, 3});
        int leaf = leafOf(0);
        assertEquals(TREE.nodePort(0), t.parentPort(leaf), "the root node is the leaf's parent");
        assertEquals(3, t.childCount(leaf), "the other three members, not the root node");
        assertEquals(1, t.height(), "all on one leaf");
        for (int r = 0; r < TREE.routers(); r++) {
            assertEquals(r == leaf, t.contains(r), "router " + r);
        }
        // across leaves the root node's tree climbs to a top switch
        CollectiveTree wide = CollectiveTree.spanning(TREE, Vertices.node(0), new int[] {0, 15});
        assertEquals(3, wide.height());
        assertEquals(1, wide.childCount(leafOf(0)), "up toward node 15");
    }

    @Test
    void badMembersAndRootsAreRefusedWithTheReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CollectiveTree.spanning(TREE, Vertices.router(4), new int[] {}));
        assertTrue(e.getMessage().contains("at least one member"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> CollectiveTree.spanning(TREE, Vertices.router(4), new int[] {3, 3}));
        assertTrue(e.getMessage().contains("member node 3 given twice"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> CollectiveTree.spanning(TREE, Vertices.router(4), new int[] {16}));
        assertTrue(e.getMessage().contains("out of range 0..15"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> CollectiveTree.spanning(TREE, Vertices.router(99), new int[] {1}));
        assertTrue(e.getMessage().contains("root router 99 out of range"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Vertices.nodeOf(3));
        assertTrue(e.getMessage().contains("is a router"), e.getMessage());
        assertEquals("node 7", Vertices.describe(Vertices.node(7)));
    }
}
