package org.fabrica.routing.hyperx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
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
import org.fabrica.testing.TestPacket;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.hyperx.HyperX;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

class HyperXMinAdaptiveTest {

    /** A hand-made occupancy: flits held downstream of each (router, port). */
    static final class Occupancy implements NetworkOccupancy {
        final Map<Long, Integer> held = new java.util.HashMap<>();

        void set(int router, int port, int flits) {
            held.put((long) router << 20 | port, flits);
        }

        @Override
        public int downstreamFlits(int router, int outPort) {
            return held.getOrDefault((long) router << 20 | outPort, 0);
        }

        @Override
        public int downstreamFlits(int router, int outPort, int vc) {
            return vc == 0 ? downstreamFlits(router, outPort) : 0;
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

    static RoutingAlgorithm adaptive(HyperX x, NetworkOccupancy o) {
        RoutingAlgorithm a = new HyperXMinAdaptiveFactory().create(x,
                Parameters.defaults(HyperXMinAdaptiveParameters.class));
        assertTrue(a.readsOccupancy());
        a.occupancy(o);
        return a;
    }

    @Test
    void unalignedDimensionsEmptierFirstAndTheDimensionOrderEscapeLast() {
        HyperX x = HyperXRoutingTest.hyperx("4 4 4", 1);
        Occupancy o = new Occupancy();
        RoutingAlgorithm a = adaptive(x, o);
        assertEquals(2, a.vcClasses());
        assertFalse(a.deterministic());
        int here = x.withCoordinate(x.withCoordinate(0, 0, 1), 2, 3); // (1, 0, 3)
        int dest = x.withCoordinate(x.withCoordinate(0, 0, 2), 1, 2); // (2, 2, 0): all three differ
        int p0 = x.dimensionPort(0, 1, 2);
        int p1 = x.dimensionPort(1, 0, 2);
        int p2 = x.dimensionPort(2, 3, 0);
        o.set(here, p0, 6);
        o.set(here, p1, 2);
        o.set(here, p2, 4);
        o.set(here, x.dimensionPort(0, 1, 3), 0); // an empty link to a wrong coordinate
        CandidateRecorder c = new CandidateRecorder();
        a.route(here, x.terminalPort(0), new TestPacket(1, 0, dest), c);
        assertEquals(4, c.count());
        assertEquals(List.of(p1, p2, p0, p0), List.of(c.port(0), c.port(1), c.port(2), c.port(3)));
        assertEquals(List.of(1, 1, 1, 0), List.of(c.vcClass(0), c.vcClass(1), c.vcClass(2), c.vcClass(3)));

        o.set(here, p0, 2);
        a.route(here, x.terminalPort(0), new TestPacket(1, 0, dest), c.reset());
        assertEquals(p0, c.port(0), "equal occupancy: lower dimension first");
        assertEquals(p1, c.port(1));

        a.route(dest, 0, new TestPacket(1, 0, dest), c.reset());
        assertEquals(1, c.count());
        assertEquals(x.terminalPort(0), c.port());
    }

    /**
     * Duato's condition checked exhaustively: over every minimal path of every pair, a packet holding
     * the escape channel of a hop it took may request the escape channel of any later router; those
     * dependencies have no cycle. With the two classes merged, the adaptive paths close cycles.
     */
    @Test
    void theEscapeChannelsExtendedDependencyGraphIsAcyclic() {
        for (String shape : List.of("4 4", "3 3 3", "2 3 4")) {
            HyperX x = HyperXRoutingTest.hyperx(shape, 1);
            RoutingAlgorithm a = adaptive(x, new Occupancy());
            DependencyGraph escapes = new DependencyGraph();
            DependencyGraph all = new DependencyGraph();
            for (int s = 0; s < x.routers(); s++) {
                for (int d = 0; d < x.routers(); d++) {
                    if (s != d) {
                        walk(a, x, s, d, s, -1, new ArrayList<>(), escapes, all);
                    }
                }
            }
            assertTrue(escapes.dependencies() > 0);
            assertEquals(List.of(), escapes.cycle(), shape);
            assertTrue(all.merged(ch -> ch / 4).hasCycle(), "one class for everything would close cycles: " + shape);
        }
    }

    private static void walk(RoutingAlgorithm a, HyperX x, int s, int d, int at, long previous, List<Long> held,
            DependencyGraph escapes, DependencyGraph all) {
        if (at == d) {
            return;
        }
        CandidateRecorder c = new CandidateRecorder();
        a.route(at, x.terminalPort(0), new TestPacket(1, s, d), c);
        int count = c.count();
        long escape = ((long) at * 1024 + c.port(count - 1)) * 4;
        for (long h : held) {
            escapes.add(h, escape);
        }
        int left = HyperXRoutingTest.distance(x, at, d);
        for (int i = 0; i < count - 1; i++) {
            int next = x.neighbor(at, c.port(i));
            assertEquals(left - 1, HyperXRoutingTest.distance(x, next, d), "every candidate is minimal");
            long channel = ((long) at * 1024 + c.port(i)) * 4 + 1;
            if (previous >= 0) {
                all.add(previous, channel);
            }
            List<Long> h = held;
            if (c.port(i) == c.port(count - 1)) {
                h = new ArrayList<>(held);
                h.add(escape);
            }
            walk(a, x, s, d, next, channel, h, escapes, all);
        }
    }

    /**
     * On a 4x4 HyperX with 2 terminals per router, under uniform traffic and under a shift that sends
     * every router's nodes to the router one column over (DOR loads one link per router with both
     * terminals' flows), every packet generated in 1,500 cycles at 0.4 flits/node/cycle is delivered
     * and takes a minimal path.
     */
    @Test
    void everyPacketIsDeliveredOnTheFlitModel() {
        HyperX x = HyperXRoutingTest.hyperx("4 4", 2);
        int nodes = x.nodes();
        TrafficPattern uniform = (source, random) -> {
            int d = random.nextInt(nodes - 1);
            return d >= source ? d + 1 : d;
        };
        TrafficPattern shift = (source, random) -> (source + 2) % nodes;
        for (TrafficPattern pattern : List.of(uniform, shift)) {
            long[] r = run(x, adaptive(x, null), pattern, 0.4);
            assertEquals(r[0], r[1], "generated and delivered");
            assertEquals(0, r[2], "non-minimal deliveries");
        }
    }

    /** {generated, delivered, non-minimal} of a run whose injection stops at cycle 1,500. */
    static long[] run(HyperX x, RoutingAlgorithm routing, TrafficPattern pattern, double load) {
        HardwareModel hardware = new GenericHardwareFactory().create(Parameters.bind(GenericRouterParameters.class,
                Map.of("vcs", 4, "bufferFlits", 8)));
        long[] counts = new long[3];
        NetworkObserver observer = new NetworkObserver() {
            @Override
            public void packetGenerated(long packet, int source, int destination, int length, long cycle) {
                counts[0]++;
            }

            @Override
            public void packetDelivered(long packet, int source, int destination, int length, long created,
                    long injected, long cycle, int hops) {
                counts[1]++;
                hopsSeen(hops - HyperXRoutingTest.distance(x, x.nodeRouter(source), x.nodeRouter(destination)));
            }

            private int extra = Integer.MIN_VALUE;

            private void hopsSeen(int e) {
                if (extra == Integer.MIN_VALUE) {
                    extra = e;
                } else if (e != extra) {
                    counts[2]++;
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
                return at < 1_500 ? at : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return load;
            }
        };
        NetworkSetup setup = new NetworkSetup(x, hardware.description(), routing,
                c -> new DatelineQueuingFactory().create(c, Parameters.defaults(DatelineQueuingParameters.class)),
                c -> new NoThrottleFactory().create(c, Parameters.defaults(NoThrottleParameters.class)),
                pattern, bernoulli, 4, observer, new RandomStreams(1), new RunLimits(100_000, 5_000),
                new ProviderNames("hyperx-min-adaptive (test)", "dateline", "none", "test pattern"), EndpointTiming.NONE,
                new FactoryRouterParts().with("round-robin", new RoundRobinFactory()),
                Map.of(Topology.SWITCH, hardware.description(Topology.SWITCH)));
        NetworkModel net = new FlitNetworkFactory().create(setup, Parameters.defaults(FlitNetworkParameters.class));
        long c = 0;
        while (!net.done(c)) {
            net.cycle(c++);
        }
        assertTrue(counts[0] > 1_000, "generated " + counts[0]);
        return counts;
    }
}
