package org.fabrica.topology.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.params.ParameterSchema;
import org.fabrica.params.Parameters;
import org.fabrica.testing.TopologyContract;
import org.fabrica.topology.Topology;
import org.fabrica.topology.TreeTopology;
import org.junit.jupiter.api.Test;

class FatTreeTest {

    /** The topologies of docs/studies/levelwise.md with their node counts. */
    static final int[][] SPEC_FT = {{2, 4, 16}, {3, 4, 64}, {4, 4, 256}, {2, 8, 64}, {3, 8, 512}, {4, 8, 4096},
        {2, 16, 256}, {3, 16, 4096}};

    static List<FatTree> smallTrees() {
        List<FatTree> trees = new ArrayList<>();
        trees.add(FatTree.kAryNTree(2, 3, 1));
        trees.add(FatTree.kAryNTree(3, 2, 1));
        trees.add(FatTree.kAryNTree(2, 4, 1));
        trees.add(FatTree.kAryNTree(4, 1, 1));
        trees.add(FatTree.extendedKAryNTree(2, 3, 1));
        trees.add(FatTree.extendedKAryNTree(3, 3, 1));
        trees.add(FatTree.extendedKAryNTree(2, 2, 1));
        trees.add(FatTree.extendedKAryNTree(3, 1, 1));
        trees.add(FatTree.ft(3, 2, 3));
        trees.add(FatTree.ft(3, 5, 2));
        trees.add(FatTree.ft(4, 3, 2));
        trees.add(FatTree.ft(2, 4, 4));
        trees.add(FatTree.ft(1, 3, 2));
        return trees;
    }

    @Test
    void kAryNTreeHasKToTheNNodesAndNTimesKToTheNMinusOneSwitches() {
        for (int k = 2; k <= 5; k++) {
            for (int n = 1; n <= 4; n++) {
                FatTree t = FatTree.kAryNTree(k, n, 1);
                int perLevel = pow(k, n - 1);
                assertEquals(pow(k, n), t.nodes(), t.describe());
                assertEquals(n * perLevel, t.routers(), t.describe());
                assertEquals(n, t.levels());
                for (int h = 0; h < n; h++) {
                    assertEquals(perLevel, t.switchesAt(h));
                    assertEquals(k, t.downPorts(h));
                    assertEquals(h == n - 1 ? 0 : k, t.upPorts(h), "the top level has only down ports");
                }
            }
        }
        FatTree t = FatTree.kAryNTree(2, 3, 1);
        assertEquals(8, t.nodes());
        assertEquals(12, t.routers());
        assertEquals("2-ary 3-tree", t.describe());
    }

    @Test
    void extendedKAryNTreeHasTwiceTheNodesAndSharedTopSwitches() {
        for (int k = 2; k <= 5; k++) {
            for (int n = 1; n <= 4; n++) {
                FatTree t = FatTree.extendedKAryNTree(k, n, 1);
                assertEquals(2 * pow(k, n), t.nodes(), t.describe());
                assertEquals((2 * n - 1) * pow(k, n - 1), t.routers(), t.describe());
                assertEquals(2 * k, t.downPorts(n - 1), "the top switches use all 2k ports downward");
                assertEquals(0, t.upPorts(n - 1));
            }
        }
        FatTree e2 = FatTree.extendedKAryNTree(2, 3, 1);
        assertEquals(16, e2.nodes());
        assertEquals(20, e2.routers());
        FatTree e8 = FatTree.extendedKAryNTree(8, 3, 1);
        assertEquals(1024, e8.nodes());
        assertEquals(320, e8.routers());
        for (int r = 0; r < e8.routers(); r++) {
            assertEquals(16, e8.ports(r), "every switch of the extended 8-ary 3-tree has 16 ports");
        }
    }

