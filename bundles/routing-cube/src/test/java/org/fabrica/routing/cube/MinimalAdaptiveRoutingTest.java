package org.fabrica.routing.cube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.params.Parameters;
import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.testing.CandidateRecorder;
import org.fabrica.testing.DependencyGraph;
import org.fabrica.testing.GraphTopology;
import org.fabrica.testing.TestPacket;
import org.fabrica.topology.cube.KAryNCube;
import org.junit.jupiter.api.Test;

class MinimalAdaptiveRoutingTest {

    /** A hand-made occupancy: flits held downstream of each (router, port). */
    static final class Occupancy implements NetworkOccupancy {
        final int[][] held;

        Occupancy(int routers, int ports) {
            held = new int[routers][ports];
        }

        @Override
        public int downstreamFlits(int router, int outPort) {
            return held[router][outPort];
        }

        @Override
        public int downstreamFlits(int router, int outPort, int vc) {
            return vc == 0 ? held[router][outPort] : 0;
        }

        @Override
        public int downstreamCapacity(int router, int outPort) {
            return 64;
        }

        @Override
        public int vcs() {
            return 1;
        }
    }

    static RoutingAlgorithm adaptive(KAryNCube t, Occupancy o) {
        RoutingAlgorithm a = new MinAdaptiveFactory().create(t, Parameters.defaults(MinAdaptiveParameters.class));
        assertTrue(a.readsOccupancy());
        a.occupancy(o);
        return a;
    }

    static CandidateRecorder route(RoutingAlgorithm a, KAryNCube t, int router, int source, int destination) {
        CandidateRecorder c = new CandidateRecorder();
        a.route(router, 2 * t.dimensions(), new TestPacket(7, source, destination), c);
        return c;
    }

    @Test
    void classesAndProperties() {
        KAryNCube mesh = new KAryNCube(8, 2, false);
        KAryNCube torus = new KAryNCube(4, 2, true);
        RoutingAlgorithm m = adaptive(mesh, new Occupancy(64, 5));
        RoutingAlgorithm t = adaptive(torus, new Occupancy(16, 5));
        assertEquals(2, m.vcClasses(), "escape 0 and adaptive 1 on a mesh");
        assertEquals(3, t.vcClasses(), "escape 0-1 (dateline) and adaptive 2 on a torus");
        assertFalse(m.deterministic());
        assertThrows(IllegalArgumentException.class, () -> new MinAdaptiveFactory().create(
                GraphTopology.crossbar(4), Parameters.defaults(MinAdaptiveParameters.class)));
    }

    @Test
    void emptierMinimalDirectionFirstAndTheDimensionOrderEscapeLast() {
        KAryNCube mesh = new KAryNCube(8, 2, false);
        Occupancy o = new Occupancy(64, 5);
        RoutingAlgorithm a = adaptive(mesh, o);
        int here = mesh.router(2, 2);
        int dest = mesh.router(5, 6); // x+ (port 0) and y+ (port 2) are minimal
        o.held[here][0] = 5;
        o.held[here][2] = 3;
        o.held[here][1] = 0; // x-, emptiest but not minimal
        o.held[here][3] = 0;
        CandidateRecorder c = route(a, mesh, here, mesh.router(0, 0), dest);
        assertEquals(3, c.count());
        assertEquals(2, c.port(0), "y+ holds fewer flits");
        assertEquals(1, c.vcClass(0));
        assertEquals(0, c.port(1));
        assertEquals(1, c.vcClass(1));
        assertEquals(0, c.port(2), "the escape is dimension order: x first");
        assertEquals(0, c.vcClass(2));

        o.held[here][2] = 9;
        c = route(a, mesh, here, mesh.router(0, 0), dest);
        assertEquals(0, c.port(0), "now x+ is emptier");
        assertEquals(2, c.port(1));

        o.held[here][2] = 5;
        c = route(a, mesh, here, mesh.router(0, 0), dest);
        assertEquals(0, c.port(0), "equal occupancy: lower dimension first");
        assertEquals(2, c.port(1));

        // aligned in x: one adaptive direction (y-) and the escape on the same port
        c = route(a, mesh, mesh.router(5, 7), mesh.router(0, 0), dest);
        assertEquals(2, c.count());
        assertEquals(3, c.port(0));
        assertEquals(1, c.vcClass(0));
        assertEquals(3, c.port(1));
        assertEquals(0, c.vcClass(1));

        // at the destination router: its terminal port alone
        c = route(a, mesh, dest, mesh.router(0, 0), dest);
        assertEquals(1, c.count());
        assertEquals(mesh.nodePort(dest), c.port());
    }

