package org.example.fabrica.westfirst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.example.fabrica.westfirst.WestFirstParameters.Preference;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;

/**
 * Checks west-first on small meshes and tori: every candidate path is minimal on the mesh and
 * ends at the destination's terminal port, no path turns into the west direction, no wrap-around
 * link is used, and the channel dependency graph is acyclic (Dally and Seitz: no deadlock with one
 * VC class).
 */
class WestFirstRoutingTest {

    /** A k0 x k1 mesh or torus with the port numbering of {@link CartesianTopology}. */
    static class Grid implements CartesianTopology {
        final int k0;
        final int k1;
        final boolean wraps;

        Grid(int k0, int k1, boolean wraps) {
            this.k0 = k0;
            this.k1 = k1;
            this.wraps = wraps;
        }

        @Override public int dimensions() { return 2; }
        @Override public int radix(int d) { return d == 0 ? k0 : k1; }
        @Override public boolean wraps(int d) { return wraps; }
        @Override public int coordinate(int r, int d) { return d == 0 ? r % k0 : r / k0; }
        @Override public int nodes() { return k0 * k1; }
        @Override public int routers() { return k0 * k1; }
        @Override public int ports(int r) { return 5; }
        @Override public int terminal(int r, int p) { return p == 4 ? r : -1; }
        @Override public int nodeRouter(int n) { return n; }
        @Override public int nodePort(int n) { return 4; }
        @Override public String describe() { return k0 + " x " + k1 + (wraps ? " torus" : " mesh"); }

        @Override
        public int neighbor(int r, int p) {
            if (p >= 4) {
                return -1;
            }
            int d = p / 2;
            int step = p % 2 == 0 ? 1 : -1;
            int c = coordinate(r, d) + step;
            int k = radix(d);
            if (c < 0 || c >= k) {
                if (!wraps) {
                    return -1;
                }
                c = (c + k) % k;
            }
            return d == 0 ? r / k0 * k0 + c : c * k0 + r % k0;
        }

        @Override
        public int neighborPort(int r, int p) {
            return neighbor(r, p) < 0 ? -1 : p ^ 1;
        }
    }

    static final class Packet implements PacketView {
        int destination;
        int state;

        @Override public long id() { return 1; }
        @Override public int source() { return 0; }
        @Override public int destination() { return destination; }
        @Override public int length() { return 8; }
        @Override public long created() { return 0; }
        @Override public int routingState() { return state; }
        @Override public void routingState(int s) { state = s; }
    }

    static final class Candidates implements RouteCandidates {
        final List<int[]> list = new ArrayList<>();

        @Override
        public void add(int outPort, int vcClass) {
            list.add(new int[] {outPort, vcClass});
        }
    }

    static WestFirstParameters parameters(Preference preference) {
        return new WestFirstParameters() {
            @Override
            public Preference preference() {
                return preference;
            }

            @Override
            public Class<? extends Annotation> annotationType() {
                return WestFirstParameters.class;
            }
        };
    }

    static RoutingAlgorithm create(Grid grid, Preference preference) {
        return new WestFirstRoutingFactory().create(grid, parameters(preference));
    }

    static List<int[]> candidates(RoutingAlgorithm routing, int router, int destination) {
        Packet p = new Packet();
        p.destination = destination;
        Candidates c = new Candidates();
        routing.route(router, 4, p, c);
        assertFalse(c.list.isEmpty(), "no candidate at router " + router + " for " + destination);
        for (int[] cand : c.list) {
            assertEquals(0, cand[1], "VC class out of range");
        }
        return c.list;
    }

    /**
     * Follows every candidate at every hop from every source to every destination: each path
     * has exactly the mesh distance in hops, ends on the destination's terminal port, uses only
     * existing non-wrapping links and never goes west after a non-west hop.
     */
    void checkAllPaths(Grid grid, Preference preference) {
        RoutingAlgorithm routing = create(grid, preference);
        for (int s = 0; s < grid.routers(); s++) {
            for (int d = 0; d < grid.nodes(); d++) {
                int distance = Math.abs(grid.coordinate(d, 0) - grid.coordinate(s, 0))
                        + Math.abs(grid.coordinate(d, 1) - grid.coordinate(s, 1));
                walk(grid, routing, s, d, 0, distance, false);
            }
        }
    }

    private void walk(Grid grid, RoutingAlgorithm routing, int router, int destination, int hops, int distance,
            boolean leftWest) {
        for (int[] c : candidates(routing, router, destination)) {
            int port = c[0];
            if (port == 4) {
                assertEquals(destination, router, "terminal port before the destination");
                assertEquals(distance, hops, "non-minimal path");
                continue;
            }
            int next = grid.neighbor(router, port);
            assertTrue(next >= 0, "port " + port + " of router " + router + " has no link");
            int d = port / 2;
            assertEquals(1, Math.abs(grid.coordinate(next, d) - grid.coordinate(router, d)),
                    "wrap-around link used at router " + router);
            boolean west = port == 1;
            assertFalse(west && leftWest, "turn into the west direction at router " + router);
            assertTrue(hops < distance, "path longer than the mesh distance");
            walk(grid, routing, next, destination, hops + 1, distance, leftWest || !west);
        }
    }

