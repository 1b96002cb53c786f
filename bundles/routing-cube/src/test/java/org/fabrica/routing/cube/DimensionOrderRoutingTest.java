package org.fabrica.routing.cube;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.testing.CandidateRecorder;
import org.fabrica.testing.DependencyGraph;
import org.fabrica.testing.GraphTopology;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.testing.TestPacket;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.KAryNCube;
import org.junit.jupiter.api.Test;

class DimensionOrderRoutingTest {

    static RoutingAlgorithm dor(Topology t, String dateline, String tie) {
        return new DorFactory().create(t, Parameters.bind(DorParameters.class, Map.of("dateline", dateline, "tie", tie)));
    }

    static RoutingAlgorithm dor(Topology t, String dateline) {
        return dor(t, dateline, "plus");
    }

    static RoutingAlgorithm dorYx(Topology t, String dateline) {
        return new DorYxFactory().create(t, Parameters.bind(DorYxParameters.class, Map.of("dateline", dateline)));
    }

    /**
     * Follows the single candidate hop by hop from src to dst ({@link RouteWalk}: one candidate,
     * asking again gives the same answer and leaves the same state), checking besides that asking
     * with any other routing state gives the same answer and leaves the same state, that the state
     * holds the class of the buffer entered, and that the packet leaves through the destination's
     * router. Returns the hops including the final ejection hop.
     */
    static List<Hop> walk(RoutingAlgorithm a, Topology t, int src, int dst, long id) {
        CandidateRecorder c = new CandidateRecorder();
        return RouteWalk.walk(a, t, src, dst, id, (router, inPort, p, hop, stateBefore) -> {
            int stateAfter = p.routingState();
            // the answer does not depend on what the state held before
            p.routingState(stateBefore == 0 ? 5 : 0);
            a.route(router, inPort, p, c.reset());
            assertEquals(hop.port(), c.port());
            assertEquals(hop.vcClass(), c.vcClass());
            assertEquals(stateAfter, p.routingState());
            assertEquals(hop.vcClass(), stateAfter, "the routing state holds the class of the buffer entered");
            if (t.terminal(router, hop.port()) == dst) {
                assertEquals(t.nodeRouter(dst), router);
            }
        });
    }

    static int minimalHops(CartesianTopology t, int a, int b) {
        int h = 0;
        for (int d = 0; d < t.dimensions(); d++) {
            int delta = Math.abs(t.coordinate(a, d) - t.coordinate(b, d));
            h += t.wraps(d) ? Math.min(delta, t.radix(d) - delta) : delta;
        }
        return h;
    }

    /** True when the hop leaves coordinate c through the link that carries the given dateline. */
    static boolean crossesWrap(CartesianTopology t, Hop h) {
        int d = h.port() / 2;
        int c = t.coordinate(h.router(), d);
        return t.wraps(d) && ((h.port() % 2 == 0) ? c == t.radix(d) - 1 : c == 0);
    }

    static boolean crossesMiddle(CartesianTopology t, Hop h) {
        int d = h.port() / 2;
        int c = t.coordinate(h.router(), d);
        int k = t.radix(d);
        return t.wraps(d) && ((h.port() % 2 == 0) ? c == k / 2 - 1 : c == k / 2);
    }

    /**
     * The schemes written as the study states them, with state carried hop by hop: an independent
     * model of what the stateless route computation must produce.
     */
    static int[] expectedClasses(CartesianTopology t, List<Hop> hops, String scheme) {
        int[] expected = new int[hops.size()];
        int cls = 0;
        int dimension = -1;
        for (int i = 0; i < hops.size(); i++) {
            Hop h = hops.get(i);
            if (h.port() == t.terminalPort()) {
                expected[i] = cls;
                continue;
            }
            int d = h.port() / 2;
            boolean entering = d != dimension;
            dimension = d;
            switch (scheme) {
                case "classic" -> {
                    if (entering) {
                        cls = 0;
                    }
                    if (crossesWrap(t, h)) {
                        cls = 1;
                    }
                }
                case "two-per-ring" -> {
                    if (crossesWrap(t, h) || crossesMiddle(t, h)) {
                        cls++;
                    }
                }
                case "wrap-aware" -> {
                    if (entering) {
                        cls = 0;
                        for (int j = i; j < hops.size() && hops.get(j).port() / 2 == d
                                && hops.get(j).port() != t.terminalPort(); j++) {
                            if (crossesWrap(t, hops.get(j))) {
                                cls = 1;
                            }
                        }
                    }
                }
                default -> cls = 0;
            }
            if (!t.wraps(d)) {
                cls = scheme.equals("two-per-ring") ? cls : 0;
            }
            expected[i] = cls;
        }
        return expected;
    }

