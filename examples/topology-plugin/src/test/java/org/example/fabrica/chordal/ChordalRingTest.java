package org.example.fabrica.chordal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.params.Parameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.graph.MinHopFactory;
import org.fabrica.routing.graph.MinHopParameters;
import org.fabrica.testing.DependencyGraph;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.testing.TopologyContract;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;

class ChordalRingTest {
    /** Sizes with small, square-root and largest chords, odd and even k. */
    private static final int[][] SIZES = {{5, 2}, {7, 3}, {8, 3}, {16, 2}, {16, 4}, {16, 7}, {25, 5}, {31, 6}, {64, 8}};

    @Test
    void everyLinkHasItsReverseAndEveryRouterOneNodeAndFourDistinctNeighbours() {
        for (int[] s : SIZES) {
            ChordalRing t = new ChordalRing(s[0], s[1]);
            TopologyContract.Census census = TopologyContract.check(t);
            assertEquals(t.nodes(), census.terminalPorts(), "one terminal port per node in " + t.describe());
            assertEquals(4 * t.routers(), census.linkPorts(), "four link ports per router (2k links) in " + t.describe());
            assertEquals(0, census.unusedPorts());
            for (int r = 0; r < t.routers(); r++) {
                assertEquals(5, t.ports(r));
                Set<Integer> neighbours = new HashSet<>();
                for (int p = 1; p < 5; p++) {
                    assertNotEquals(r, t.neighbor(r, p), "no self loop at router " + r + " of " + t.describe());
                    neighbours.add(t.neighbor(r, p));
                }
                assertEquals(4, neighbours.size(), "no parallel links at router " + r + " of " + t.describe());
                assertEquals(r, t.terminal(r, ChordalRing.NODE));
                assertEquals(r, t.nodeRouter(r));
            }
        }
    }

    /**
     * Breadth-first distances over the topology's own ports against the closed form of a circulant
     * graph: reaching {@code d} from 0 with {@code b} chord hops (either sign) leaves the ring distance
     * of {@code d - b c}, so the distance is the minimum over b of {@code |b| + ringDistance(d - b c)}.
     * Every router sees the same distances (the graph is vertex transitive).
     */
    @Test
    void distancesAreThoseOfTheCirculantGraph() {
        for (int[] s : SIZES) {
            ChordalRing t = new ChordalRing(s[0], s[1]);
            int k = s[0];
            int c = s[1];
            for (int from = 0; from < k; from++) {
                int[] dist = distances(t, from);
                for (int to = 0; to < k; to++) {
                    int d = Math.floorMod(to - from, k);
                    int best = Integer.MAX_VALUE;
                    for (int b = -k; b <= k; b++) {
                        int rest = Math.floorMod(d - b * c, k);
                        best = Math.min(best, Math.abs(b) + Math.min(rest, k - rest));
                    }
                    assertEquals(best, dist[to], from + " -> " + to + " on " + t.describe());
                }
            }
        }
        // by hand: on 16 routers with chord 4 every offset 0..8 is one of 0, 1, 2 = 1+1, 3 = 4-1, 4, 5 = 4+1,
        // 6 = 4+1+1, 7 = 8-1, 8 = 4+4 (hops 0 1 2 2 1 2 3 3 2), so the diameter is 3 against 8 for the plain ring
        assertEquals(3, Arrays.stream(distances(new ChordalRing(16, 4), 0)).max().getAsInt());
    }

    /**
     * Fabrica's min-hop tables with hop-indexed VC classes (what the README's experiment uses) reach
     * every node from every node along a shortest path, need as many VC classes as the diameter, and
     * their (channel, VC class) dependencies have no cycle: the class grows by one at every hop.
     */
    @Test
    void minHopTablesReachEveryNodeOnAShortestPathWithoutDependencyCycles() {
        for (int[] s : SIZES) {
            ChordalRing t = new ChordalRing(s[0], s[1]);
            RoutingAlgorithm a = new MinHopFactory().create(t, Parameters.bind(MinHopParameters.class,
                    Map.of("deadlock", "hop-classes")));
            int diameter = 0;
            DependencyGraph dependencies = new DependencyGraph();
            for (int src = 0; src < t.nodes(); src++) {
                int[] dist = distances(t, t.nodeRouter(src));
                for (int dst = 0; dst < t.nodes(); dst++) {
                    List<Hop> hops = RouteWalk.walk(a, t, src, dst, src * 10_000L + dst);
                    Hop last = hops.get(hops.size() - 1);
                    assertEquals(t.nodeRouter(dst), last.router(), src + " -> " + dst + " ends at the destination's router");
                    assertEquals(dst, t.terminal(last.router(), last.port()), src + " -> " + dst + " is ejected to its node");
                    assertEquals(dist[t.nodeRouter(dst)] + 1, hops.size(), src + " -> " + dst + " is a shortest path");
                    diameter = Math.max(diameter, dist[t.nodeRouter(dst)]);
                    dependencies.addPath(hops, h -> ((long) h.router() * 5 + h.port()) * 64 + h.vcClass());
                }
            }
            assertEquals(diameter, a.vcClasses(), "one VC class per hop of the longest route on " + t.describe());
            assertTrue(!dependencies.hasCycle(), "dependency cycle " + dependencies.cycle() + " on " + t.describe());
        }
    }

    /**
     * Why the README's experiment asks for hop classes: with one VC class, the shortest paths of the
     * README's 16-router ring with chord 4 depend on each other in a cycle, and min-hop refuses such
     * tables instead of running a network that can deadlock. The complete graph K5 (k = 5, c = 2:
     * every router a neighbour of every other) is accepted: a route of one hop has no dependency.
     */
    @Test
    void minHopWithOneVcClassIsRefusedForItsDependencyCycle() {
        MinHopParameters refuse = Parameters.bind(MinHopParameters.class, Map.of("deadlock", "refuse"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new MinHopFactory().create(new ChordalRing(16, 4), refuse));
        assertTrue(e.getMessage().contains("form a cycle"), e.getMessage());
        assertEquals(1, new MinHopFactory().create(new ChordalRing(5, 2), refuse).vcClasses());
    }

    @Test
    void theFactoryBindsItsMetatypeDefaultsAndRefusesBadChords() {
        ChordalRingFactory f = new ChordalRingFactory();
        Topology t = f.create(Parameters.defaults(ChordalRingParameters.class));
        assertEquals("16-router chordal ring, chord 4", t.describe());
        ChordalRing custom = (ChordalRing) f.create(Parameters.bind(ChordalRingParameters.class, Map.of("k", 25, "c", 5)));
        assertEquals(25, custom.k());
        assertEquals(5, custom.c());
        for (int[] bad : new int[][] {{16, 8}, {16, 9}, {16, 1}, {7, 4}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ChordalRing(bad[0], bad[1]));
            assertTrue(e.getMessage().contains("c = " + bad[1]) && e.getMessage().contains("give c between 2 and"),
                    e.getMessage());
        }
        IllegalArgumentException few = assertThrows(IllegalArgumentException.class, () -> new ChordalRing(4, 2));
        assertTrue(few.getMessage().contains("k >= 5"), few.getMessage());
    }

    private static int[] distances(Topology t, int from) {
        int[] dist = new int[t.routers()];
        Arrays.fill(dist, -1);
        dist[from] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(from));
        while (!queue.isEmpty()) {
            int r = queue.poll();
            for (int p = 0; p < t.ports(r); p++) {
                int s = t.neighbor(r, p);
                if (s >= 0 && dist[s] < 0) {
                    dist[s] = dist[r] + 1;
                    queue.add(s);
                }
            }
        }
        return dist;
    }
}