    @Test
    void ftExamplesOfTheSpecHaveTheirNodeCounts() {
        for (int[] e : SPEC_FT) {
            FatTree t = FatTree.ft(e[0], e[1], e[1]);
            assertEquals(e[2], t.nodes(), t.describe());
            assertEquals(e[0] * pow(e[1], e[0] - 1), t.routers());
            assertEquals("FT(" + e[0] + ", " + e[1] + ")", t.describe());
        }
        FatTree asymmetric = FatTree.ft(3, 2, 4);
        assertEquals(2 * 16, asymmetric.nodes(), "m * w^(l-1) nodes");
        assertEquals(2, asymmetric.downPorts(0));
        assertEquals(4, asymmetric.downPorts(1));
        assertEquals(4, asymmetric.upPorts(0));
    }

    @Test
    void linksAreSymmetricAndEveryPortIsUsed() {
        List<FatTree> trees = smallTrees();
        trees.add(FatTree.extendedKAryNTree(8, 3, 1));
        trees.add(FatTree.ft(4, 8, 8));
        for (FatTree t : trees) {
            // symmetric links, a port is a link or a terminal, never both (the topology contract)
            TopologyContract.Census census = TopologyContract.check(t);
            assertEquals(0, census.unusedPorts(), "every port is used in " + t.describe());
            assertEquals(t.nodes(), census.terminalPorts(), "every node attaches to exactly one terminal port");
            for (int r = 0; r < t.routers(); r++) {
                for (int p = 0; p < t.ports(r); p++) {
                    int s = t.neighbor(r, p);
                    int q = t.neighborPort(r, p);
                    int node = t.terminal(r, p);
                    if (node >= 0) {
                        assertEquals(r, t.nodeRouter(node));
                        assertEquals(p, t.nodePort(node));
                        continue;
                    }
                    // links join adjacent levels, up port to down port
                    int h = t.level(r);
                    boolean up = t.upPortIndex(r, p) >= 0;
                    assertEquals(up ? h + 1 : h - 1, t.level(s));
                    assertEquals(up, t.downPortIndex(s, q) >= 0);
                }
            }
        }
    }

    @Test
    void everyNodeIsReachableFromEveryOther() {
        for (FatTree t : smallTrees()) {
            BitSet seen = new BitSet();
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            queue.add(t.nodeRouter(0));
            seen.set(t.nodeRouter(0));
            while (!queue.isEmpty()) {
                int r = queue.poll();
                for (int p = 0; p < t.ports(r); p++) {
                    int s = t.neighbor(r, p);
                    if (s >= 0 && !seen.get(s)) {
                        seen.set(s);
                        queue.add(s);
                    }
                }
            }
            assertEquals(t.routers(), seen.cardinality(), "all switches connected in " + t.describe());
            for (int node = 0; node < t.nodes(); node++) {
                assertTrue(seen.get(t.nodeRouter(node)));
            }
        }
    }

    @Test
    void nodesAreNumberedLeafSwitchByLeafSwitch() {
        FatTree t = FatTree.extendedKAryNTree(2, 3, 1);
        // pods 0, 1 under leaf switch 0; pods 8..15 in the second tree
        assertEquals(t.router(0, 0), t.nodeRouter(0));
        assertEquals(t.router(0, 0), t.nodeRouter(1));
        assertEquals(t.router(0, 1), t.nodeRouter(2));
        assertEquals(t.router(0, 4), t.nodeRouter(8));
        for (FatTree tree : smallTrees()) {
            for (int node = 0; node < tree.nodes(); node++) {
                int leaf = tree.leafSwitch(node);
                int j = tree.leafPosition(node);
                assertEquals(node, tree.node(leaf, j));
                assertEquals(tree.router(0, leaf), tree.nodeRouter(node));
                assertEquals(tree.downPort(0, j), tree.nodePort(node));
                assertEquals(node, tree.terminal(tree.nodeRouter(node), tree.nodePort(node)));
            }
        }
    }

    /** Theorem 1 with the digit sum written out independently of the implementation. */
    static int theorem1(int l, int w, int h, int tau, int p) {
        int[] t = digits(tau, w, l - 1);
        int sum = p;
        for (int i = h + 1; i <= l - 2; i++) {
            sum += t[i] * pow(w, i);
        }
        for (int i = 1; i <= h; i++) {
            sum += t[i - 1] * pow(w, i);
        }
        return sum;
    }

