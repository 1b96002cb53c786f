package org.fabrica.routing.kns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fabrica.params.ParameterException;
import org.fabrica.params.Parameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.testing.DependencyGraph;
import org.fabrica.testing.GraphTopology;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.topology.KnsTopology;
import org.fabrica.topology.kns.KAryNDirectSIndirect;
import org.junit.jupiter.api.Test;

class HybridDimensionOrderRoutingTest {
    private static final KAryNDirectSIndirect KNS_4_2 = new KAryNDirectSIndirect(4, 2);

    private static RoutingAlgorithm routing(KnsTopology t, Map<String, Object> parameters) {
        return new KnsDorFactory().create(t, Parameters.bind(KnsDorParameters.class, parameters, "routing 'kns-dor'"));
    }

    private static List<Hop> path(RoutingAlgorithm r, KnsTopology t, int source, int destination) {
        return RouteWalk.walk(r, t, source, destination, 1);
    }

    @Test
    void xyGoesThroughTheXSwitchThenTheYSwitch() {
        // 0 -> 5: node 0 -> X switch of line y = 0 (router 16) -> node 1 -> Y switch of line x = 1 (router 21) -> node 5
        List<Hop> hops = path(routing(KNS_4_2, Map.of()), KNS_4_2, 0, 5);
        assertEquals(List.of(new Hop(0, 0, 0), new Hop(16, 1, 0), new Hop(1, 1, 0), new Hop(21, 1, 0), new Hop(5, 2, 0)),
                hops);
    }

    @Test
    void yxGoesThroughTheYSwitchThenTheXSwitch() {
        // 0 -> 5: node 0 -> Y switch of line x = 0 (router 20) -> node 4 -> X switch of line y = 1 (router 17) -> node 5
        List<Hop> hops = path(routing(KNS_4_2, Map.of("order", "yx")), KNS_4_2, 0, 5);
        assertEquals(List.of(new Hop(0, 1, 0), new Hop(20, 1, 0), new Hop(4, 0, 0), new Hop(17, 1, 0), new Hop(5, 2, 0)),
                hops);
        // a pair that differs only in x takes the same path in both orders
        assertEquals(path(routing(KNS_4_2, Map.of()), KNS_4_2, 4, 7),
                path(routing(KNS_4_2, Map.of("order", "yx")), KNS_4_2, 4, 7));
    }

