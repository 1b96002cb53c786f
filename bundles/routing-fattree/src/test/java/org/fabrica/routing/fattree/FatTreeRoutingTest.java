package org.fabrica.routing.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.testing.DependencyGraph;
import org.fabrica.testing.GraphTopology;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.topology.Topology;
import org.fabrica.topology.TreeTopology;
import org.fabrica.topology.fattree.FatTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FatTreeRoutingTest {

    static List<FatTree> trees() {
        return List.of(FatTree.kAryNTree(2, 3, 1), FatTree.kAryNTree(3, 3, 1), FatTree.kAryNTree(4, 2, 1),
                FatTree.extendedKAryNTree(2, 3, 1), FatTree.extendedKAryNTree(3, 2, 1), FatTree.ft(3, 2, 3),
                FatTree.ft(3, 4, 2), FatTree.ft(2, 4, 4));
    }

    static RoutingAlgorithm dmodk(Topology t, boolean topForced) {
        return new DModKFactory().create(t, Parameters.bind(DModKParameters.class, Map.of("topForced", topForced)));
    }

    static RoutingAlgorithm smodk(Topology t, boolean topForced) {
        return new SModKFactory().create(t, Parameters.bind(SModKParameters.class, Map.of("topForced", topForced)));
    }

    static RoutingAlgorithm randomUp(Topology t, long seed, boolean topForced) {
        // the run seed reaches the algorithm through the run's random streams
        return new RandomUpFactory().create(t, Parameters.bind(RandomUpParameters.class,
                Map.of("topForced", topForced)), new org.fabrica.kernel.RandomStreams(seed));
    }

    static RoutingAlgorithm sourceRoute(Topology t, Map<String, ?> values) {
        return new SourceRouteFactory().create(t, Parameters.bind(SourceRouteParameters.class, values));
    }

    /**
     * Follows the single candidate from src to dst ({@link RouteWalk}: one candidate, asking twice
     * gives the same answer), checking that every hop uses VC class 0. Returns the hops including
     * the final ejection hop.
     */
    static List<Hop> walk(RoutingAlgorithm a, Topology t, int src, int dst, long id) {
        return RouteWalk.walk(a, t, src, dst, id,
                (router, inPort, p, hop, stateBefore) -> assertEquals(0, hop.vcClass(), "up*/down* needs one VC class"));
    }

    /** Up-port indices taken on the way up, in order. */
    static List<Integer> upPorts(TreeTopology t, List<Hop> hops) {
        List<Integer> ports = new ArrayList<>();
        for (Hop h : hops) {
            int i = t.upPortIndex(h.router(), h.port());
            if (i >= 0) {
                assertEquals(ports.size(), t.level(h.router()), "climbs one level per up hop, never after descending");
                ports.add(i);
            }
        }
        return ports;
    }

    @Test
    void modKChoosesTheUpPortOfTheFormulaOnEveryPair() {
        for (FatTree t : trees()) {
            int w = t.w();
            for (boolean topForced : new boolean[] {false, true}) {
                RoutingAlgorithm d = dmodk(t, topForced);
                RoutingAlgorithm s = smodk(t, topForced);
                for (int src = 0; src < t.nodes(); src++) {
                    for (int dst = 0; dst < t.nodes(); dst++) {
                        List<Integer> byD = upPorts(t, walk(d, t, src, dst, 1));
                        List<Integer> byS = upPorts(t, walk(s, t, src, dst, 1));
                        int expectedClimb = topForced ? t.levels() - 1 : t.commonAncestorLevel(src, dst);
                        assertEquals(expectedClimb, byD.size(), t.describe() + " " + src + " -> " + dst);
                        assertEquals(expectedClimb, byS.size());
                        for (int l = 1; l <= expectedClimb; l++) {
                            // upward hop l takes floor(x / k^(l-1)) mod k
                            int span = pow(w, l - 1);
                            assertEquals(dst / span % w, byD.get(l - 1), "D-mod-k hop " + l + " on " + t.describe());
                            assertEquals(src / span % w, byS.get(l - 1), "S-mod-k hop " + l + " on " + t.describe());
                        }
                    }
                }
            }
        }
    }

    @Test
    void topForcedPathsAllHaveTheSameLength() {
        for (FatTree t : trees()) {
            int expected = 2 * (t.levels() - 1) + 1;
            for (RoutingAlgorithm a : List.of(dmodk(t, true), smodk(t, true), randomUp(t, 3, true))) {
                for (int src = 0; src < t.nodes(); src++) {
                    for (int dst = 0; dst < t.nodes(); dst++) {
                        assertEquals(expected, walk(a, t, src, dst, src * 31L + dst).size(),
                                "switches crossed " + src + " -> " + dst + " on " + t.describe());
                    }
                }
            }
        }
    }

    @Test
    void everyRouteReachesItsDestinationMinimally() {
        for (FatTree t : trees()) {
            List<RoutingAlgorithm> algorithms = List.of(dmodk(t, false), smodk(t, false), randomUp(t, 7, false),
                    sourceRoute(t, Map.of("fallback", "dmodk")));
            for (RoutingAlgorithm a : algorithms) {
                for (int src = 0; src < t.nodes(); src++) {
                    for (int dst = 0; dst < t.nodes(); dst++) {
                        int h = t.commonAncestorLevel(src, dst);
                        for (long id = 0; id < 3; id++) {
                            assertEquals(2 * h + 1, walk(a, t, src, dst, id * 1000 + src).size(),
                                    "minimal path " + src + " -> " + dst + " on " + t.describe());
                        }
                    }
                }
            }
        }
    }

    @Test
    void channelDependencyGraphIsAcyclic() {
        for (FatTree t : trees()) {
            // union of the dependencies of every algorithm: acyclic union => each is acyclic
            DependencyGraph edges = new DependencyGraph();
            List<RoutingAlgorithm> algorithms = List.of(dmodk(t, false), dmodk(t, true), smodk(t, false),
                    smodk(t, true), randomUp(t, 1, false), randomUp(t, 2, true));
            for (RoutingAlgorithm a : algorithms) {
                for (int src = 0; src < t.nodes(); src++) {
                    for (int dst = 0; dst < t.nodes(); dst++) {
                        for (long id = 0; id < (a.deterministic() ? 1 : 4); id++) {
                            edges.addPath(walk(a, t, src, dst, id * 7919 + dst), FatTreeRoutingTest::channel);
                        }
                    }
                }
            }
            assertFalse(edges.hasCycle(), () -> "channel dependency cycle on " + t.describe() + ": " + edges.cycle());
        }
        // the check can fail: a dependency loop is detected
        DependencyGraph loop = new DependencyGraph();
        loop.add(1L, 2L);
        loop.add(2L, 1L);
        assertTrue(loop.hasCycle());
    }

    static long channel(Hop h) {
        return ((long) h.router() << 16) | h.port();
    }

    @Test
    void dModKGivesEveryDestinationItsOwnDownwardLinks() {
        // on a k-ary n-tree the level-h downward link toward d is fixed by all digits of d
        for (FatTree t : List.of(FatTree.kAryNTree(2, 3, 1), FatTree.kAryNTree(3, 3, 1),
                FatTree.extendedKAryNTree(2, 3, 1))) {
            Map<Long, Integer> owner = new HashMap<>();
            RoutingAlgorithm d = dmodk(t, true);
            for (int src = 0; src < t.nodes(); src++) {
                for (int dst = 0; dst < t.nodes(); dst++) {
                    for (Hop h : walk(d, t, src, dst, 0)) {
                        if (t.downPortIndex(h.router(), h.port()) >= 0) {
                            Integer previous = owner.putIfAbsent(channel(h), dst);
                            assertTrue(previous == null || previous == dst,
                                    "down link shared by destinations " + previous + " and " + dst);
                        }
                    }
                }
            }
        }
    }

    /** Links (channels) used by more than one flow of a round, as "router:port" -> flows. */
    static Map<Long, List<String>> sharedLinks(RoutingAlgorithm a, Topology t, int[][] flows) {
        Map<Long, List<String>> users = new HashMap<>();
        for (int[] f : flows) {
            for (Hop h : walk(a, t, f[0], f[1], 0)) {
                users.computeIfAbsent(channel(h), x -> new ArrayList<>()).add(f[0] + "->" + f[1]);
            }
        }
        users.values().removeIf(l -> l.size() < 2);
        return users;
    }

    static int[][] shuffleRound(int r) {
        // docs/studies/rapidio-m2n.md: senders pods 0-5, receivers 6-15, round r: sender i -> table[(i + r) mod 10]
        int[][] flows = new int[6][];
        for (int i = 0; i < 6; i++) {
            flows[i] = new int[] {i, 6 + (i + r) % 10};
        }
        return flows;
    }

    @Test
    void sixToTenShuffleWithTopForcedSModKSharesNoLinkInAnyRound() {
        FatTree t = FatTree.extendedKAryNTree(2, 3, 1);
        RoutingAlgorithm a = smodk(t, true);
        for (int r = 0; r < 10; r++) {
            assertEquals(Map.of(), sharedLinks(a, t, shuffleRound(r)), "round " + (r + 1));
        }
    }

    @Test
    void sixToTenShuffleWithTopForcedDModKSharesLevelOneUpLinksInTheWrappedRounds() {
        // D-mod-k makes up links at level h shared by flows whose sources agree above digit h and whose
        // destinations agree in digits 0..h; the wrap-around of rounds 8-10 pairs such flows. The
        // graph is isomorphic to Petrini and Vanneschi's, so this holds for any k-ary n-tree labelling.
        FatTree t = FatTree.extendedKAryNTree(2, 3, 1);
        RoutingAlgorithm a = dmodk(t, true);
        int[] sharedPerRound = new int[10];
        for (int r = 0; r < 10; r++) {
            Map<Long, List<String>> shared = sharedLinks(a, t, shuffleRound(r));
            sharedPerRound[r] = shared.size();
            for (long c : shared.keySet()) {
                int router = (int) (c >>> 16);
                int port = (int) (c & 0xFFFF);
                assertEquals(1, t.level(router), "only level-1 up links are shared");
                assertTrue(t.upPortIndex(router, port) >= 0);
            }
        }
        assertEquals(List.of(0, 0, 0, 0, 0, 0, 0, 1, 2, 1), java.util.Arrays.stream(sharedPerRound).boxed().toList());
        assertEquals(Map.of(), sharedLinks(a, t, new int[][] {{1, 14}, {3, 7}}), "sanity: no false sharing");
        assertEquals(1, sharedLinks(a, t, new int[][] {{1, 14}, {3, 6}}).size());
    }

    @Test
    void randomUpIsReproduciblePerSeedAndSpreadsOverThePorts() {
        FatTree t = FatTree.kAryNTree(4, 3, 1);
        RoutingAlgorithm a = randomUp(t, 11, false);
        RoutingAlgorithm same = randomUp(t, 11, false);
        RoutingAlgorithm other = randomUp(t, 12, false);
        assertFalse(a.deterministic());
        int differing = 0;
        int[] firstPortCount = new int[4];
        for (long id = 0; id < 4000; id++) {
            List<Hop> path = walk(a, t, 0, 63, id);
            assertEquals(path, walk(same, t, 0, 63, id), "same seed, same packet: same path");
            if (!path.equals(walk(other, t, 0, 63, id))) {
                differing++;
            }
            firstPortCount[upPorts(t, path).get(0)]++;
        }
        assertTrue(differing > 2000, "another seed changes most paths: " + differing);
        for (int count : firstPortCount) {
            assertTrue(count > 800 && count < 1200, "about a quarter of 4000 packets per up port: " + count);
        }
    }

    @Test
    void sourceRouteFollowsTheGivenPorts() {
        FatTree t = FatTree.ft(4, 4, 4);
        // the worked example of docs/studies/levelwise.md: node 3 -> node 95 on ports (0, 1, 0)
        RoutingAlgorithm a = sourceRoute(t, Map.of("routes", "3 95 0 1 0; 95 3 2 2 2 # reverse\n 0 1 3 1"));
        assertTrue(a.deterministic());
        List<Hop> path = walk(a, t, 3, 95, 0);
        assertEquals(List.of(0, 1, 0), upPorts(t, path));
        assertEquals(7, path.size());
        assertEquals(t.router(3, 4), path.get(3).router(), "through SW(3, 010)");
        assertEquals(List.of(2, 2, 2), upPorts(t, walk(a, t, 95, 3, 0)));
        // a non-minimal route climbs as listed, then descends
        assertEquals(List.of(3, 1), upPorts(t, walk(a, t, 0, 1, 0)));
        assertEquals(5, walk(a, t, 0, 1, 0).size());
    }

    @Test
    void sourceRouteRejectsARouteThatDoesNotReachItsDestination() {
        FatTree t = FatTree.ft(4, 4, 4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sourceRoute(t, Map.of("routes", "0 1 0; 3 95 0 1")));
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
        assertTrue(e.getMessage().contains("does not reach the destination"), e.getMessage());
        assertTrue(e.getMessage().contains("at least 3 upper ports"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> sourceRoute(t, Map.of("routes", "3 95 0 4 0")));
        assertTrue(e.getMessage().contains("upper port 4 at level 1 does not exist"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> sourceRoute(t, Map.of("routes", "3 95 0 1 0 0")));
        assertTrue(e.getMessage().contains("only 3 levels to climb"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> sourceRoute(t, Map.of("routes", "3 95 0 1 0;3 95 1 1 1")));
        assertTrue(e.getMessage().contains("already has a route"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> sourceRoute(t, Map.of("routes", "3 999 0 1 0")));
        assertTrue(e.getMessage().contains("node 999 does not exist"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> sourceRoute(t, Map.of()));
        assertTrue(e.getMessage().contains("set 'file' or 'routes'"), e.getMessage());
    }

    @Test
    void sourceRouteReadsAFileAndFallsBackOrFailsForFlowsWithoutARoute(@TempDir Path dir) throws IOException {
        FatTree t = FatTree.kAryNTree(2, 3, 1);
        Path file = dir.resolve("routes.txt");
        Files.writeString(file, "# src dst p0 p1\n0 7 1 0\n\n7 0 0 1\n");
        RoutingAlgorithm strict = sourceRoute(t, Map.of("file", file.toString()));
        assertEquals(List.of(1, 0), upPorts(t, walk(strict, t, 0, 7, 0)));
        assertEquals(List.of(0, 1), upPorts(t, walk(strict, t, 7, 0, 0)));
        IllegalStateException missing = assertThrows(IllegalStateException.class, () -> walk(strict, t, 1, 6, 42));
        assertTrue(missing.getMessage().contains("no source route for flow 1 -> 6 (packet 42)"), missing.getMessage());
        RoutingAlgorithm lenient = sourceRoute(t, Map.of("file", file.toString(), "fallback", "smodk",
                "fallbackTopForced", true));
        assertEquals(List.of(1, 0), upPorts(t, walk(lenient, t, 0, 7, 0)), "listed flows keep their route");
        assertEquals(List.of(1, 0), upPorts(t, walk(lenient, t, 1, 0, 0)), "others follow top-forced S-mod-k");
        assertFalse(sourceRoute(t, Map.of("fallback", "random-up")).deterministic());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sourceRoute(t, Map.of("file", dir.resolve("absent.txt").toString())));
        assertTrue(e.getMessage().contains("cannot read routes file"), e.getMessage());
        Files.writeString(file, "0 7 1 0\n1 6 0\n");
        e = assertThrows(IllegalArgumentException.class, () -> sourceRoute(t, Map.of("file", file.toString())));
        assertTrue(e.getMessage().contains("routes file '" + file + "', line 2"), e.getMessage());
    }

    @Test
    void nonTreeTopologiesAreRejectedWithTheSupportedKinds() {
        Topology ring = GraphTopology.crossbar(1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dmodk(ring, false));
        assertTrue(e.getMessage().contains("routes fat trees"), e.getMessage());
        assertNotEquals(-1, e.getMessage().indexOf("1-port crossbar"));
    }

    static int pow(int base, int exponent) {
        int p = 1;
        for (int i = 0; i < exponent; i++) {
            p *= base;
        }
        return p;
    }
}