    @Test
    void theorem1HoldsOnEverySwitchAndPortOfEverySpecTopology() {
        List<FatTree> trees = new ArrayList<>();
        for (int[] e : SPEC_FT) {
            trees.add(FatTree.ft(e[0], e[1], e[1]));
        }
        trees.add(FatTree.ft(3, 2, 4));
        trees.add(FatTree.ft(4, 6, 3));
        for (FatTree t : trees) {
            int l = t.levels();
            int w = t.w();
            for (int h = 0; h < l - 1; h++) {
                for (int tau = 0; tau < t.switchesAt(h); tau++) {
                    int r = t.router(h, tau);
                    int[] digit = digits(tau, w, l - 1);
                    for (int p = 0; p < w; p++) {
                        int expected = theorem1(l, w, h, tau, p);
                        assertEquals(expected, t.parent(h, tau, p), t.describe() + " SW(" + h + ", " + tau + ") port " + p);
                        int port = t.upPort(h, p);
                        assertEquals(t.router(h + 1, expected), t.neighbor(r, port), "the wiring follows Theorem 1");
                        assertEquals(t.downPort(h + 1, digit[h]), t.neighborPort(r, port),
                                "the link arrives on down port t_h");
                        assertEquals(tau, t.child(h + 1, expected, digit[h]));
                        assertEquals(p, t.childUpPort(h + 1, expected, digit[h]));
                    }
                }
            }
        }
    }

    @Test
    void theorem2ClimbingWithTheSamePortsGivesTheDigitStringsAndMeetsAtH() {
        SplittableRandom random = new SplittableRandom(5);
        for (int[] e : SPEC_FT) {
            FatTree t = FatTree.ft(e[0], e[1], e[1]);
            int l = t.levels();
            int w = t.w();
            int leaves = t.switchesAt(0);
            int[] ports = new int[l - 1];
            int sequences = pow(w, l - 1);
            // sigma_{h+1} = s_{l-2} .. s_{h+1} P_0 .. P_h for every leaf and every port sequence
            for (int sigma0 = 0; sigma0 < leaves; sigma0++) {
                int[] s = digits(sigma0, w, l - 1);
                for (int seq = 0; seq < sequences; seq++) {
                    for (int i = 0; i < l - 1; i++) {
                        ports[i] = seq / pow(w, i) % w;
                    }
                    int sigma = sigma0;
                    for (int h = 0; h < l - 1; h++) {
                        sigma = t.parent(h, sigma, ports[h]);
                        int expected = 0;
                        for (int i = h + 1; i <= l - 2; i++) {
                            expected += s[i] * pow(w, i);
                        }
                        for (int i = 0; i <= h; i++) {
                            expected += ports[i] * pow(w, h - i);
                        }
                        assertEquals(expected, sigma, t.describe());
                    }
                }
            }
            // the source and destination climbs with the same ports meet exactly at level H
            for (int trial = 0; trial < 300; trial++) {
                int src = random.nextInt(t.nodes());
                int dst = random.nextInt(t.nodes());
                int hLevel = t.commonAncestorLevel(src, dst);
                for (int i = 0; i < l - 1; i++) {
                    ports[i] = random.nextInt(w);
                }
                int sigma = t.leafSwitch(src);
                int delta = t.leafSwitch(dst);
                for (int h = 0; h < hLevel; h++) {
                    assertTrue(sigma != delta, "the climbs meet only at H");
                    sigma = t.parent(h, sigma, ports[h]);
                    delta = t.parent(h, delta, ports[h]);
                }
                assertEquals(sigma, delta, t.describe() + ": " + src + " -> " + dst + " meet at H = " + hLevel);
            }
        }
    }