    static void checkAllPairs(RoutingAlgorithm a, CartesianTopology t, String scheme, boolean yFirst, long ids) {
        int maxClass = 0;
        for (int src = 0; src < t.nodes(); src++) {
            for (int dst = 0; dst < t.nodes(); dst++) {
                if (src == dst) {
                    continue;
                }
                for (long id = 0; id < ids; id++) {
                    List<Hop> hops = walk(a, t, src, dst, id * 7919 + src);
                    String pair = t.describe() + " " + src + "->" + dst;
                    assertEquals(minimalHops(t, src, dst) + 1, hops.size(), "minimal path " + pair);
                    int previousDimension = yFirst ? Integer.MAX_VALUE : -1;
                    for (Hop h : hops) {
                        assertTrue(h.vcClass() >= 0 && h.vcClass() < a.vcClasses(), "class in range " + pair);
                        maxClass = Math.max(maxClass, h.vcClass());
                        if (h.port() == t.terminalPort()) {
                            continue;
                        }
                        int d = h.port() / 2;
                        assertTrue(yFirst ? d <= previousDimension : d >= previousDimension, "dimension order " + pair);
                        previousDimension = d;
                    }
                    int[] actual = hops.stream().mapToInt(Hop::vcClass).toArray();
                    assertArrayEquals(expectedClasses(t, hops, scheme), actual, "classes " + pair + " " + hops);
                }
            }
        }
        assertEquals(a.vcClasses() - 1, maxClass, "every class is used somewhere on " + t.describe());
    }

    @Test
    void everyPairArrivesMinimallyXFirstWithTheSpecifiedClasses() {
        for (int k : new int[] {2, 4, 5, 8}) {
            KAryNCube torus = new KAryNCube(k, 2, true);
            checkAllPairs(dor(torus, "classic"), torus, "classic", false, 1);
            checkAllPairs(dor(torus, "wrap-aware"), torus, "wrap-aware", false, 1);
            if (k % 2 == 0) {
                checkAllPairs(dor(torus, "two-per-ring"), torus, "two-per-ring", false, 1);
            }
        }
        KAryNCube mesh = new KAryNCube(4, 2, false);
        checkAllPairs(dor(mesh, "classic"), mesh, "none", false, 1);
        checkAllPairs(dor(mesh, "two-per-ring"), mesh, "none", false, 1);
        KAryNCube cube = new KAryNCube(4, 3, true);
        checkAllPairs(dor(cube, "two-per-ring"), cube, "two-per-ring", false, 1);
        checkAllPairs(dor(cube, "classic"), cube, "classic", false, 1);
    }

    @Test
    void dorYxCorrectsYFirst() {
        KAryNCube torus = new KAryNCube(8, 2, true);
        checkAllPairs(dorYx(torus, "classic"), torus, "classic", true, 1);
        checkAllPairs(dorYx(torus, "two-per-ring"), torus, "two-per-ring", true, 1);
        KAryNCube mesh = new KAryNCube(4, 2, false);
        checkAllPairs(dorYx(mesh, "classic"), mesh, "none", true, 1);
        List<Hop> hops = walk(dorYx(torus, "classic"), torus, torus.router(0, 0), torus.router(1, 1), 0);
        assertEquals(torus.plusPort(1), hops.get(0).port());
        assertEquals(torus.plusPort(0), hops.get(1).port());
    }

