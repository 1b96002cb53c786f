package org.fabrica.hardware.rapidio;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.fabrica.topology.fattree.ExtendedKAryNTreeFactory;
import org.fabrica.topology.fattree.ExtendedKAryNTreeParameters;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * docs/studies/rapidio-m2n.md: one packet between two end points through five switches (extended 2-ary
 * 3-tree, top-forced S-mod-k), simulated on the flit-level network with the CPS-1848 model, arrives
 * exactly when the configured arithmetic says: endpoint overhead + five hop latencies + the links +
 * the packet's flits ({@link Cps1848Model#noContentionLatency}), with overlapped allocation and with
 * the IQ pipeline alike.
 */
class SimulatedSinglePairLatencyTest {

    @ParameterizedTest(name = "hop {0} ns, cable {1} ns, endpoint {2} ns, payload {3} bytes, overlapped {4}")
    @CsvSource({"170, 5, 608, 256, true", "111.6, 5, 608, 256, true", "170, 20, 0, 32, true", "170, 5, 1000, 100, true",
        "170, 5, 608, 256, false", "111.6, 5, 608, 256, false", "170, 20, 0, 32, false", "170, 5, 1000, 100, false"})
    void fiveSwitchHopsTakeWhatTheModelComputes(double hopNs, double cableNs, double endpointNs, int payload,
            boolean overlapped) {
        Cps1848Model model = new Cps1848HardwareFactory().create(Parameters.bind(Cps1848Parameters.class,
                Map.of("hopLatencyNs", hopNs, "cableDelayNs", cableNs, "endpointOverheadNs", endpointNs,
                        "overlappedAllocation", overlapped), "test"));
        TreeTopology tree = (TreeTopology) new ExtendedKAryNTreeFactory()
                .create(Parameters.bind(ExtendedKAryNTreeParameters.class, Map.of("k", 2, "n", 3)));
        int flits = model.packetFormat().flits(payload, model.router().flitBytes());
        List<long[]> delivered = new ArrayList<>();
        NetworkObserver observer = new NetworkObserver() {
            @Override
            public void packetDelivered(long packet, int source, int destination, int f, long created, long injected,
                    long cycle, int hops) {
                delivered.add(new long[] {created, cycle, hops});
            }
        };
        InjectionProcess once = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return node == 0 && previous < 0 ? 3 : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        // node 0 in pod 0 to node 13 in the other subtree: up two levels, the top, down two levels
        NetworkSetup setup = new NetworkSetup(tree, model.router(),
                new SModKFactory().create(tree, Parameters.bind(SModKParameters.class, Map.of("topForced", true))),
                context -> new SingleVcFactory().create(context, Parameters.defaults(SingleVcParameters.class)),
                context -> new NoThrottleFactory().create(context, Parameters.defaults(NoThrottleParameters.class)),
                (source, random) -> 13, once, flits, observer, new RandomStreams(1), new RunLimits(100_000, 10_000),
                new ProviderNames("smodk (test)", "1vc (test)", "none (test)", "single (test)"), model.endpoint(),
                new org.fabrica.testing.FactoryRouterParts().with("round-robin", new org.fabrica.router.allocators.RoundRobinFactory()));
        NetworkModel net = new FlitNetworkFactory().create(setup, Parameters.defaults(FlitNetworkParameters.class));
        for (long c = 0; !net.done(c); c++) {
            net.cycle(c);
        }
        assertEquals(1, delivered.size());
        long[] d = delivered.get(0);
        NoContentionLatency expected = model.noContentionLatency(5, payload);
        assertEquals(4, d[2], "router-to-router links crossed by five switches");
        assertEquals(3, d[0]);
        assertEquals(expected.packetCycles(), d[1] - d[0]);
    }
}
