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

    // ---- s > 1: up/down through each line's r-ary s-tree ----

    private static final KAryNDirectSIndirect KNS_4_2_2 = new KAryNDirectSIndirect(4, 2, 2);
    private static final List<KAryNDirectSIndirect> MULTISTAGE = List.of(KNS_4_2_2, new KAryNDirectSIndirect(9, 2, 2),
            new KAryNDirectSIndirect(8, 2, 3), new KAryNDirectSIndirect(4, 3, 2));

    /** Common-ancestor level H of coordinates a and b in an r-ary tree: 0 when they share a leaf switch. */
    private static int ancestorLevel(int a, int b, int r) {
        int h = 0;
        for (a /= r, b /= r; a != b; a /= r, b /= r) {
            h++;
        }
        return h;
    }

    @Test
    void multistageEveryPairArrivesCrossing2HPlus1SwitchesPerDimensionInItsOrder() {
        for (KAryNDirectSIndirect t : MULTISTAGE) {
            int r = t.switchArity();
            int bound = t.dimensions() * (2 * t.indirectStages() - 1);
            for (String order : List.of("xy", "yx")) {
                RoutingAlgorithm routing = routing(t, Map.of("order", order));
                int[] dimensions = DimensionOrder.valueOf(order.toUpperCase()).dimensions(t.dimensions());
                int worst = 0;
                for (int s = 0; s < t.nodes(); s++) {
                    for (int d = 0; d < t.nodes(); d++) {
                        List<Hop> hops = path(routing, t, s, d);
                        Hop last = hops.get(hops.size() - 1);
                        assertEquals(d, last.router());
                        assertEquals(t.terminalPort(), last.port());
                        // the switches crossed, dimension by dimension in the order: 2H + 1 per differing coordinate
                        List<Integer> expected = new java.util.ArrayList<>();
                        int switches = 0;
                        for (int e : dimensions) {
                            int a = t.coordinate(s, e);
                            int b = t.coordinate(d, e);
                            if (a != b) {
                                int count = 2 * ancestorLevel(a, b, r) + 1;
                                for (int i = 0; i < count; i++) {
                                    expected.add(e);
                                }
                                switches += count;
                            }
                        }
                        String pair = s + " -> " + d + " " + order + " on " + t.describe();
                        assertEquals(expected, interfaceDimensions(t, hops), pair);
                        assertTrue(switches <= bound, pair);
                        worst = Math.max(worst, switches);
                        // interfaces on the way: one per corrected coordinate, then the destination
                        long interfaces = hops.stream().filter(h -> t.interfaceNode(h.router()) >= 0).count();
                        assertEquals(hops.size() - switches, interfaces, pair);
                    }
                }
                assertEquals(bound, worst, "some pair is n (2s - 1) switches apart on " + t.describe());
            }
        }
    }

    @Test
    void multistageClimbsThenDescendsAndEveryDestinationHasOneDownwardTreePerLine() {
        for (KAryNDirectSIndirect t : MULTISTAGE) {
            RoutingAlgorithm routing = routing(t, Map.of("order", "yx"));
            // (destination, dimension, line, level) -> the switch a packet descends from at that level
            Map<List<Integer>, Integer> descendFrom = new java.util.HashMap<>();
            for (int s = 0; s < t.nodes(); s++) {
                for (int d = 0; d < t.nodes(); d++) {
                    int line = -1;
                    int previousLevel = -1;
                    boolean descending = false;
                    for (Hop h : path(routing, t, s, d)) {
                        int dimension = t.switchDimension(h.router());
                        if (dimension < 0) {
                            if (h.port() < t.dimensions()) {
                                line = t.line(h.router(), h.port());
                            }
                            previousLevel = -1;
                            descending = false;
                            continue;
                        }
                        int level = t.switchLevel(h.router());
                        boolean down = h.port() < t.switchArity();
                        String where = s + " -> " + d + " at router " + h.router() + " on " + t.describe();
                        // up/down: levels rise by one until the turn, then fall by one; never up after down
                        assertTrue(descending ? level == previousLevel - 1 : level == previousLevel + 1, where);
                        assertFalse(descending && !down, "up after down " + where);
                        if (down) {
                            descending = true;
                            Integer before = descendFrom.putIfAbsent(List.of(d, dimension, line, level), h.router());
                            assertTrue(before == null || before == h.router(),
                                    "two switches of one level lead down to " + d + ": " + before + " and " + where);
                        }
                        previousLevel = level;
                    }
                }
            }
        }
    }

    @Test
    void multistageOrderNetworkFollowsXyInNetworkZeroAndYxInNetworkOneAtEveryRouter() {
        for (KAryNDirectSIndirect t : List.of(KNS_4_2_2, new KAryNDirectSIndirect(8, 2, 3))) {
            RoutingAlgorithm network = routing(t, Map.of("order", "network"));
            RoutingAlgorithm xy = routing(t, Map.of());
            RoutingAlgorithm yx = routing(t, Map.of("order", "yx"));
            org.fabrica.testing.CandidateRecorder a = new org.fabrica.testing.CandidateRecorder();
            org.fabrica.testing.CandidateRecorder b = new org.fabrica.testing.CandidateRecorder();
            for (int router = 0; router < t.routers(); router++) {
                for (int d = 0; d < t.nodes(); d++) {
                    org.fabrica.testing.TestPacket p = new org.fabrica.testing.TestPacket(1, (d + 1) % t.nodes(), d);
                    for (int vn = 0; vn < 2; vn++) {
                        p.virtualNetwork(vn);
                        network.route(router, 0, p, a.reset());
                        (vn == 0 ? xy : yx).route(router, 0, p, b.reset());
                        assertEquals(b.port(), a.port(), "router " + router + " to " + d + " in network " + vn);
                        assertEquals(0, a.vcClass());
                    }
                }
            }
        }
    }

    @Test
    void multistageEachOrderIsDeadlockFreeAndMixingThemInOneClassIsNot() {
        for (KAryNDirectSIndirect t : List.of(KNS_4_2_2, new KAryNDirectSIndirect(8, 2, 3))) {
            assertFalse(dependencies(t, routing(t, Map.of()), allPairs(t)).hasCycle(), "xy on " + t.describe());
            assertFalse(dependencies(t, routing(t, Map.of("order", "yx")), allPairs(t)).hasCycle(), "yx on " + t.describe());
            int[] odd = java.util.stream.IntStream.range(0, t.nodes())
                    .filter(v -> (t.coordinate(v, 0) + t.coordinate(v, 1)) % 2 == 1).toArray();
            assertTrue(dependencies(t, routing(t, Map.of("yxSources", odd)), allPairs(t)).hasCycle(),
                    "mixed orders in one class on " + t.describe());
            RoutingAlgorithm vns = routing(t, Map.of("yxSources", odd, "virtualNetworks", true));
            assertFalse(dependencies(t, vns, allPairs(t)).hasCycle(), "mixed orders in two virtual networks on "
                    + t.describe());
            for (Hop h : path(vns, t, odd[0], 0)) {
                assertEquals(1, h.vcClass(), "yx paths on class 1 at every hop, switches of every level included");
            }
        }
    }

    @Test
    void multistageTheStudysFourFlowsCloseACycleAlsoWhenTheyClimbTheTrees() {
        // on 4-ary 2-direct 2-indirect, nodes 0 (0,0), 2 (2,0), 8 (0,2), 10 (2,2): coordinates 0 and 2
        // sit on different leaf switches, so every line crossing climbs to level 1 (3 switches)
        int[][] flows = {{0, 10}, {10, 0}, {2, 8}, {8, 2}};
        RoutingAlgorithm mixed = routing(KNS_4_2_2, Map.of("yxSources", List.of(2, 8)));
        for (int[] f : flows) {
            assertEquals(2 * 3, interfaceDimensions(KNS_4_2_2, path(mixed, KNS_4_2_2, f[0], f[1])).size());
        }
        List<Long> cycle = dependencies(KNS_4_2_2, mixed, flows).cycle();
        assertFalse(cycle.isEmpty());
        assertEquals(java.util.Set.of(0, 2, 8, 10), cycle.stream().map(c -> (int) (c >>> 40)).filter(r -> r < 16)
                .collect(java.util.stream.Collectors.toSet()));
        assertFalse(dependencies(KNS_4_2_2, routing(KNS_4_2_2, Map.of("yxSources", List.of(2, 8), "virtualNetworks", true)),
                flows).hasCycle());
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
        for (KAryNDirectSIndirect t : List.of(new KAryNDirectSIndirect(4, 3), new KAryNDirectSIndirect(4, 3, 2))) {
            assertAllocatesNothing(t, threads);
        }
    }

    private static void assertAllocatesNothing(KAryNDirectSIndirect t, com.sun.management.ThreadMXBean threads) {
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