    @Test
    void everyPathIsMinimalAndWestFirstOnAMesh() {
        for (Preference p : Preference.values()) {
            checkAllPaths(new Grid(5, 4, false), p);
        }
    }

    @Test
    void onATorusNoWrapAroundLinkIsUsed() {
        checkAllPaths(new Grid(4, 5, true), Preference.LARGER_OFFSET);
    }

    /** Channels are (router, out port); an edge c1 -> c2 when a packet can hold c1 and request c2. */
    @Test
    void channelDependencyGraphIsAcyclic() {
        for (boolean wraps : new boolean[] {false, true}) {
            Grid grid = new Grid(5, 5, wraps);
            RoutingAlgorithm routing = create(grid, Preference.LARGER_OFFSET);
            Map<Integer, Set<Integer>> edges = new HashMap<>();
            for (int d = 0; d < grid.nodes(); d++) {
                for (int r = 0; r < grid.routers(); r++) {
                    for (int[] c : candidates(routing, r, d)) {
                        if (c[0] == 4) {
                            continue;
                        }
                        int next = grid.neighbor(r, c[0]);
                        for (int[] c2 : candidates(routing, next, d)) {
                            if (c2[0] != 4) {
                                edges.computeIfAbsent(r * 5 + c[0], k -> new HashSet<>()).add(next * 5 + c2[0]);
                            }
                        }
                    }
                }
            }
            assertFalse(edges.isEmpty());
            assertFalse(hasCycle(edges), "cyclic channel dependencies on " + grid.describe());
        }
    }

    private static boolean hasCycle(Map<Integer, Set<Integer>> edges) {
        Map<Integer, Integer> color = new HashMap<>();
        for (Integer start : edges.keySet()) {
            if (visit(start, edges, color)) {
                return true;
            }
        }
        return false;
    }

    private static boolean visit(int node, Map<Integer, Set<Integer>> edges, Map<Integer, Integer> color) {
        int c = color.getOrDefault(node, 0);
        if (c == 1) {
            return true;
        }
        if (c == 2) {
            return false;
        }
        color.put(node, 1);
        for (int next : edges.getOrDefault(node, Set.of())) {
            if (visit(next, edges, color)) {
                return true;
            }
        }
        color.put(node, 2);
        return false;
    }

    @Test
    void preferenceOrdersTheAdaptiveCandidates() {
        Grid grid = new Grid(8, 8, false);
        int from = 0; // (0,0)
        int to = 2 + 5 * 8; // (2,5): east and north both productive
        assertEquals(List.of(2, 0), ports(create(grid, Preference.LARGER_OFFSET), from, to));
        assertEquals(List.of(0, 2), ports(create(grid, Preference.X_FIRST), from, to));
        assertEquals(List.of(2, 0), ports(create(grid, Preference.Y_FIRST), from, to));
        // west needed: west is the only candidate, whatever the preference
        assertEquals(List.of(1), ports(create(grid, Preference.Y_FIRST), 7 + 8, 0));
        assertEquals(List.of(4), ports(create(grid, Preference.X_FIRST), 9, 9));
    }

    private static List<Integer> ports(RoutingAlgorithm routing, int router, int destination) {
        List<Integer> out = new ArrayList<>();
        for (int[] c : candidates(routing, router, destination)) {
            out.add(c[0]);
        }
        return out;
    }

    @Test
    void declaresOneVcClassAndAdaptivity() {
        RoutingAlgorithm routing = create(new Grid(4, 4, false), Preference.LARGER_OFFSET);
        assertEquals(1, routing.vcClasses());
        assertFalse(routing.deterministic());
        assertEquals(WestFirstParameters.class, new WestFirstRoutingFactory().parameterType());
    }

    @Test
    void rejectsTopologiesItCannotRoute() {
        Grid grid3d = new Grid(4, 4, false) {
            @Override
            public int dimensions() {
                return 3;
            }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> create(grid3d, Preference.LARGER_OFFSET));
        assertTrue(e.getMessage().contains("3 dimensions"), e.getMessage());
        Topology tree = new Grid(4, 4, false);
        Topology notCartesian = new Topology() {
            @Override public int nodes() { return tree.nodes(); }
            @Override public int routers() { return tree.routers(); }
            @Override public int ports(int r) { return 5; }
            @Override public int neighbor(int r, int p) { return tree.neighbor(r, p); }
            @Override public int neighborPort(int r, int p) { return tree.neighborPort(r, p); }
            @Override public int terminal(int r, int p) { return tree.terminal(r, p); }
            @Override public int nodeRouter(int n) { return n; }
            @Override public int nodePort(int n) { return 4; }
            @Override public String describe() { return "a fat tree"; }
        };
        e = assertThrows(IllegalArgumentException.class,
                () -> new WestFirstRoutingFactory().create(notCartesian, parameters(Preference.X_FIRST)));
        assertTrue(e.getMessage().contains("'a fat tree' is not a k-ary n-cube"), e.getMessage());
    }
}