    @Test
    void orderNetworkTakesXyInNetworkZeroAndYxInNetworkOne() {
        RoutingAlgorithm r = routing(KNS_4_2, Map.of("order", "network"));
        org.fabrica.testing.CandidateRecorder c = new org.fabrica.testing.CandidateRecorder();
        org.fabrica.testing.TestPacket p = new org.fabrica.testing.TestPacket(1, 0, 5);
        r.route(0, KNS_4_2.terminalPort(), p, c.reset());
        assertEquals(0, c.port(), "network 0 leaves node 0 to its X switch");
        p.virtualNetwork(1);
        r.route(0, KNS_4_2.terminalPort(), p, c.reset());
        assertEquals(1, c.port(), "network 1 leaves node 0 to its Y switch");
        assertEquals(0, c.vcClass(), "the queuing scheme keeps the networks apart, not the VC class");
        p.virtualNetwork(2);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> r.route(0, KNS_4_2.terminalPort(), p, c.reset()));
        assertTrue(e.getMessage().contains("is in network 2"), e.getMessage());
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> routing(KNS_4_2, Map.of("order", "network", "virtualNetworks", true)));
        assertTrue(both.getMessage().contains("remove 'yxSources' and 'virtualNetworks'"), both.getMessage());
    }

    @Test
    void inThreeDimensionsTheOrdersAreXyzAndYxz() {
        KAryNDirectSIndirect t = new KAryNDirectSIndirect(3, 3);
        int source = t.node(0, 0, 0);
        int destination = t.node(2, 1, 2);
        assertEquals(List.of(0, 1, 2), interfaceDimensions(t, path(routing(t, Map.of()), t, source, destination)));
        assertEquals(List.of(1, 0, 2), interfaceDimensions(t, path(routing(t, Map.of("order", "yx")), t, source, destination)));
    }

    /** The dimensions whose switches a path enters, in order. */
    private static List<Integer> interfaceDimensions(KnsTopology t, List<Hop> hops) {
        return hops.stream().filter(h -> t.switchDimension(h.router()) >= 0).map(h -> t.switchDimension(h.router())).toList();
    }

    @Test
    void everyPairCrossesOneSwitchPerDifferingCoordinateInBothOrders() {
        for (KAryNDirectSIndirect t : List.of(KNS_4_2, new KAryNDirectSIndirect(3, 3), new KAryNDirectSIndirect(5, 1),
                new KAryNDirectSIndirect(2, 4))) {
            for (String order : List.of("xy", "yx")) {
                RoutingAlgorithm r = routing(t, Map.of("order", order));
                int worst = 0;
                for (int s = 0; s < t.nodes(); s++) {
                    for (int d = 0; d < t.nodes(); d++) {
                        List<Hop> hops = path(r, t, s, d);
                        int differing = 0;
                        for (int e = 0; e < t.dimensions(); e++) {
                            differing += t.coordinate(s, e) != t.coordinate(d, e) ? 1 : 0;
                        }
                        // interface, switch per corrected coordinate, ..., then the destination's terminal port
                        assertEquals(2 * differing + 1, hops.size(), s + " -> " + d + " " + order + " on " + t.describe());
                        assertTrue(differing <= t.dimensions());
                        worst = Math.max(worst, differing);
                        Hop last = hops.get(hops.size() - 1);
                        assertEquals(d, last.router());
                        assertEquals(t.terminalPort(), last.port());
                        for (Hop h : hops) {
                            assertEquals(0, h.vcClass(), "one VC class without virtual networks");
                        }
                    }
                }
                assertEquals(t.dimensions(), worst, "some pair is n switch hops apart on " + t.describe());
            }
        }
    }

    @Test
    void interfacesForwardTransitPacketsWithoutTheirHost() {
        // at node 1 a packet 0 -> 5 (XY) arrives from the X switch and leaves on the Y port, not the terminal port
        List<Hop> hops = path(routing(KNS_4_2, Map.of()), KNS_4_2, 0, 5);
        Hop atOne = hops.get(2);
        assertEquals(1, atOne.router());
        assertEquals(KNS_4_2.interfacePort(1), atOne.port());
    }

    @Test
    void yxSourcesTakeTheYxOrderAndVirtualNetworksSeparateTheClasses() {
        RoutingAlgorithm mixed = routing(KNS_4_2, Map.of("yxSources", List.of(1, 4)));
        assertEquals(1, mixed.vcClasses());
        assertEquals(path(routing(KNS_4_2, Map.of("order", "yx")), KNS_4_2, 1, 4), path(mixed, KNS_4_2, 1, 4));
        assertEquals(path(routing(KNS_4_2, Map.of()), KNS_4_2, 0, 5), path(mixed, KNS_4_2, 0, 5));
        RoutingAlgorithm vns = routing(KNS_4_2, Map.of("yxSources", List.of(1, 4), "virtualNetworks", true));
        assertEquals(2, vns.vcClasses());
        for (Hop h : path(vns, KNS_4_2, 1, 4)) {
            assertEquals(1, h.vcClass(), "yx paths in the second virtual network, terminal hop included");
        }
        for (Hop h : path(vns, KNS_4_2, 0, 5)) {
            assertEquals(0, h.vcClass(), "xy paths in the first virtual network");
        }
        RoutingAlgorithm allYx = routing(KNS_4_2, Map.of("order", "yx", "virtualNetworks", true));
        assertEquals(1, path(allYx, KNS_4_2, 0, 5).get(0).vcClass());
    }

    @Test
    void eachOrderAloneIsDeadlockFreeAndMixingThemInOneClassIsNot() {
        for (KAryNDirectSIndirect t : List.of(KNS_4_2, new KAryNDirectSIndirect(3, 3))) {
            assertFalse(dependencies(t, routing(t, Map.of()), allPairs(t)).hasCycle(), "xy on " + t.describe());
            assertFalse(dependencies(t, routing(t, Map.of("order", "yx")), allPairs(t)).hasCycle(), "yx on " + t.describe());
            // the nodes whose coordinates add up to an odd number take yx (on 4-ary 2-direct: 1 and 4 among
            // them, 0 and 5 not, as in the study's example): both orders share the buffers of class 0
            int[] odd = java.util.stream.IntStream.range(0, t.nodes())
                    .filter(v -> java.util.stream.IntStream.range(0, t.dimensions()).map(e -> t.coordinate(v, e)).sum() % 2 == 1)
                    .toArray();
            assertTrue(dependencies(t, routing(t, Map.of("yxSources", odd)), allPairs(t)).hasCycle(),
                    "mixed orders in one class on " + t.describe());
            assertFalse(dependencies(t, routing(t, Map.of("yxSources", odd, "virtualNetworks", true)), allPairs(t))
                    .hasCycle(), "mixed orders in two virtual networks on " + t.describe());
        }
    }

    @Test
    void theFourFlowsOfTheStudysExampleCloseACycleInOneClass() {
        int[][] flows = {{0, 5}, {5, 0}, {1, 4}, {4, 1}};
        DependencyGraph one = dependencies(KNS_4_2, routing(KNS_4_2, Map.of("yxSources", List.of(1, 4))), flows);
        List<Long> cycle = one.cycle();
        assertFalse(cycle.isEmpty());
        // the cycle runs through the network links of all four interfaces 0, 1, 4, 5
        assertEquals(java.util.Set.of(0, 1, 4, 5), cycle.stream().map(c -> (int) (c >>> 40)).filter(r -> r < 16)
                .collect(java.util.stream.Collectors.toSet()));
        assertFalse(dependencies(KNS_4_2, routing(KNS_4_2, Map.of("yxSources", List.of(1, 4), "virtualNetworks", true)),
                flows).hasCycle());
    }

    private static int[][] allPairs(KnsTopology t) {
        int[][] pairs = new int[t.nodes() * t.nodes()][];
        for (int s = 0; s < t.nodes(); s++) {
            for (int d = 0; d < t.nodes(); d++) {
                pairs[s * t.nodes() + d] = new int[] {s, d};
            }
        }
        return pairs;
    }

    /** Channel (router, port, VC class) dependencies of the given flows' paths. */
    private static DependencyGraph dependencies(KnsTopology t, RoutingAlgorithm r, int[][] flows) {
        DependencyGraph g = new DependencyGraph();
        for (int[] f : flows) {
            g.addPath(RouteWalk.walk(r, t, f[0], f[1], 1), h -> ((long) h.router() << 40) | ((long) h.port() << 8) | h.vcClass());
        }
        return g;
    }

    @Test
    void askingTwiceGivesTheSameAnswerAndTheRouteIsDeterministic() {
        // RouteWalk asks every router twice and fails on a different answer; the algorithm says so too
        RoutingAlgorithm r = routing(KNS_4_2, Map.of("yxSources", List.of(3)));
        assertTrue(r.deterministic());
        assertEquals(path(r, KNS_4_2, 3, 12), RouteWalk.walk(r, KNS_4_2, 3, 12, 99));
    }

    @Test
    void refusesATopologyThatIsNotKns() {
        GraphTopology crossbar = GraphTopology.crossbar(4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new KnsDorFactory()
                .create(crossbar, Parameters.defaults(KnsDorParameters.class)));
        assertTrue(e.getMessage().contains("routing 'kns-dor' routes k-ary n-direct s-indirect topologies"), e.getMessage());
        assertTrue(e.getMessage().contains("4-port crossbar"), e.getMessage());
        assertTrue(e.getMessage().contains("choose topology 'kns'"), e.getMessage());
    }

    @Test
    void refusesSourcesOutsideTheNetworkAndYxSourcesWithOrderYx() {
        IllegalArgumentException outside = assertThrows(IllegalArgumentException.class,
                () -> routing(KNS_4_2, Map.of("yxSources", List.of(1, 16))));
        assertTrue(outside.getMessage().contains("'yxSources' names node 16"), outside.getMessage());
        assertTrue(outside.getMessage().contains("nodes 0..15"), outside.getMessage());
        IllegalArgumentException redundant = assertThrows(IllegalArgumentException.class,
                () -> routing(KNS_4_2, Map.of("order", "yx", "yxSources", List.of(1))));
        assertTrue(redundant.getMessage().contains("remove 'yxSources' or set 'order' to xy"), redundant.getMessage());
        ParameterException negative = assertThrows(ParameterException.class,
                () -> Parameters.bind(KnsDorParameters.class, Map.of("yxSources", List.of(-1))));
        assertTrue(negative.getMessage().contains("'yxSources' = -1 is out of range"), negative.getMessage());
        assertThrows(ParameterException.class, () -> Parameters.bind(KnsDorParameters.class, Map.of("order", "zx")));
    }

    @Test
    void routeAllocatesNothing() {
        // the network model calls route once per head flit and router: it must not allocate
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        KAryNDirectSIndirect t = new KAryNDirectSIndirect(4, 3);
        RoutingAlgorithm r = routing(t, Map.of("yxSources", List.of(1, 2, 3), "virtualNetworks", true));
        org.fabrica.testing.TestPacket[] packets = new org.fabrica.testing.TestPacket[t.nodes()];
        for (int s = 0; s < t.nodes(); s++) {
            packets[s] = new org.fabrica.testing.TestPacket(s, s, (s * 7 + 5) % t.nodes());
        }
        org.fabrica.testing.CandidateRecorder out = new org.fabrica.testing.CandidateRecorder();
        int sum = 0;
        for (int round = 0; round < 2; round++) {
            long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
            for (int i = 0; i < 200; i++) {
                for (int router = 0; router < t.routers(); router++) {
                    r.route(router, 0, packets[(router + i) % t.nodes()], out.reset());
                    sum += out.port();
                }
            }
            long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
            // round 0 warms up (class loading, first compilation); round 1 is measured
            if (round == 1) {
                assertTrue(allocated < 1024, allocated + " bytes allocated by " + 200 * t.routers() + " route calls");
            }
        }
        assertTrue(sum > 0);
    }
}
