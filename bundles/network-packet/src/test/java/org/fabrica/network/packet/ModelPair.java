package org.fabrica.network.packet;

import java.util.HashMap;
import java.util.Map;
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
import org.fabrica.router.RouterParts;
import org.fabrica.router.allocators.RoundRobinFactory;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.cube.DorFactory;
import org.fabrica.routing.cube.DorParameters;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.testing.FactoryRouterParts;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.TorusFactory;
import org.fabrica.topology.cube.TorusParameters;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.synthetic.BernoulliFactory;
import org.fabrica.traffic.synthetic.BernoulliParameters;
import org.fabrica.traffic.synthetic.UniformFactory;
import org.fabrica.traffic.synthetic.UniformParameters;

/**
 * One configuration run on both network models, the flit model with whole packets on links: an
 * 8 x 8 torus under virtual cut-through by default (generic hardware, DOR with datelines, uniform
 * Bernoulli traffic), measured over a window of generation cycles as the steady mode measures.
 */
final class ModelPair {
    int k = 8;
    int vcs = 2;
    int bufferFlits = 32;
    int packetFlits = 8;
    double load = 0.3;
    long seed = 1;
    long warmup = 2_000;
    long measure = 6_000;
    long maxCycles = 60_000;
    String crossbar = "shared";
    String flowControl = "virtual-cut-through";
    String interleaving = "packets";
    String injectionQueues = "single";
    int linkLatency = 1;
    InjectionProcess injectionOverride;
    TrafficPattern patternOverride;

    static RouterParts parts() {
        return new FactoryRouterParts().with("round-robin", new RoundRobinFactory());
    }

    NetworkSetup setup(NetworkObserver observer) {
        Topology topology = new TorusFactory().create(Parameters.bind(TorusParameters.class, Map.of("k", k, "n", 2),
                "torus"));
        RoutingAlgorithm routing = new DorFactory().create(topology, Parameters.bind(DorParameters.class,
                Map.of("dateline", "classic", "tie", "plus"), "dor"));
        Map<String, Object> hw = new HashMap<>();
        hw.put("vcs", vcs);
        hw.put("bufferFlits", bufferFlits);
        hw.put("flowControl", flowControl);
        hw.put("outputInterleaving", interleaving);
        hw.put("crossbar", crossbar);
        hw.put("injectionQueues", injectionQueues);
        hw.put("linkLatency", linkLatency);
        HardwareModel model = new GenericHardwareFactory().create(Parameters.bind(GenericRouterParameters.class, hw,
                "generic"));
        RandomStreams random = new RandomStreams(seed);
        TrafficPattern pattern = patternOverride != null ? patternOverride : new UniformFactory().create(topology,
                random.stream("pattern", 0), Parameters.bind(UniformParameters.class, Map.of("includeSelf", false),
                        "uniform"));
        long stop = warmup + measure;
        InjectionProcess injection = injectionOverride != null ? injectionOverride : new BernoulliFactory().create(
                topology.nodes(), new OfferedLoad(load, packetFlits, stop), Parameters.defaults(BernoulliParameters.class));
        return new NetworkSetup(topology, model.description(), routing,
                c -> new DatelineQueuingFactory().create(c, Parameters.defaults(DatelineQueuingParameters.class)),
                c -> new NoThrottleFactory().create(c, Parameters.defaults(NoThrottleParameters.class)), pattern,
                injection, packetFlits, observer, random, new RunLimits(maxCycles, 20_000),
                new ProviderNames("dor", "dateline", "none", "uniform"), model.endpoint(), parts());
    }

    /** The flit model, with whole packets on links (and no link errors). */
    Window flit() {
        Window w = new Window(warmup, warmup + measure);
        NetworkModel net = new FlitNetworkFactory().create(setup(w), Parameters.bind(FlitNetworkParameters.class,
                Map.of("bitErrorRate", 0.0), "flit"));
        run(net);
        w.end(net);
        return w;
    }

    Window packet() {
        Window w = new Window(warmup, warmup + measure);
        NetworkModel net = packetModel(w);
        w.calls = run(net);
        w.end(net);
        return w;
    }

    NetworkModel packetModel(NetworkObserver observer) {
        return new PacketNetworkFactory().create(setup(observer), Parameters.defaults(PacketNetworkParameters.class));
    }

    /** Runs {@code net} to its end as a kernel does, skipping the idle cycles it names; returns the cycles simulated. */
    static long run(NetworkModel net) {
        long c = 0;
        long calls = 0;
        while (true) {
            net.cycle(c);
            calls++;
            if (net.done(c)) {
                return calls;
            }
            net.atSafePoint(c + 1);
            c = net.nextActiveCycle(c);
        }
    }

    /** One packet from {@code source} at cycle 0. */
    static InjectionProcess single(int source) {
        return new InjectionProcess() {
            @Override
            public long next(int n, long previous, java.util.SplittableRandom random) {
                return n == source && previous < 0 ? 0 : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
    }

    /** Packets generated in [from, to): their count, delivered count, latency sum, and all deliveries. */
    static final class Window implements NetworkObserver {
        final long from;
        final long to;
        long generated;
        long measured;
        long latencySum;
        long hopsSum;
        long deliveredAll;
        long deliveredInWindow;
        long flits;
        long cycles;
        long flitHops;
        long calls;
        final java.util.BitSet ids = new java.util.BitSet();
        boolean twice;

        Window(long from, long to) {
            this.from = from;
            this.to = to;
        }

        @Override
        public void packetGenerated(long packet, int source, int destination, int f, long cycle) {
            if (cycle >= from && cycle < to) {
                generated++;
            }
        }

        @Override
        public void packetDelivered(long packet, int source, int destination, int f, long created, long injected,
                long delivered, int hops) {
            deliveredAll++;
            twice |= ids.get((int) packet);
            ids.set((int) packet);
            if (delivered >= from && delivered < to) {
                deliveredInWindow++;
                flits += f;
            }
            if (created >= from && created < to) {
                measured++;
                latencySum += delivered - created;
                hopsSum += hops;
            }
        }

        void end(NetworkModel net) {
            cycles = net.cycles();
            flitHops = net.flitHops();
        }

        double latency() {
            return (double) latencySum / measured;
        }

        /** Flits delivered per node and cycle in the window. */
        double accepted(int nodes) {
            return (double) flits / nodes / (to - from);
        }

        @Override
        public String toString() {
            return String.format("generated %d, measured %d, latency %.3f, hops %.3f, delivered in window %d",
                    generated, measured, latency(), (double) hopsSum / Math.max(1, measured), deliveredInWindow);
        }
    }
}