    @Test
    void theorem2HoldsOnExtendedTreesForEveryPairAndPortSequence() {
        for (FatTree t : List.of(FatTree.extendedKAryNTree(2, 3, 1), FatTree.extendedKAryNTree(3, 3, 1),
                FatTree.extendedKAryNTree(2, 4, 1))) {
            int l = t.levels();
            int k = t.w();
            int sequences = pow(k, l - 1);
            for (int a = 0; a < t.switchesAt(0); a++) {
                for (int b = 0; b < t.switchesAt(0); b++) {
                    int hLevel = t.commonAncestorLevel(t.node(a, 0), t.node(b, 0));
                    for (int seq = 0; seq < sequences; seq++) {
                        int sigma = a;
                        int delta = b;
                        for (int h = 0; h < hLevel; h++) {
                            assertTrue(sigma != delta, "the climbs meet only at H");
                            int p = seq / pow(k, h) % k;
                            sigma = t.parent(h, sigma, p);
                            delta = t.parent(h, delta, p);
                        }
                        assertEquals(sigma, delta, t.describe() + ": leaves " + a + ", " + b);
                    }
                }
            }
        }
    }

    @Test
    void workedExampleOfTheSpecFollowsTheDigitRule() {
        FatTree t = FatTree.ft(4, 4, 4);
        assertEquals(0, t.leafSwitch(3));
        assertEquals(1 * 16 + 1 * 4 + 3, t.leafSwitch(95), "SW(0, 113) in base 4");
        assertEquals(3, t.commonAncestorLevel(3, 95));
        int sigma1 = t.parent(0, 0, 0);
        int delta1 = t.parent(0, t.leafSwitch(95), 0);
        assertEquals(0, sigma1);
        assertEquals(1 * 16 + 1 * 4, delta1, "SW(1, 110)");
        int sigma2 = t.parent(1, sigma1, 1);
        int delta2 = t.parent(1, delta1, 1);
        assertEquals(1, sigma2, "SW(2, 001)");
        assertEquals(16 + 1, delta2, "SW(2, 101)");
        assertEquals(t.parent(2, sigma2, 0), t.parent(2, delta2, 0), "common ancestor SW(3, 010)");
        assertEquals(4, t.parent(2, sigma2, 0));
    }

    @Test
    void commonAncestorLevelMatchesABruteForceSearch() {
        for (FatTree t : smallTrees()) {
            // ancestors[h][leaf] = set of level-h switches reachable upward from the leaf, via the graph
            int levels = t.levels();
            int leaves = t.switchesAt(0);
            BitSet[][] ancestors = new BitSet[levels][leaves];
            for (int leaf = 0; leaf < leaves; leaf++) {
                BitSet current = new BitSet();
                current.set(t.router(0, leaf));
                ancestors[0][leaf] = current;
                for (int h = 1; h < levels; h++) {
                    BitSet next = new BitSet();
                    for (int r = current.nextSetBit(0); r >= 0; r = current.nextSetBit(r + 1)) {
                        for (int p = 0; p < t.ports(r); p++) {
                            int s = t.neighbor(r, p);
                            if (s >= 0 && t.level(s) == h) {
                                next.set(s);
                            }
                        }
                    }
                    ancestors[h][leaf] = next;
                    current = next;
                }
            }
            for (int a = 0; a < t.nodes(); a++) {
                for (int b = 0; b < t.nodes(); b++) {
                    int expected = -1;
                    for (int h = 0; h < levels && expected < 0; h++) {
                        if (ancestors[h][t.leafSwitch(a)].intersects(ancestors[h][t.leafSwitch(b)])) {
                            expected = h;
                        }
                    }
                    assertEquals(expected, t.commonAncestorLevel(a, b), t.describe() + ": " + a + ", " + b);
                }
            }
        }
    }

    @Test
    void theNodesBelowEverySwitchAreTheAdvertisedContiguousRange() {
        for (FatTree t : smallTrees()) {
            for (int r = 0; r < t.routers(); r++) {
                BitSet below = new BitSet();
                collectBelow(t, r, below);
                int h = t.level(r);
                int first = t.firstNodeBelow(h, t.index(r));
                assertEquals(t.nodesBelow(h), below.cardinality(), t.describe() + " router " + r);
                assertEquals(first, below.nextSetBit(0));
                assertEquals(first + t.nodesBelow(h) - 1, below.previousSetBit(t.nodes()));
                // children own consecutive blocks in down-port order
                for (int j = 0; h > 0 && j < t.downPorts(h); j++) {
                    int child = t.child(h, t.index(r), j);
                    assertEquals(first + j * t.nodesBelow(h - 1), t.firstNodeBelow(h - 1, child));
                }
            }
        }
    }