    @Test
    void packetHashTiesStayMinimalAndUseBothDirections() {
        KAryNCube torus = new KAryNCube(8, 2, true);
        RoutingAlgorithm a = dor(torus, "two-per-ring", "packet-hash");
        assertFalse(a.deterministic());
        checkAllPairs(a, torus, "two-per-ring", false, 3);
        int src = torus.router(1, 0);
        int dst = torus.router(5, 0);
        int plus = 0;
        int minus = 0;
        for (long id = 0; id < 64; id++) {
            int port = walk(a, torus, src, dst, id).get(0).port();
            if (port == torus.plusPort(0)) {
                plus++;
            } else if (port == torus.minusPort(0)) {
                minus++;
            }
        }
        assertEquals(64, plus + minus);
        assertTrue(plus > 16 && minus > 16, "plus " + plus + " minus " + minus);
        assertTrue(dor(torus, "classic").deterministic());
        assertTrue(dor(new KAryNCube(5, 2, true), "classic", "packet-hash").deterministic(), "odd k has no ties");
    }

    @Test
    void handWorkedPathsOn8x8() {
        KAryNCube t = new KAryNCube(8, 2, true);
        // classic: 6 -> 7 (class 0), 7 -> 0 crosses the wrap (class 1), 0 -> 1 (class 1); then y
        // from 0 to 7 goes - across the wrap at once (class 1 after the reset), eject on class 1
        List<Hop> hops = walk(dor(t, "classic"), t, t.router(6, 0), t.router(1, 7), 0);
        assertEquals(List.of(new Hop(t.router(6, 0), 0, 0), new Hop(t.router(7, 0), 0, 1), new Hop(t.router(0, 0), 0, 1),
                new Hop(t.router(1, 0), 3, 1), new Hop(t.router(1, 7), 4, 1)), hops);
        // classic resets in y: (6,1) -> (1,2): x ends on class 1, y starts on class 0
        hops = walk(dor(t, "classic"), t, t.router(6, 1), t.router(1, 2), 0);
        assertArrayEquals(new int[] {0, 1, 1, 0, 0}, hops.stream().mapToInt(Hop::vcClass).toArray());
        // two-per-ring: (2,2) -> (6,6), distance 4 = k/2 in both: + (tie); 3 -> 4 crosses the middle
        // dateline in x (class 1), and again in y (class 2), no reset at the turn
        hops = walk(dor(t, "two-per-ring"), t, t.router(2, 2), t.router(6, 6), 0);
        assertArrayEquals(new int[] {0, 1, 1, 1, 1, 2, 2, 2, 2}, hops.stream().mapToInt(Hop::vcClass).toArray());
        assertEquals(0, hops.get(0).port());
        assertEquals(2, hops.get(4).port());
        assertEquals(3, dor(t, "two-per-ring").vcClasses());
        assertEquals(2, dor(t, "classic").vcClasses());
    }

    @Test
    void lookAheadFromTheNextRouterDoesNotDisturbTheCurrentDecision() {
        KAryNCube t = new KAryNCube(8, 2, true);
        RoutingAlgorithm a = dor(t, "two-per-ring");
        TestPacket p = new TestPacket(1, t.router(2, 2), t.router(6, 6));
        CandidateRecorder c = new CandidateRecorder();
        int router = t.router(3, 2);
        a.route(router, t.minusPort(0), p, c.reset());
        int port = c.port();
        int cls = c.vcClass();
        int state = p.routingState();
        // the queuing scheme looks ahead one router, as the network model does, and restores the state
        a.route(t.neighbor(router, port), t.neighborPort(router, port), p, c.reset());
        assertEquals(t.plusPort(0), c.port());
        assertEquals(1, c.vcClass());
        p.routingState(state);
        a.route(router, t.minusPort(0), p, c.reset());
        assertEquals(port, c.port());
        assertEquals(cls, c.vcClass());
        assertEquals(1, cls, "3 -> 4 crosses the middle dateline");
    }

