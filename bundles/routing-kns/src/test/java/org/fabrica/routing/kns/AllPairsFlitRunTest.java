package org.fabrica.routing.kns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
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
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.queuing.basic.DatelineQueuingFactory;
import org.fabrica.queuing.basic.DatelineQueuingParameters;
import org.fabrica.queuing.basic.SingleVcFactory;
import org.fabrica.queuing.basic.SingleVcParameters;
import org.fabrica.router.allocators.RoundRobinFactory;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.testing.FactoryRouterParts;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.kns.KAryNDirectSIndirect;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every node sends one packet to every other node through the flit-level network built from a KNS
 * (interfaces and switches as routers of their kinds) with hybrid DOR: every packet arrives, once,
 * at its destination, having crossed two router-to-router links (interface to switch, switch to
 * interface) per coordinate it corrected, and with s &gt; 1 two more per level it climbed in that
 * line's r-ary s-tree (2H + 2 links for a common-ancestor level H).
 */
class AllPairsFlitRunTest {

    @ParameterizedTest(name = "{0}-ary {1}-direct {2}-indirect, order {3}, yxSources {4}, virtual networks {5}")
    @CsvSource({"4, 2, 1, xy, '', false", "4, 2, 1, yx, '', false", "4, 2, 1, xy, '1 2 4 7 8 11 13 14', true",
        "3, 3, 1, xy, '', false", "3, 3, 1, yx, '', true", "2, 4, 1, xy, '', false",
        "4, 2, 2, xy, '', false", "4, 2, 2, xy, '1 2 4 7 8 11 13 14', true", "9, 2, 2, yx, '', false",
        "8, 2, 3, xy, '', false"})
    void everyPairIsDeliveredOnceOverItsDimensionOrderPath(int k, int n, int stages, String order, String yxSources,
            boolean virtualNetworks) {
        KAryNDirectSIndirect kns = new KAryNDirectSIndirect(k, n, stages);
        int r = kns.switchArity();
        int nodes = kns.nodes();
        int[] sources = yxSources.isBlank() ? new int[0]
                : java.util.Arrays.stream(yxSources.trim().split(" ")).mapToInt(Integer::parseInt).toArray();
        RoutingAlgorithm routing = new KnsDorFactory().create(kns, Parameters.bind(KnsDorParameters.class,
                Map.of("order", order, "yxSources", sources, "virtualNetworks", virtualNetworks)));
        Function<QueuingContext, QueuingScheme> queuing = virtualNetworks
                ? c -> new DatelineQueuingFactory().create(c, Parameters.defaults(DatelineQueuingParameters.class))
                : c -> new SingleVcFactory().create(c, Parameters.defaults(SingleVcParameters.class));
        HardwareModel hardware = new GenericHardwareFactory().create(Parameters.defaults(GenericRouterParameters.class));

        int[][] delivered = new int[nodes][nodes];
        int[] wrongHops = {0};
        NetworkObserver observer = new NetworkObserver() {
            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created,
                    long injected, long cycle, int hops) {
                delivered[source][destination]++;
                int links = 0;
                for (int d = 0; d < n; d++) {
                    int a = kns.coordinate(source, d) / r;
                    int b = kns.coordinate(destination, d) / r;
                    if (kns.coordinate(source, d) != kns.coordinate(destination, d)) {
                        links += 2;
                    }
                    for (; a != b; a /= r, b /= r) {
                        links += 2;
                    }
                }
                if (hops != links) {
                    wrongHops[0]++;
                }
            }
        };
        NetworkSetup setup = new NetworkSetup(kns, hardware.description(), routing, queuing,
                c -> new NoThrottleFactory().create(c, Parameters.defaults(NoThrottleParameters.class)),
                new EveryOtherNode(nodes), new OnePacketPerDestination(nodes), 4, observer, new RandomStreams(1),
                new RunLimits(200_000, 5_000), new ProviderNames("kns-dor (test)", "queuing (test)", "none (test)",
                        "all pairs (test)"), EndpointTiming.NONE,
                new FactoryRouterParts().with("round-robin", new RoundRobinFactory()),
                Map.of(Topology.INTERFACE, hardware.description(Topology.INTERFACE), Topology.SWITCH,
                        hardware.description(Topology.SWITCH)));
        NetworkModel net = new FlitNetworkFactory().create(setup, Parameters.defaults(FlitNetworkParameters.class));
        long c = 0;
        while (!net.done(c)) {
            net.cycle(c++);
        }
        assertFalse(net.truncated(), "the run ended with packets in flight");
        assertEquals((long) nodes * (nodes - 1), net.delivered());
        for (int s = 0; s < nodes; s++) {
            for (int d = 0; d < nodes; d++) {
                assertEquals(s == d ? 0 : 1, delivered[s][d], s + " -> " + d);
            }
        }
        assertEquals(0, wrongHops[0], "packets whose hop count is not 2H + 2 links per corrected coordinate");
    }

    /** Source s sends its i-th packet (i = 1 .. N-1) to node (s + i) mod N. */
    private static final class EveryOtherNode implements TrafficPattern {
        private final int[] sent;

        EveryOtherNode(int nodes) {
            sent = new int[nodes];
        }

        @Override
        public int destination(int source, SplittableRandom random) {
            sent[source]++;
            return (source + sent[source]) % sent.length;
        }
    }

    /** Every node generates N-1 packets, one per cycle from cycle 0. */
    private static final class OnePacketPerDestination implements InjectionProcess {
        private final int nodes;

        OnePacketPerDestination(int nodes) {
            this.nodes = nodes;
        }

        @Override
        public long next(int node, long previous, SplittableRandom random) {
            long next = previous < 0 ? 0 : previous + 1;
            return next < nodes - 1 ? next : NEVER;
        }

        @Override
        public double offeredLoad(long now) {
            return 0;
        }
    }
}
