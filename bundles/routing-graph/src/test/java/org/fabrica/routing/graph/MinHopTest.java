package org.fabrica.routing.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.testing.CandidateRecorder;
import org.fabrica.testing.DependencyGraph;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.testing.TestPacket;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.MeshFactory;
import org.fabrica.topology.cube.MeshParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MinHopTest {
    @TempDir
    Path dir;

    static RoutingAlgorithm minHop(Topology t, String ties, String deadlock) {
        return new MinHopFactory().create(t, Parameters.bind(MinHopParameters.class, Map.of("ties", ties, "deadlock",
                deadlock)));
    }

    /** An irregular network: a triangle 0-1-2, a square 2-3-4-5 with a chord 3-5, a tail 5-6, nodes everywhere. */
    static final String IRREGULAR = "router 0 node 0 node 1 router 1 router 2\nrouter 1 node 2 router 2\n"
            + "router 2 node 3 router 3 router 5\nrouter 3 node 4 node 5 router 4 router 5\nrouter 4 node 6 router 5\n"
            + "router 5 node 7 router 6\nrouter 6 node 8 node 9\n";

    @Test
    void everyRouteIsAShortestPathAndDependsOnTheDestinationOnly() {
        for (Topology t : List.of(Networks.read(dir, "irregular.anynet", IRREGULAR),
                new MeshFactory().create(Parameters.bind(MeshParameters.class, Map.of("k", 4, "n", 2))))) {
            RoutingAlgorithm a = minHop(t, "balanced", "hop-classes");
            for (int d = 0; d < t.nodes(); d++) {
                int[] dist = distances(t, t.nodeRouter(d));
                int[] portAt = new int[t.routers()];
                Arrays.fill(portAt, -1);
                for (int s = 0; s < t.nodes(); s++) {
                    List<Hop> hops = RouteWalk.walk(a, t, s, d, s * 1000L + d);
                    assertEquals(dist[t.nodeRouter(s)] + 1, hops.size(), s + " -> " + d + " on " + t.describe());
                    for (Hop h : hops) {
                        assertTrue(portAt[h.router()] < 0 || portAt[h.router()] == h.port(),
                                "router " + h.router() + " sends node " + d + "'s packets out of one port");
                        portAt[h.router()] = h.port();
                    }
                }
            }
        }
    }

    @Test
    void balancedTiesSpreadDestinationsOverParallelLinksAndLowestPortDoesNot() {
        // two switches joined by two links (ports 3 and 4), four nodes on switch 1
        String fabric = "Switch 8 \"S-1\"\n[3] \"S-2\"[3]\n[4] \"S-2\"[4]\n[5] \"H-9\"[1]\n"
                + "Switch 8 \"S-2\"\n[1] \"H-1\"[1]\n[2] \"H-2\"[1]\n[5] \"H-3\"[1]\n[6] \"H-4\"[1]\n"
                + "Ca 1 \"H-9\"\nCa 1 \"H-1\"\nCa 1 \"H-2\"\nCa 1 \"H-3\"\nCa 1 \"H-4\"\n";
        Topology t = Networks.read(dir, "pair.ibnd", fabric);
        assertEquals(5, t.nodes());
        int[] balanced = new int[2];
        int[] lowest = new int[2];
        RoutingAlgorithm b = minHop(t, "balanced", "refuse");
        RoutingAlgorithm l = minHop(t, "lowest-port", "refuse");
        for (int d = 1; d < 5; d++) {
            balanced[RouteWalk.walk(b, t, 0, d, d).get(0).port() - 2]++;
            lowest[RouteWalk.walk(l, t, 0, d, d).get(0).port() - 2]++;
        }
        assertEquals(List.of(2, 2), List.of(balanced[0], balanced[1]), "switch ports 3 and 4 carry two nodes each");
        assertEquals(List.of(4, 0), List.of(lowest[0], lowest[1]));
    }

    @Test
    void aRingsShortestPathsHaveCyclicDependenciesWhichAreRefusedOrBrokenByHopClasses() {
        Topology ring = Networks.read(dir, "ring.anynet", Networks.ring(6));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> minHop(ring, "balanced", "refuse"));
        assertTrue(e.getMessage().contains("channel dependencies form a cycle, so the network can deadlock: router "),
                e.getMessage());
        assertTrue(e.getMessage().contains("use deadlock: hop-classes (one VC class per hop of the longest route, 3"
                + " here)"), e.getMessage());
        RoutingAlgorithm a = minHop(ring, "balanced", "hop-classes");
        assertEquals(3, a.vcClasses());
        DependencyGraph g = new DependencyGraph();
        DependencyGraph merged = new DependencyGraph();
        for (int s = 0; s < 6; s++) {
            for (int d = 0; d < 6; d++) {
                List<Hop> hops = RouteWalk.walk(a, ring, s, d, s * 6 + d);
                List<Hop> network = hops.subList(0, hops.size() - 1);
                for (int k = 0; k < network.size(); k++) {
                    assertEquals(3 - (network.size() - k), network.get(k).vcClass(), "class grows by one per hop");
                }
                g.addPath(network, h -> (h.router() * 16L + h.port()) * 4 + h.vcClass());
                merged.addPath(network, h -> h.router() * 16L + h.port());
            }
        }
        assertFalse(g.hasCycle(), "with hop classes: " + g.cycle());
        assertTrue(merged.hasCycle(), "negative control: one class per link has the ring's cycle");
    }

    @Test
    void onAMeshBalancedTiesMixXyAndYxPathsAndAreRefusedWhileLowestPortIsDimensionOrder() {
        Topology mesh = new MeshFactory().create(Parameters.bind(MeshParameters.class, Map.of("k", 4, "n", 2)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> minHop(mesh, "balanced", "refuse"));
        assertTrue(e.getMessage().contains("min-hop on 4 x 4 mesh: the routes' channel dependencies form a cycle"),
                e.getMessage());
        // the x ports come first: the lowest shortest port corrects x before y, which has no cycle
        RoutingAlgorithm xy = minHop(mesh, "lowest-port", "refuse");
        List<Hop> hops = RouteWalk.walk(xy, mesh, 0, 15, 1);
        assertEquals(List.of("x+", "x+", "x+", "y+", "y+", "y+"), hops.subList(0, 6).stream()
                .map(h -> mesh.portLabel(h.router(), h.port())).toList());
    }

    @Test
    void onATwoLevelFatTreeBalancedTiesSplitEveryLeafsRemoteDestinationsOverItsUplinks() {
        // 2 spines of 4 ports, 4 leaves of 6 (HCAs on 1-4, spine i on 5 + i), links listed on the switch side only
        StringBuilder f = new StringBuilder();
        for (int i = 0; i < 2; i++) {
            f.append("Switch 4 \"S-spine").append(i).append("\"\n");
            for (int l = 0; l < 4; l++) {
                f.append('[').append(l + 1).append("] \"S-leaf").append(l).append("\"[").append(5 + i).append("]\n");
            }
        }
        for (int l = 0; l < 4; l++) {
            f.append("Switch 6 \"S-leaf").append(l).append("\"\n");
            for (int h = 0; h < 4; h++) {
                f.append('[').append(h + 1).append("] \"H-").append(4 * l + h).append("\"[1]\n");
            }
        }
        for (int n = 0; n < 16; n++) {
            f.append("Ca 1 \"H-").append(n).append("\"\n");
        }
        Topology t = Networks.read(dir, "fat-tree.ibnd", f.toString());
        assertEquals(16, t.nodes());
        RoutingAlgorithm a = minHop(t, "balanced", "refuse");
        assertEquals(1, a.vcClasses(), "up/down paths: no dependency cycle with one class");
        for (int leaf = 2; leaf < 6; leaf++) {
            int[] up = new int[2];
            for (int d = 0; d < 16; d++) {
                if (t.nodeRouter(d) != leaf) {
                    CandidateRecorder c = new CandidateRecorder();
                    a.route(leaf, 0, new TestPacket(d, 0, d), c.reset());
                    up[Integer.parseInt(t.portLabel(leaf, c.port())) - 5]++;
                }
            }
            assertEquals(List.of(6, 6), List.of(up[0], up[1]), "leaf router " + leaf);
        }
    }

    @Test
    void aTreeIsDeadlockFreeWithOneClass() {
        Topology tree = Networks.read(dir, "tree.anynet", "router 0 router 1 router 2\nrouter 1 node 0 node 1 router 3"
                + " router 4\nrouter 2 node 2 router 5\nrouter 3 node 3\nrouter 4 node 4\nrouter 5 node 5\n");
        assertEquals(1, minHop(tree, "balanced", "refuse").vcClasses());
    }

    @Test
    void aDisconnectedTopologyIsRefused() {
        // the graph topology refuses disconnected files, so give a topology that is not connected directly
        Topology two = org.fabrica.testing.GraphTopology.builder("two routers").routers(2, 1).node(0, 0).node(1, 0)
                .build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> minHop(two, "balanced",
                "refuse"));
        assertTrue(e.getMessage().contains("min-hop: router 1 cannot reach node 0 (router 0): the network is not"
                + " connected"), e.getMessage());
    }

    static int[] distances(Topology t, int home) {
        int[] d = new int[t.routers()];
        Arrays.fill(d, -1);
        d[home] = 0;
        ArrayDeque<Integer> q = new ArrayDeque<>(List.of(home));
        while (!q.isEmpty()) {
            int r = q.poll();
            for (int p = 0; p < t.ports(r); p++) {
                int s = t.neighbor(r, p);
                if (s >= 0 && d[s] < 0) {
                    d[s] = d[r] + 1;
                    q.add(s);
                }
            }
        }
        return d;
    }
}