    private static void collectBelow(Topology t, int r, BitSet nodes) {
        TreeTopology tree = (TreeTopology) t;
        int h = tree.level(r);
        for (int j = 0; j < tree.downPorts(h); j++) {
            int p = tree.downPort(h, j);
            if (h == 0) {
                nodes.set(t.terminal(r, p));
            } else {
                collectBelow(t, t.neighbor(r, p), nodes);
            }
        }
    }

    @Test
    void localNetworksAreTheKSquaredNodesBelowALevelOneGroup() {
        FatTree e8 = FatTree.extendedKAryNTree(8, 3, 1);
        assertEquals(64, e8.localNetworkSize());
        assertEquals(1, e8.localNetwork(70));
        assertEquals(15, e8.localNetwork(1023));
        FatTree e2 = FatTree.extendedKAryNTree(2, 3, 1);
        assertEquals(4, e2.localNetworkSize());
        assertEquals(8, FatTree.ft(3, 2, 4).localNetworkSize(), "m * w nodes below a level-1 switch");
    }

    @Test
    void switchBoardsReportChipsCrossed() {
        FatTree single = FatTree.extendedKAryNTree(8, 3, 1);
        FatTree boards = FatTree.extendedKAryNTree(8, 3, 4);
        int leaf = boards.router(0, 0);
        assertEquals(1, single.chipsCrossed(leaf, 0, 15));
        assertEquals(1, boards.chipsCrossed(leaf, 0, 3), "ports 0-3 are on chip 0");
        assertEquals(2, boards.chipsCrossed(leaf, 0, 8), "down port 0 to up port 0 changes chip");
        assertEquals(2, boards.chipsCrossed(boards.router(2, 0), 1, 14));
        assertEquals(single.routers(), boards.routers(), "a board stays one switch in the network");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FatTree.extendedKAryNTree(8, 3, 3));
        assertTrue(e.getMessage().contains("chipsPerSwitch = 3"), e.getMessage());
    }

    @Test
    void factoriesBindTheirParameters() {
        Topology t = new KAryNTreeFactory().create(Parameters.bind(KAryNTreeParameters.class, Map.of("k", 2, "n", 3)));
        assertEquals(8, t.nodes());
        assertEquals(12, t.routers());
        Topology e = new ExtendedKAryNTreeFactory().create(Parameters.bind(ExtendedKAryNTreeParameters.class,
                Map.of("k", 8, "n", 3, "chipsPerSwitch", 4)));
        assertEquals(1024, e.nodes());
        assertEquals(2, ((TreeTopology) e).chipsCrossed(0, 0, 15));
        Topology ft = new FtFactory().create(Parameters.bind(FtParameters.class, Map.of("l", 3, "w", 8)));
        assertEquals(512, ft.nodes(), "m = 0 means the symmetric FT(l, w)");
        Topology asym = new FtFactory().create(Parameters.bind(FtParameters.class, Map.of("l", 2, "m", 3, "w", 4)));
        assertEquals(12, asym.nodes());
        assertEquals("FT(2, 3, 4)", asym.describe());
        assertEquals(List.of("l", "m", "w"), ParameterSchema.of(FtParameters.class).names());
        assertThrows(IllegalArgumentException.class, () -> FatTree.ft(3, 4, 1));
        assertThrows(IllegalArgumentException.class, () -> FatTree.kAryNTree(64, 12, 1));
    }

    static int[] digits(int value, int base, int count) {
        int[] d = new int[Math.max(count, 1)];
        for (int i = 0; i < count; i++) {
            d[i] = value % base;
            value /= base;
        }
        return d;
    }

    static int pow(int base, int exponent) {
        int p = 1;
        for (int i = 0; i < exponent; i++) {
            p *= base;
        }
        return p;
    }
}
