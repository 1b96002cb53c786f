package org.fabrica.routing.hyperx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.generic.GenericHardwareFactory;
import org.fabrica.hardware.generic.GenericRouterParameters;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.network.NetworkModel;
import org.fabrica.network.NetworkSetup;
import org.fabrica.network.ProviderNames;
import org.fabrica.network.RunLimits;
import org.fabrica.network.flit.FlitNetworkFactory;
import org.fabrica.network.flit.FlitNetworkParameters;
import org.fabrica.params.Parameters;
import org.fabrica.queuing.basic.DatelineQueuingFactory;
import org.fabrica.queuing.basic.DatelineQueuingParameters;
import org.fabrica.router.allocators.RoundRobinFactory;
import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.testing.CandidateRecorder;
import org.fabrica.testing.DependencyGraph;
import org.fabrica.testing.FactoryRouterParts;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.testing.TestPacket;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.hyperx.FlatFlyFactory;
import org.fabrica.topology.hyperx.FlatFlyParameters;
import org.fabrica.topology.hyperx.HyperX;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HyperXUgalTest {
    private static final long SEED = 5;

    /** Flits held downstream of each (router, port), set by the test; or, with noise, random on every read. */
    static final class Queues implements NetworkOccupancy {
        final int[][] held;
        SplittableRandom noise;

        Queues(HyperX x) {
            held = new int[x.routers()][x.ports(0)];
        }

        @Override
        public int downstreamFlits(int router, int outPort) {
            return noise != null ? noise.nextInt(33) : held[router][outPort];
        }

        @Override
        public int downstreamFlits(int router, int outPort, int vc) {
            return vc == 0 ? downstreamFlits(router, outPort) : 0;
        }

        @Override
        public int downstreamCapacity(int router, int outPort) {
            return 32;
        }

        @Override
        public int vcs() {
            return 2;
        }
    }

    static RoutingAlgorithm ugal(HyperX x, String kind, int threshold, String intermediate, NetworkOccupancy view) {
        Map<String, Object> params = Map.of("threshold", threshold, "intermediate", intermediate);
        RoutingAlgorithm r = kind.equals("l")
                ? new HyperXUgalLFactory().create(x, Parameters.bind(HyperXUgalLParameters.class, params),
                        new RandomStreams(SEED))
                : new HyperXUgalGFactory().create(x, Parameters.bind(HyperXUgalGParameters.class, params),
                        new RandomStreams(SEED));
        assertTrue(r.readsOccupancy());
        assertFalse(r.deterministic());
        assertEquals(2, r.vcClasses());
        r.occupancy(view);
        return r;
    }

    static List<List<Integer>> ports(List<Hop> hops) {
        return hops.stream().map(h -> List.of(h.router(), h.port())).toList();
    }

    @ParameterizedTest(name = "ugal-{0}")
    @CsvSource({"l", "g"})
    void anEmptyNetworkGoesMinimalOnClassOneAndFullMinimalOutputsGoValiantAsHyperxValiant(String kind) {
        HyperX x = HyperXRoutingTest.hyperx("4 3", 2);
        Queues q = new Queues(x);
        RoutingAlgorithm empty = ugal(x, kind, 0, "any", q);
        RoutingAlgorithm dor = HyperXRoutingTest.dor(x);
        RoutingAlgorithm valiant = HyperXRoutingTest.valiant(x, SEED);
        for (int s = 0; s < x.nodes(); s++) {
            for (int t = 0; t < x.nodes(); t++) {
                if (s != t) {
                    List<Hop> hops = RouteWalk.walk(empty, x, s, t, s * 100L + t);
                    assertEquals(ports(RouteWalk.walk(dor, x, s, t, 0)), ports(hops), s + " -> " + t);
                    assertTrue(hops.stream().allMatch(h -> h.vcClass() == 1), "minimal packets on class 1: " + hops);
                }
            }
        }
        // every network output full: the minimal cost q H_min exceeds nothing only if the Valiant path is
        // no longer; so fill only the outputs of minimal first hops, with the Valiant first hop empty
        int took = 0;
        for (int s = 0; s < x.nodes(); s++) {
            int t = (s + 2 * x.terminalsPerRouter()) % x.nodes();
            for (long id = 0; id < 20; id++) {
                for (int[] row : q.held) {
                    Arrays.fill(row, 0);
                }
                Hop first = RouteWalk.walk(dor, x, s, t, 0).get(0);
                List<Hop> v = RouteWalk.walk(valiant, x, s, t, s * 100L + id);
                if (v.get(0).port() == first.port()) {
                    continue; // both paths leave by one output: no queue tells them apart
                }
                q.held[first.router()][first.port()] = 32;
                List<Hop> hops = RouteWalk.walk(ugal(x, kind, 0, "any", q), x, s, t, s * 100L + id);
                assertEquals(v, hops, "full minimal output: hyperx-valiant's path and classes, " + s + " -> " + t);
                took++;
            }
        }
        assertTrue(took > 50, "packets with two different first outputs: " + took);
    }

    @Test
    void ugalLWeighsTheFirstQueuesByHopsAndTheThresholdMovesTheDecisionByItsValue() {
        HyperX x = HyperXRoutingTest.hyperx("4 4", 1);
        Queues q = new Queues(x);
        int source = 0; // (0, 0)
        int dest = x.withCoordinate(x.withCoordinate(0, 0, 1), 1, 1); // (1, 1): H_min = 2
        int mid = x.withCoordinate(0, 0, 2); // (2, 0): H_nonmin = 1 + 2 = 3
        int minPort = x.dimensionPort(0, 0, 1);
        int midPort = x.dimensionPort(0, 0, 2);
        q.held[source][minPort] = 9; // 18
        q.held[source][midPort] = 5; // 15
        assertFalse(((HyperXUgalRouting) ugal(x, "l", 2, "any", q)).choosesMinimal(source, dest, mid), "18 > 15 + 2");
        assertTrue(((HyperXUgalRouting) ugal(x, "l", 3, "any", q)).choosesMinimal(source, dest, mid), "18 <= 15 + 3");
        q.held[source][midPort] = 6; // 18
        assertTrue(((HyperXUgalRouting) ugal(x, "l", 0, "any", q)).choosesMinimal(source, dest, mid), "ties go minimal");
        assertFalse(((HyperXUgalRouting) ugal(x, "l", -1, "any", q)).choosesMinimal(source, dest, mid));
    }

    @Test
    void ugalGSumsEveryQueueAlongEachPathWhereUgalLSeesOnlyTheFirst() {
        HyperX x = HyperXRoutingTest.hyperx("4 4", 1);
        Queues q = new Queues(x);
        int source = 0;
        int across = x.withCoordinate(0, 0, 1); // (1, 0), the minimal path's second router
        int dest = x.withCoordinate(across, 1, 1); // (1, 1)
        int mid = x.withCoordinate(0, 1, 2); // (0, 2): Valiant goes (0,0) -> (0,2) -> (1,2) -> (1,1)
        q.held[across][x.dimensionPort(1, 0, 1)] = 20; // the minimal path's second queue
        HyperXUgalRouting local = (HyperXUgalRouting) ugal(x, "l", 0, "any", q);
        HyperXUgalRouting global = (HyperXUgalRouting) ugal(x, "g", 0, "any", q);
        assertTrue(local.choosesMinimal(source, dest, mid), "UGAL-L sees two empty first outputs");
        assertFalse(global.choosesMinimal(source, dest, mid), "UGAL-G sees 20 flits on the minimal path, none on Valiant's");
        q.held[x.withCoordinate(mid, 0, 1)][x.dimensionPort(1, 2, 1)] = 20; // Valiant's last queue
        assertTrue(global.choosesMinimal(source, dest, mid), "equal sums (20, unweighted by hops) go minimal");
        q.held[source][x.dimensionPort(0, 0, 1)] = 1;
        assertFalse(global.choosesMinimal(source, dest, mid), "21 > 20");
        assertTrue(((HyperXUgalRouting) ugal(x, "g", 1, "any", q)).choosesMinimal(source, dest, mid), "21 <= 20 + 1");
    }

    @ParameterizedTest(name = "ugal-{0}")
    @CsvSource({"l", "g"})
    void theDecisionIsKeptWhenAskedAgainAndAtLaterHops(String kind) {
        HyperX x = HyperXRoutingTest.hyperx("4 4", 2);
        Queues q = new Queues(x);
        RoutingAlgorithm r = ugal(x, kind, 0, "any", q);
        int s = 0;
        int t = x.nodes() - 1;
        TestPacket packet = new TestPacket(7, s, t);
        CandidateRecorder out = new CandidateRecorder();
        r.route(x.nodeRouter(s), x.nodePort(s), packet, out.reset());
        int port = out.port();
        int state = packet.routingState();
        assertTrue((state & HyperXUgalRouting.DECIDED) != 0 && (state & HyperXUgalRouting.MINIMAL) != 0, "empty: minimal");
        q.held[x.nodeRouter(s)][port] = 32;
        r.route(x.nodeRouter(s), x.nodePort(s), packet, out.reset());
        assertEquals(port, out.port(), "asked again after the output filled: the kept decision");
        assertEquals(1, out.vcClass());
        assertEquals(state, packet.routingState());
        q.noise = new SplittableRandom(3);
        assertEquals(ports(RouteWalk.walk(HyperXRoutingTest.dor(x), x, s, t, 0)), ports(RouteWalk.walk(r, x, s, t, 7)),
                "a walk under random queues keeps the decision");
    }

    @Test
    void anUnalignedIntermediateKeepsTheCoordinatesSourceAndDestinationShareAndDrawsEveryOther() {
        HyperX x = HyperXRoutingTest.hyperx("3 4 5", 1);
        HyperXUgalRouting r = (HyperXUgalRouting) ugal(x, "l", 0, "unaligned", new Queues(x));
        HyperXUgalRouting any = (HyperXUgalRouting) ugal(x, "l", 0, "any", new Queues(x));
        int[][] seen = new int[3][5];
        boolean anyLeavesTheSubLattice = false;
        for (int s = 0; s < x.routers(); s++) {
            int t = x.withCoordinate(s, 1, (x.coordinate(s, 1) + 1) % 4); // differ in dimension 1 only
            for (long id = 0; id < 200; id++) {
                int mid = r.intermediateRouter(id, s, t);
                assertEquals(x.coordinate(s, 0), x.coordinate(mid, 0), "aligned dimension 0 kept");
                assertEquals(x.coordinate(s, 2), x.coordinate(mid, 2), "aligned dimension 2 kept");
                seen[1][x.coordinate(mid, 1)]++;
                int m = any.intermediateRouter(id, s, t);
                anyLeavesTheSubLattice |= x.coordinate(m, 0) != x.coordinate(s, 0);
            }
        }
        for (int c = 0; c < 4; c++) {
            assertTrue(seen[1][c] > 0.2 * x.routers() * 200 / 4, "coordinate " + c + " of dimension 1: " + seen[1][c]);
        }
        assertTrue(anyLeavesTheSubLattice, "'any' draws over every router");
    }

    @ParameterizedTest(name = "ugal-{0}, widths {1}, {2}")
    @CsvSource({"l, '4 4', any", "g, '3 4', unaligned", "l, '2 3 3', unaligned", "g, '5', any"})
    void everyRouteIsDeliveredAndTheUnionOfBothChoicesIsAcyclic(String kind, String shape, String intermediate) {
        HyperX x = HyperXRoutingTest.hyperx(shape, 2);
        Queues q = new Queues(x);
        q.noise = new SplittableRandom(11); // RouteWalk's asked-again check fails unless the decision is kept
        RoutingAlgorithm r = ugal(x, kind, 0, intermediate, q);
        DependencyGraph graph = new DependencyGraph();
        int[] longer = new int[2];
        for (int s = 0; s < x.nodes(); s++) {
            for (int t = 0; t < x.nodes(); t++) {
                if (s == t) {
                    continue;
                }
                for (long id = 0; id < 4; id++) {
                    List<Hop> hops = RouteWalk.walk(r, x, s, t, (s * (long) x.nodes() + t) * 8 + id);
                    graph.addPath(hops, HyperXRoutingTest::channel);
                    int prev = 0;
                    for (Hop hop : hops) {
                        assertTrue(hop.vcClass() >= prev, "classes never go down: " + hops);
                        prev = hop.vcClass();
                    }
                    int minimal = HyperXRoutingTest.distance(x, x.nodeRouter(s), x.nodeRouter(t)) + 1;
                    longer[hops.size() > minimal ? 1 : 0]++;
                }
            }
        }
        assertTrue(longer[0] > 0 && longer[1] > 0, "random queues give both choices: " + Arrays.toString(longer));
        assertEquals(List.of(), graph.cycle(), "channel dependency cycle under the two classes");
    }

    @Test
    void withoutAnOccupancyViewOrOnAnotherTopologyItSaysWhy() {
        HyperX x = HyperXRoutingTest.hyperx("4 4", 1);
        RoutingAlgorithm r = ugal(x, "l", 0, "any", null);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> RouteWalk.walk(r, x, 0, x.nodes() - 1, 1));
        assertTrue(e.getMessage().contains("hyperx-ugal-l") && e.getMessage().contains("network 'flit'"), e.getMessage());
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class, () -> new HyperXUgalGFactory()
                .create(new org.fabrica.topology.cube.KAryNCube(4, 2, true), Parameters.defaults(HyperXUgalGParameters.class)));
        assertTrue(wrong.getMessage().contains("hyperx-ugal-g"), wrong.getMessage());
    }

    /**
     * The flattened butterfly's textbook pair on the 4-ary 3-flat with c = 4 (64 nodes): under a shift
     * that sends each router's terminals to the next router in dimension 0, minimal routing saturates
     * near 1/c = 0.25 (four terminals, one link) and Valiant carries more (its bound is 0.5; with 2 VCs
     * per class of 16 flits it reaches about 0.33); under uniform traffic minimal carries far more than
     * Valiant. UGAL must keep the better of the two: within 10% of Valiant under the shift; under
     * uniform traffic well above Valiant and within 25% of minimal (measured: UGAL-L 0.58, UGAL-G 0.60,
     * minimal 0.67 at 0.95 offered; a threshold of 0 with 16-flit buffers sends a packet the long way
     * whenever its minimal queue is briefly the longer one, as on the dragonfly).
     */
    @ParameterizedTest(name = "ugal-{0}")
    @CsvSource({"l", "g"})
    void ugalIsNearValiantUnderTheShiftAndNearMinimalUnderUniformTraffic(String kind) {
        HyperX f = (HyperX) new FlatFlyFactory().create(Parameters.bind(FlatFlyParameters.class,
                Map.of("k", 4, "n", 3, "c", 4)));
        int nodes = f.nodes();
        TrafficPattern shift = (source, random) -> (source + 4) % nodes;
        TrafficPattern uniform = (source, random) -> {
            int t = random.nextInt(nodes - 1);
            return t < source ? t : t + 1;
        };
        double minimalShift = accepted(f, HyperXRoutingTest.dor(f), shift, 0.6);
        double valiantShift = accepted(f, HyperXRoutingTest.valiant(f, 1), shift, 0.6);
        double ugalShift = accepted(f, ugal(f, kind, 0, "any", null), shift, 0.6);
        assertTrue(minimalShift < 1.1 * 0.25 && valiantShift > 1.2 * minimalShift, "the shift favours Valiant: "
                + valiantShift + ", minimal " + minimalShift);
        assertTrue(ugalShift > 0.9 * valiantShift, "shift: UGAL-" + kind + " " + ugalShift + ", Valiant " + valiantShift);
        double minimalUniform = accepted(f, HyperXRoutingTest.dor(f), uniform, 0.95);
        double valiantUniform = accepted(f, HyperXRoutingTest.valiant(f, 1), uniform, 0.95);
        double ugalUniform = accepted(f, ugal(f, kind, 0, "any", null), uniform, 0.95);
        assertTrue(minimalUniform > 1.2 * valiantUniform, "uniform traffic favours minimal: " + minimalUniform
                + ", Valiant " + valiantUniform);
        assertTrue(ugalUniform > 0.75 * minimalUniform && ugalUniform > 1.2 * valiantUniform, "uniform: UGAL-" + kind
                + " " + ugalUniform + ", minimal " + minimalUniform + ", Valiant " + valiantUniform);
    }

    private static final int WARMUP = 2_000;
    private static final int MEASURE = 4_000;

    /** Flits delivered per node per cycle in the measurement window at an offered load {@code load}. */
    static double accepted(HyperX x, RoutingAlgorithm routing, TrafficPattern pattern, double load) {
        HardwareModel hardware = new GenericHardwareFactory().create(Parameters.bind(GenericRouterParameters.class,
                Map.of("vcs", 4, "bufferFlits", 16)));
        long[] flits = {0};
        NetworkObserver observer = new NetworkObserver() {
            @Override
            public void packetDelivered(long packet, int source, int destination, int length, long created,
                    long injected, long cycle, int hops) {
                if (cycle >= WARMUP && cycle < WARMUP + MEASURE) {
                    flits[0] += length;
                }
            }
        };
        double rate = load / 4;
        InjectionProcess bernoulli = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                long at = previous < 0 ? 0 : previous + 1;
                while (random.nextDouble() >= rate) {
                    at++;
                }
                return at < WARMUP + MEASURE ? at : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return load;
            }
        };
        NetworkSetup setup = new NetworkSetup(x, hardware.description(), routing,
                c -> new DatelineQueuingFactory().create(c, Parameters.defaults(DatelineQueuingParameters.class)),
                c -> new NoThrottleFactory().create(c, Parameters.defaults(NoThrottleParameters.class)),
                pattern, bernoulli, 4, observer, new RandomStreams(1), new RunLimits(WARMUP + MEASURE, 5_000),
                new ProviderNames("hyperx routing (test)", "dateline", "none", "test pattern"), EndpointTiming.NONE,
                new FactoryRouterParts().with("round-robin", new RoundRobinFactory()),
                Map.of(Topology.SWITCH, hardware.description(Topology.SWITCH)));
        NetworkModel net = new FlitNetworkFactory().create(setup, Parameters.defaults(FlitNetworkParameters.class));
        for (long c = 0; c < WARMUP + MEASURE; c++) {
            net.cycle(c);
        }
        return (double) flits[0] / x.nodes() / MEASURE;
    }
}
