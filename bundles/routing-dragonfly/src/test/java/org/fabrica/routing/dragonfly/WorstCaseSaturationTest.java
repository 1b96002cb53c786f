package org.fabrica.routing.dragonfly;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.testing.FactoryRouterParts;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.dragonfly.Dragonfly;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

/**
 * The textbook worst case of a dragonfly (Kim et al. 2008, Sec. 4.2): every node of group G sends
 * to group G + 1. Minimal routing puts the a p terminals of a group on the one global link between
 * the two groups, so it saturates near 1/(a p) flits/node/cycle; Valiant spreads the traffic over
 * every global link at twice the global hops and reaches about half the injection bandwidth. On
 * p = 2, a = 4, h = 2, g = 9 (72 nodes), 8 VCs of 16 flits, at an offered load of 0.45
 * flits/node/cycle: minimal accepts 0.124 (1/8 = 0.125), Valiant 0.30 (when written).
 */
class WorstCaseSaturationTest {
    private static final int PACKET_FLITS = 4;
    private static final int WARMUP = 2_000;
    private static final int MEASURE = 4_000;

    @Test
    void minimalSaturatesNearOneOverApWhileValiantCarriesMoreThanTwiceAsMuch() {
        Dragonfly d = DragonflyRoutingTest.dragonfly(2, 4, 2, 9, "absolute");
        double minimal = accepted(d, DragonflyRoutingTest.minimal(d), 0.45);
        double valiant = accepted(d, DragonflyRoutingTest.valiant(d, 1), 0.45);
        double bound = 1.0 / (4 * 2);
        assertTrue(minimal < 1.15 * bound && minimal > 0.6 * bound,
                "minimal accepted " + minimal + " flits/node/cycle, expected near 1/(a p) = " + bound);
        // Valiant's bound here is about 0.44 (two global hops, none on the link to the destination group
        // as a first hop); an input-queued router with 2 VCs per class reaches about 0.3 of it
        assertTrue(valiant > 0.25 && valiant > 2 * minimal,
                "Valiant accepted " + valiant + " flits/node/cycle, minimal " + minimal);
    }

    /** Flits delivered per node per cycle in the measurement window at an offered load {@code load}. */
    static double accepted(Dragonfly d, RoutingAlgorithm routing, double load) {
        HardwareModel hardware = new GenericHardwareFactory().create(Parameters.bind(GenericRouterParameters.class,
                Map.of("vcs", 8, "bufferFlits", 16)));
        int groupNodes = d.groupRouters() * d.terminalsPerRouter();
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
        TrafficPattern nextGroup = (source, random) -> (source + groupNodes) % d.nodes();
        double rate = load / PACKET_FLITS;
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
        NetworkSetup setup = new NetworkSetup(d, hardware.description(), routing,
                c -> new DatelineQueuingFactory().create(c, Parameters.defaults(DatelineQueuingParameters.class)),
                c -> new NoThrottleFactory().create(c, Parameters.defaults(NoThrottleParameters.class)),
                nextGroup, bernoulli, PACKET_FLITS, observer, new RandomStreams(1),
                new RunLimits(WARMUP + MEASURE, 5_000), new ProviderNames("dragonfly routing (test)", "dateline",
                        "none", "next group (test)"), EndpointTiming.NONE,
                new FactoryRouterParts().with("round-robin", new RoundRobinFactory()),
                Map.of(Topology.SWITCH, hardware.description(Topology.SWITCH)));
        NetworkModel net = new FlitNetworkFactory().create(setup, Parameters.defaults(FlitNetworkParameters.class));
        for (long c = 0; c < WARMUP + MEASURE; c++) {
            net.cycle(c);
        }
        return (double) flits[0] / d.nodes() / MEASURE;
    }
}
