package org.fabrica.routing.dragonfly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.params.Parameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.testing.DependencyGraph;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.KAryNCube;
import org.fabrica.topology.dragonfly.Dragonfly;
import org.fabrica.topology.dragonfly.DragonflyFactory;
import org.fabrica.topology.dragonfly.DragonflyParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DragonflyRoutingTest {

    static Dragonfly dragonfly(int p, int a, int h, int g, String arrangement) {
        return (Dragonfly) new DragonflyFactory().create(Parameters.bind(DragonflyParameters.class,
                Map.of("p", p, "a", a, "h", h, "g", g, "arrangement", arrangement)));
    }

    static RoutingAlgorithm minimal(Topology t) {
        return new DragonflyMinimalFactory().create(t, Parameters.defaults(DragonflyMinimalParameters.class));
    }

    static RoutingAlgorithm valiant(Topology t, long seed) {
        return new DragonflyValiantFactory().create(t, Parameters.defaults(DragonflyValiantParameters.class),
                new RandomStreams(seed));
    }

    /** A channel: the link leaving {@code router} on {@code port}, on VC class {@code vcClass}. */
    static long channel(Hop hop) {
        return ((long) hop.router() * 1024 + hop.port()) * 8 + hop.vcClass();
    }

    @ParameterizedTest(name = "p = {0}, a = {1}, h = {2}, g = {3}, {4}")
    @CsvSource({"2, 4, 2, 9, absolute", "2, 4, 2, 9, palmtree", "1, 3, 2, 5, absolute", "1, 3, 2, 7, palmtree",
        "2, 2, 1, 3, absolute"})
    void minimalReachesEveryDestinationOnAShortestPathAndItsTwoClassesAreAcyclic(int p, int a, int h, int g,
            String arrangement) {
        Dragonfly d = dragonfly(p, a, h, g, arrangement);
        RoutingAlgorithm r = minimal(d);
        assertEquals(2, r.vcClasses());
        assertTrue(r.deterministic());
        int[][] dist = distances(d);
        DependencyGraph graph = new DependencyGraph();
        for (int s = 0; s < d.nodes(); s++) {
            for (int t = 0; t < d.nodes(); t++) {
                if (s == t) {
                    continue;
                }
                List<Hop> hops = RouteWalk.walk(r, d, s, t, s * 1000L + t);
                assertEquals(minimalHops(d, d.nodeRouter(s), d.nodeRouter(t)) + 1, hops.size(), s + " -> " + t + ": "
                        + hops);
                // never shorter than the graph's distance; it can be longer (two global hops may be shorter)
                assertTrue(hops.size() - 1 >= dist[d.nodeRouter(s)][d.nodeRouter(t)]);
                assertTrue(hops.size() - 1 <= 3);
                boolean global = false;
                for (Hop hop : hops) {
                    assertTrue(hop.vcClass() >= 0 && hop.vcClass() < 2);
                    global |= d.isGlobalPort(hop.port());
                    // class 1 from the global hop on, class 0 before it
                    assertEquals(global || d.group(hop.router()) == d.group(d.nodeRouter(t)) ? 1 : 0, hop.vcClass(),
                            s + " -> " + t + ": " + hops);
                }
                graph.addPath(hops, DragonflyRoutingTest::channel);
            }
        }
        assertEquals(List.of(), graph.cycle(), "channel dependency cycle under the two classes");
        // negative control: with the classes merged, l g l g ... around the groups closes a cycle
        assertTrue(graph.merged(c -> c / 8).hasCycle(), "one class should not be deadlock-free");
    }

    @ParameterizedTest(name = "p = {0}, a = {1}, h = {2}, g = {3}, {4}")
    @CsvSource({"2, 4, 2, 9, absolute", "2, 4, 2, 9, palmtree", "1, 3, 2, 7, absolute", "1, 2, 1, 3, palmtree"})
    void valiantGoesThroughARouterOfAnotherGroupAndItsFourClassesAreAcyclic(int p, int a, int h, int g,
            String arrangement) {
        Dragonfly d = dragonfly(p, a, h, g, arrangement);
        RoutingAlgorithm r = valiant(d, 7);
        assertEquals(4, r.vcClasses());
        assertFalse(r.deterministic());
        DependencyGraph graph = new DependencyGraph();
        int[] midGroups = new int[g];
        int[] midIndex = new int[a];
        for (int s = 0; s < d.nodes(); s++) {
            for (int t = 0; t < d.nodes(); t++) {
                if (s == t) {
                    continue;
                }
                for (long id = 0; id < 6; id++) {
                    long packet = (s * (long) d.nodes() + t) * 8 + id;
                    List<Hop> hops = RouteWalk.walk(r, d, s, t, packet);
                    graph.addPath(hops, DragonflyRoutingTest::channel);
                    int sg = d.group(d.nodeRouter(s));
                    int tg = d.group(d.nodeRouter(t));
                    if (sg == tg) {
                        assertTrue(hops.size() <= 2, "within a group: minimal " + hops);
                        continue;
                    }
                    // exactly two global hops, the first into a group other than both ends
                    int globals = 0;
                    int prev = -1;
                    for (Hop hop : hops) {
                        assertTrue(hop.vcClass() >= prev, "classes never go down: " + hops);
                        prev = hop.vcClass();
                        if (d.isGlobalPort(hop.port())) {
                            int next = d.neighbor(hop.router(), hop.port());
                            if (globals++ == 0) {
                                int mid = d.group(next);
                                assertTrue(mid != sg && mid != tg, s + " -> " + t + " through group " + mid);
                                midGroups[mid]++;
                            }
                        }
                    }
                    assertEquals(2, globals, s + " -> " + t + ": " + hops);
                    assertTrue(hops.size() <= 7, "at most l g l l g l and the ejection: " + hops);
                    // the intermediate router: where phase 2 (class 2) starts, or where class 1 ends
                    for (int i = 0; i < hops.size(); i++) {
                        if (hops.get(i).vcClass() >= 2) {
                            midIndex[d.index(hops.get(i).router())]++;
                            break;
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), graph.cycle(), "channel dependency cycle under the four classes");
        assertTrue(graph.merged(c -> c / 8 * 8 + Math.min(c % 8, 1)).hasCycle(),
                "classes 1..3 merged should not be deadlock-free");
        for (int x = 0; x < g; x++) {
            assertTrue(midGroups[x] > 0, "group " + x + " is never an intermediate group: " + Arrays.toString(midGroups));
        }
        for (int i = 0; i < a; i++) {
            assertTrue(midIndex[i] > 0, "router index " + i + " is never intermediate: " + Arrays.toString(midIndex));
        }
    }

    @Test
    void valiantChoicesAreReproduciblePerSeedAndDifferBetweenSeeds() {
        Dragonfly d = dragonfly(2, 4, 2, 9, "absolute");
        int s = 0;
        int t = d.nodes() - 1;
        int differ = 0;
        for (long id = 0; id < 50; id++) {
            List<Hop> one = RouteWalk.walk(valiant(d, 1), d, s, t, id);
            assertEquals(one, RouteWalk.walk(valiant(d, 1), d, s, t, id));
            if (!one.equals(RouteWalk.walk(valiant(d, 2), d, s, t, id))) {
                differ++;
            }
        }
        assertTrue(differ > 25, "seeds 1 and 2 chose the same path for " + (50 - differ) + " of 50 packets");
    }

    @Test
    void otherTopologiesAndTwoGroupValiantAreRefused() {
        KAryNCube torus = new KAryNCube(4, 2, true);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> minimal(torus));
        assertTrue(e.getMessage().contains("'dragonfly-minimal' routes dragonflies"), e.getMessage());
        IllegalArgumentException two = assertThrows(IllegalArgumentException.class,
                () -> valiant(dragonfly(2, 4, 2, 2, "absolute"), 1));
        assertTrue(two.getMessage().contains("g >= 3"), two.getMessage());
        assertNotEquals(null, minimal(dragonfly(2, 4, 2, 2, "absolute")));
    }

    /**
     * Router hops of the shortest path with at most one global hop: a local hop unless the source
     * router is the gateway, the global hop, a local hop unless the link lands on the destination.
     */
    static int minimalHops(Dragonfly d, int from, int to) {
        int sg = d.group(from);
        int tg = d.group(to);
        if (sg == tg) {
            return from == to ? 0 : 1;
        }
        int gw = d.gatewayRouter(sg, tg);
        int landing = d.neighbor(gw, d.gatewayPort(sg, tg));
        return (gw == from ? 0 : 1) + 1 + (landing == to ? 0 : 1);
    }

    static int[][] distances(Topology t) {
        int[][] dist = new int[t.routers()][];
        for (int s = 0; s < t.routers(); s++) {
            int[] row = new int[t.routers()];
            Arrays.fill(row, -1);
            row[s] = 0;
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(s));
            while (!queue.isEmpty()) {
                int r = queue.poll();
                for (int port = 0; port < t.ports(r); port++) {
                    int n = t.neighbor(r, port);
                    if (n >= 0 && row[n] < 0) {
                        row[n] = row[r] + 1;
                        queue.add(n);
                    }
                }
            }
            dist[s] = row;
        }
        return dist;
    }
}
