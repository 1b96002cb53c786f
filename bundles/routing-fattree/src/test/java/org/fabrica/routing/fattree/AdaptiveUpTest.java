package org.fabrica.routing.fattree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
import org.fabrica.testing.FactoryRouterParts;
import org.fabrica.testing.TestPacket;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.fattree.FatTree;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

class AdaptiveUpTest {

    static final class Occupancy implements NetworkOccupancy {
        final Map<Long, Integer> held = new HashMap<>();

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

    static RoutingAlgorithm adaptive(FatTree t, long seed, boolean topForced, NetworkOccupancy o) {
        RoutingAlgorithm a = new AdaptiveUpFactory().create(t, Parameters.bind(AdaptiveUpParameters.class,
                Map.of("topForced", topForced)), new RandomStreams(seed));
        assertTrue(a.readsOccupancy());
        a.occupancy(o);
        return a;
    }

    @Test
    void everyUpperPortEmptierFirstAndDownAtTheCommonAncestor() {
        FatTree t = FatTree.kAryNTree(4, 3, 1); // 64 nodes, 4 up ports per leaf and middle switch
        Occupancy o = new Occupancy();
        RoutingAlgorithm a = adaptive(t, 1, false, o);
        assertEquals(1, a.vcClasses());
        assertFalse(a.deterministic());
        int leaf = t.nodeRouter(0);
        int up = t.downPorts(0);
        o.set(leaf, up, 7);
        o.set(leaf, up + 1, 3);
        o.set(leaf, up + 2, 9);
        o.set(leaf, up + 3, 5);
        CandidateRecorder c = new CandidateRecorder();
        a.route(leaf, t.nodePort(0), new TestPacket(4, 0, 63), c);
        assertEquals(4, c.count());
        assertEquals(List.of(up + 1, up + 3, up, up + 2), List.of(c.port(0), c.port(1), c.port(2), c.port(3)));
        // a destination under the same leaf: down at once, one candidate
        a.route(leaf, t.nodePort(0), new TestPacket(4, 0, 1), c.reset());
        assertEquals(1, c.count());
        assertEquals(t.nodePort(1), c.port());
        // top-forced climbs even there
        RoutingAlgorithm forced = adaptive(t, 1, true, o);
        forced.route(leaf, t.nodePort(0), new TestPacket(4, 0, 1), c.reset());
        assertEquals(4, c.count());
    }

    @Test
    void equalOccupanciesStartAtAPortDrawnPerPacketAndEveryPortComesFirstSometimes() {
        FatTree t = FatTree.kAryNTree(4, 3, 1);
        RoutingAlgorithm a = adaptive(t, 1, false, new Occupancy());
        RoutingAlgorithm same = adaptive(t, 1, false, new Occupancy());
        int leaf = t.nodeRouter(0);
        Set<Integer> first = new HashSet<>();
        CandidateRecorder c = new CandidateRecorder();
        CandidateRecorder d = new CandidateRecorder();
        for (long id = 0; id < 64; id++) {
            a.route(leaf, t.nodePort(0), new TestPacket(id, 0, 63), c.reset());
            same.route(leaf, t.nodePort(0), new TestPacket(id, 0, 63), d.reset());
            assertEquals(c.port(0), d.port(0), "a pure function of seed and packet");
            first.add(c.port(0));
            Set<Integer> all = new HashSet<>();
            for (int i = 0; i < c.count(); i++) {
                all.add(c.port(i));
            }
            assertEquals(4, all.size(), "every upper port once");
        }
        assertEquals(4, first.size());
    }

    /**
     * On a 4-ary 3-tree under uniform traffic at 0.5 flits/node/cycle, every packet generated in
     * 1,500 cycles is delivered, on a path of 2 x (common ancestor level) + 1 hops (up*&#47;down*
     * through the nearest common ancestor).
     */
    @Test
    void everyPacketIsDeliveredOnTheFlitModel() {
        FatTree t = FatTree.kAryNTree(4, 3, 1);
        HardwareModel hardware = new GenericHardwareFactory().create(Parameters.bind(GenericRouterParameters.class,
                Map.of("vcs", 2, "bufferFlits", 8)));
        long[] counts = new long[3];
        Map<Integer, Integer> extra = new HashMap<>();
        NetworkObserver observer = new NetworkObserver() {
            @Override
            public void packetGenerated(long packet, int source, int destination, int length, long cycle) {
                counts[0]++;
            }

            @Override
            public void packetDelivered(long packet, int source, int destination, int length, long created,
                    long injected, long cycle, int hops) {
                counts[1]++;
                int level = 0;
                while (source / t.nodesBelow(level) != destination / t.nodesBelow(level)) {
                    level++;
                }
                extra.merge(hops - 2 * level, 1, Integer::sum);
            }
        };
        int nodes = t.nodes();
        TrafficPattern uniform = (source, random) -> {
            int d = random.nextInt(nodes - 1);
            return d >= source ? d + 1 : d;
        };
        double rate = 0.5 / 4;
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
                return 0.5;
            }
        };
        NetworkSetup setup = new NetworkSetup(t, hardware.description(), adaptive(t, 1, false, null),
                c -> new DatelineQueuingFactory().create(c, Parameters.defaults(DatelineQueuingParameters.class)),
                c -> new NoThrottleFactory().create(c, Parameters.defaults(NoThrottleParameters.class)),
                uniform, bernoulli, 4, observer, new RandomStreams(1), new RunLimits(100_000, 5_000),
                new ProviderNames("adaptive-up (test)", "dateline", "none", "uniform (test)"), EndpointTiming.NONE,
                new FactoryRouterParts().with("round-robin", new RoundRobinFactory()),
                Map.of(Topology.SWITCH, hardware.description(Topology.SWITCH)));
        NetworkModel net = new FlitNetworkFactory().create(setup, Parameters.defaults(FlitNetworkParameters.class));
        long cycle = 0;
        while (!net.done(cycle)) {
            net.cycle(cycle++);
        }
        assertTrue(counts[0] > 5_000, "generated " + counts[0]);
        assertEquals(counts[0], counts[1], "generated and delivered");
        assertEquals(1, extra.size(), "one hop count beyond 2 x the ancestor's level: " + extra);
    }
}
