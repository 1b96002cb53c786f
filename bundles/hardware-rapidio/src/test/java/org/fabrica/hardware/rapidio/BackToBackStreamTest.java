package org.fabrica.hardware.rapidio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.network.NetworkModel;
import org.fabrica.network.NetworkSetup;
import org.fabrica.network.ProviderNames;
import org.fabrica.network.RunLimits;
import org.fabrica.network.flit.FlitNetworkFactory;
import org.fabrica.network.flit.FlitNetworkParameters;
import org.fabrica.params.Parameters;
import org.fabrica.queuing.basic.SingleVcFactory;
import org.fabrica.queuing.basic.SingleVcParameters;
import org.fabrica.routing.fattree.SModKFactory;
import org.fabrica.routing.fattree.SModKParameters;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.TreeTopology;
import org.fabrica.topology.fattree.KAryNTreeFactory;
import org.fabrica.topology.fattree.KAryNTreeParameters;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The cost of the input-queued pipeline between back-to-back packets of one flow
 * ({@link Cps1848Parameters#overlappedAllocation()}): one source floods one destination on the
 * 2-ary 3-tree of the study's prototype (docs/studies/rapidio-m2n.md, "Small experiments: the
 * paper's prototype", 1), and the
 * spacing of deliveries in steady state is the output's packet rate. With overlapped allocation a
 * cut-through switch forwards packets back to back, one 35-flit packet per 35 cycles; the IQ
 * pipeline (R = 1, VA = 1) idles 2 cycles between them, one packet per 37 cycles.
 */
class BackToBackStreamTest {
    private static final int PACKETS = 120;
    /** Deliveries left out at the start: the source queue fills and the pipeline reaches steady state. */
    private static final int WARM_UP = 20;

    @ParameterizedTest(name = "overlappedAllocation {0}: one 35-flit packet per {1} cycles")
    @CsvSource({"true, 35", "false, 37"})
    void deliveriesOfOneSaturatedFlowAreSpacedByThePacketRate(boolean overlapped, int spacing) {
        Map<String, Object> values = overlapped ? Map.of() : Map.of("overlappedAllocation", false);
        Cps1848Model model = new Cps1848HardwareFactory().create(Parameters.bind(Cps1848Parameters.class, values, "test"));
        TreeTopology tree = (TreeTopology) new KAryNTreeFactory()
                .create(Parameters.bind(KAryNTreeParameters.class, Map.of("k", 2, "n", 3)));
        int flits = model.packetFormat().flits(256, model.router().flitBytes());
        assertEquals(35, flits);
        List<Long> delivered = new ArrayList<>();
        NetworkObserver observer = new NetworkObserver() {
            @Override
            public void packetDelivered(long packet, int source, int destination, int f, long created, long injected,
                    long cycle, int hops) {
                delivered.add(cycle);
            }
        };
        // node 0 generates a packet every cycle, far above its link rate: the NI always has the next
        // packet ready, so the spacing of deliveries is set by the routers alone
        InjectionProcess flood = new InjectionProcess() {
            private int generated;

            @Override
            public long next(int node, long previous, SplittableRandom random) {
                if (node != 0 || generated == PACKETS) {
                    return NEVER;
                }
                generated++;
                return previous < 0 ? 0 : previous + 1;
            }

            @Override
            public double offeredLoad(long now) {
                return 1;
            }
        };
        NetworkSetup setup = new NetworkSetup(tree, model.router(),
                new SModKFactory().create(tree, Parameters.bind(SModKParameters.class, Map.of("topForced", true))),
                context -> new SingleVcFactory().create(context, Parameters.defaults(SingleVcParameters.class)),
                context -> new NoThrottleFactory().create(context, Parameters.defaults(NoThrottleParameters.class)),
                (source, random) -> 7, flood, flits, observer, new RandomStreams(1), new RunLimits(100_000, 10_000),
                new ProviderNames("smodk (test)", "1vc (test)", "none (test)", "single (test)"), model.endpoint(),
                new org.fabrica.testing.FactoryRouterParts().with("round-robin", new org.fabrica.router.allocators.RoundRobinFactory()));
        NetworkModel net = new FlitNetworkFactory().create(setup, Parameters.defaults(FlitNetworkParameters.class));
        for (long c = 0; !net.done(c); c++) {
            net.cycle(c);
        }
        assertEquals(PACKETS, delivered.size());
        NoContentionLatency first = model.noContentionLatency(5, 256);
        assertEquals(first.packetCycles(), delivered.get(0), "the first packet crosses the idle network");
        for (int i = WARM_UP; i < PACKETS; i++) {
            assertEquals(spacing, delivered.get(i) - delivered.get(i - 1), "spacing of deliveries " + (i - 1) + " and " + i);
        }
        assertTrue(delivered.get(PACKETS - 1) - delivered.get(0) >= (long) (PACKETS - 1) * spacing);
    }
}