    @Test
    void meshesNeedOneClassAndTwoPerRingNeedsEvenK() {
        assertEquals(1, dor(new KAryNCube(4, 2, false), "two-per-ring").vcClasses());
        assertEquals(1, dor(new KAryNCube(5, 2, false), "two-per-ring").vcClasses(), "meshes ignore the scheme");
        assertEquals(4, dor(new KAryNCube(4, 3, true), "two-per-ring").vcClasses());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> dor(new KAryNCube(5, 2, true), "two-per-ring"));
        assertTrue(e.getMessage().contains("even"), e.getMessage());
        assertTrue(e.getMessage().contains("classic"), e.getMessage());
    }

    @Test
    void otherTopologiesAreRejectedNamingWhatIsSupported() {
        Topology star = GraphTopology.crossbar(2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dor(star, "classic"));
        assertTrue(e.getMessage().contains("CartesianTopology") && e.getMessage().contains("2-port crossbar"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> dorYx(star, "classic"));
    }

    // ---- channel dependency graph ---------------------------------------------------------

    /** Channel = (router, output port, class); an edge when a path holds one and requests the next. */
    static DependencyGraph dependencies(RoutingAlgorithm a, Topology t, int ports, long ids) {
        DependencyGraph g = new DependencyGraph();
        int classes = a.vcClasses();
        for (int src = 0; src < t.nodes(); src++) {
            for (int dst = 0; dst < t.nodes(); dst++) {
                if (src == dst) {
                    continue;
                }
                for (long id = 0; id < ids; id++) {
                    g.addPath(walk(a, t, src, dst, id * 7919 + src),
                            h -> ((long) h.router() * ports + h.port()) * classes + h.vcClass());
                }
            }
        }
        return g;
    }

    static void assertDeadlockFree(RoutingAlgorithm a, CartesianTopology t, long ids) {
        int ports = t.ports(0);
        int classes = a.vcClasses();
        DependencyGraph g = dependencies(a, t, ports, ids);
        assertFalse(g.hasCycle(), () -> "whole CDG of " + t.describe() + ": " + g.cycle());
        for (int c = 0; c < classes; c++) {
            int cls = c;
            assertFalse(g.restricted((x, y) -> x % classes == cls && y % classes == cls).hasCycle(),
                    "CDG of class " + c + " on " + t.describe());
        }
    }

    @Test
    void channelDependenciesAreAcyclicForEveryScheme() {
        for (int k : new int[] {4, 5, 8}) {
            KAryNCube torus = new KAryNCube(k, 2, true);
            assertDeadlockFree(dor(torus, "classic"), torus, 1);
            assertDeadlockFree(dor(torus, "wrap-aware"), torus, 1);
            assertDeadlockFree(dorYx(torus, "classic"), torus, 1);
            if (k % 2 == 0) {
                assertDeadlockFree(dor(torus, "two-per-ring"), torus, 1);
                assertDeadlockFree(dor(torus, "two-per-ring", "packet-hash"), torus, 4);
                assertDeadlockFree(dor(torus, "classic", "packet-hash"), torus, 4);
            }
        }
        KAryNCube mesh = new KAryNCube(4, 2, false);
        assertDeadlockFree(dor(mesh, "classic"), mesh, 1);
        KAryNCube cube = new KAryNCube(4, 3, true);
        assertDeadlockFree(dor(cube, "two-per-ring"), cube, 1);
    }

    @Test
    void theCycleCheckFindsTheRingCycleWithoutClasses() {
        // negative control: merge all classes of a torus into one and the rings close into cycles
        KAryNCube torus = new KAryNCube(8, 2, true);
        RoutingAlgorithm a = dor(torus, "classic");
        int ports = torus.ports(0);
        int classes = a.vcClasses();
        assertTrue(dependencies(a, torus, ports, 1).merged(v -> v - v % classes).hasCycle());
        // the mesh stays acyclic with its single class
        KAryNCube mesh = new KAryNCube(4, 2, false);
        RoutingAlgorithm m = dor(mesh, "classic");
        assertFalse(dependencies(m, mesh, 5, 1).hasCycle());
        assertEquals(1, m.vcClasses());
    }
}