    @Test
    void onATorusBothWaysAtHalfTheRingAreAdaptiveAndTheEscapeHasItsDatelineClass() {
        KAryNCube torus = new KAryNCube(4, 2, true);
        Occupancy o = new Occupancy(16, 5);
        RoutingAlgorithm a = adaptive(torus, o);
        int here = torus.router(0, 1);
        int dest = torus.router(2, 1); // distance 2 = k/2 both ways in x
        o.held[here][0] = 4;
        o.held[here][1] = 1;
        CandidateRecorder c = route(a, torus, here, here, dest);
        assertEquals(3, c.count());
        assertEquals(1, c.port(0), "x- is emptier");
        assertEquals(2, c.vcClass(0));
        assertEquals(0, c.port(1));
        assertEquals(2, c.vcClass(1));
        assertEquals(0, c.port(2), "escape: + at a tie, as dor");
        assertEquals(0, c.vcClass(2));

        // a packet from (3, 1) at (3, 1) going + to (1, 1) crosses the wrap on its first hop: class 1
        c = route(a, torus, torus.router(3, 1), torus.router(3, 1), torus.router(1, 1));
        assertEquals(0, c.port(c.count() - 1));
        assertEquals(1, c.vcClass(c.count() - 1));
        // after the crossing (at (0, 1)) the escape keeps class 1 in x
        c = route(a, torus, torus.router(0, 1), torus.router(3, 1), torus.router(1, 1));
        assertEquals(1, c.vcClass(c.count() - 1));
        // entering y, it restarts at class 0
        c = route(a, torus, torus.router(1, 1), torus.router(3, 1), torus.router(1, 2));
        assertEquals(2, c.port(c.count() - 1));
        assertEquals(0, c.vcClass(c.count() - 1));
    }

    /**
     * Duato's condition checked exhaustively: for every pair and every minimal path (every path the
     * adaptive class allows), a packet that holds the escape channel of a hop it took may later
     * request the escape channel of any router further on its path. These direct and indirect
     * dependencies of the escape channels (router, port, class) have no cycle; and every candidate
     * is minimal, in range, with the escape last.
     */
    @Test
    void theEscapeChannelsExtendedDependencyGraphIsAcyclic() {
        for (KAryNCube t : List.of(new KAryNCube(4, 2, true), new KAryNCube(5, 2, true),
                new KAryNCube(5, 2, false), new KAryNCube(3, 3, true), new KAryNCube(6, 2, true))) {
            RoutingAlgorithm a = adaptive(t, new Occupancy(t.routers(), 2 * t.dimensions() + 1));
            DependencyGraph g = new DependencyGraph();
            for (int s = 0; s < t.routers(); s++) {
                for (int d = 0; d < t.routers(); d++) {
                    if (s != d) {
                        paths(a, t, s, d, s, new ArrayList<>(), new ArrayList<>(), g);
                    }
                }
            }
            assertTrue(g.dependencies() > 0);
            assertFalse(g.hasCycle(), t.describe() + ": " + g.cycle());
        }
        // the negative control: one escape class on a torus (classes merged) has the ring cycles
        KAryNCube t = new KAryNCube(4, 2, true);
        RoutingAlgorithm a = adaptive(t, new Occupancy(t.routers(), 5));
        DependencyGraph g = new DependencyGraph();
        for (int s = 0; s < t.routers(); s++) {
            for (int d = 0; d < t.routers(); d++) {
                if (s != d) {
                    paths(a, t, s, d, s, new ArrayList<>(), new ArrayList<>(), g);
                }
            }
        }
        assertTrue(g.merged(ch -> ch / 4 * 4).hasCycle());
    }

    /** Walks every minimal path from {@code at}; {@code taken}/{@code escapes}: per hop so far, escape id or -1. */
    private static void paths(RoutingAlgorithm a, KAryNCube t, int s, int d, int at, List<Long> held,
            List<Long> escapes, DependencyGraph g) {
        if (at == d) {
            return;
        }
        CandidateRecorder c = new CandidateRecorder();
        TestPacket p = new TestPacket(1, s, d);
        a.route(at, 2 * t.dimensions(), p, c);
        int count = c.count();
        int adaptiveClass = a.vcClasses() - 1;
        int escapePort = c.port(count - 1);
        int escapeClass = c.vcClass(count - 1);
        assertTrue(escapeClass < adaptiveClass);
        long escape = ((long) at * 64 + escapePort) * 4 + escapeClass;
        // every channel held earlier may wait for this escape channel
        for (long h : held) {
            g.add(h, escape);
        }
        int here = DimensionOrderRoutingTest.minimalHops(t, at, d);
        for (int i = 0; i < count - 1; i++) {
            assertEquals(adaptiveClass, c.vcClass(i));
            int next = t.neighbor(at, c.port(i));
            assertEquals(here - 1, DimensionOrderRoutingTest.minimalHops(t, next, d), "adaptive hops are minimal");
            List<Long> h = held;
            if (c.port(i) == escapePort) {
                h = new ArrayList<>(held);
                h.add(escape);
            }
            paths(a, t, s, d, next, h, escapes, g);
        }
        assertTrue(contains(c, escapePort, count - 1), "the escape port is among the adaptive ones");
    }

    private static boolean contains(CandidateRecorder c, int port, int count) {
        for (int i = 0; i < count; i++) {
            if (c.port(i) == port) {
                return true;
            }
        }
        return false;
    }
}
