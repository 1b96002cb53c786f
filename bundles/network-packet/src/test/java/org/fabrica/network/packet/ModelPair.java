package org.fabrica.network.packet;

import java.util.HashMap;
import java.util.Map;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.dawning.Dawning5000HardwareFactory;
import org.fabrica.hardware.dawning.Dawning5000Parameters;
import org.fabrica.hardware.generic.GenericHardwareFactory;
import org.fabrica.hardware.generic.GenericRouterParameters;
import org.fabrica.hardware.infiniband.InfinibandHardwareFactory;
import org.fabrica.hardware.infiniband.InfinibandParameters;
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
import org.fabrica.queuing.basic.DbbqFactory;
import org.fabrica.queuing.basic.DbbqParameters;
import org.fabrica.queuing.basic.FunctionQueuingFactory;
import org.fabrica.queuing.basic.FunctionQueuingParameters;
import org.fabrica.queuing.basic.SingleVcFactory;
import org.fabrica.queuing.basic.SingleVcParameters;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.router.RouterParts;
import org.fabrica.router.allocators.PriorityFactory;
import org.fabrica.router.allocators.RoundRobinFactory;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.cube.DorFactory;
import org.fabrica.routing.cube.DorParameters;
import org.fabrica.routing.fattree.DModKFactory;
import org.fabrica.routing.fattree.DModKParameters;
import org.fabrica.routing.kns.KnsDorFactory;
import org.fabrica.routing.kns.KnsDorParameters;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.testing.FactoryRouterParts;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.TorusFactory;
import org.fabrica.topology.cube.TorusParameters;
import org.fabrica.topology.fattree.ExtendedKAryNTreeFactory;
import org.fabrica.topology.fattree.ExtendedKAryNTreeParameters;
import org.fabrica.topology.kns.KnsFactory;
import org.fabrica.topology.kns.KnsParameters;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.synthetic.BernoulliFactory;
import org.fabrica.traffic.synthetic.BernoulliParameters;
import org.fabrica.traffic.synthetic.HotRegionFactory;
import org.fabrica.traffic.synthetic.HotRegionParameters;
import org.fabrica.traffic.synthetic.SphereFactory;
import org.fabrica.traffic.synthetic.SphereParameters;
import org.fabrica.traffic.synthetic.HotspotFactory;
import org.fabrica.traffic.synthetic.HotspotParameters;
import org.fabrica.traffic.synthetic.ZipfFactory;
import org.fabrica.traffic.synthetic.ZipfParameters;
import org.fabrica.traffic.synthetic.UniformFactory;
import org.fabrica.traffic.synthetic.UniformParameters;

/**
 * One configuration run on both network models, the flit model with whole packets on links: an
 * 8 x 8 torus under virtual cut-through by default (generic hardware, DOR with datelines, uniform
 * Bernoulli traffic), measured over a window of generation cycles as the steady mode measures.
 * {@link #kns} gives the OSHA/SASHA study's network instead (a k-ary 2-direct 1-indirect KNS
 * with forwarding interfaces, InfiniBand-like switches, 4 KB packets, KNS DOR, the study's
 * queuing schemes, Zipf or hot-spot traffic), {@link #dawning} the Dawning study's fat tree (an
 * extended k-ary n-tree of Dawning 5000 switches with their per-VC crossbars and priority
 * arbiters, D-mod-k routing, 1 KB packets of 512 flits, uniform, hot-region or sphere traffic).
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
    /** The study's KNS instead of the torus: its scheme label (1vc, sasha-4vc-dbbq, ...), else null. */
    String kns;
    /** With {@link #kns}: zipf (s = 1) or hotspot (node 0, a quarter of the sources). */
    String knsPattern = "zipf";
    /** With {@link #kns} and a dbbq scheme: its network selection instead of the label's (e.g. least-waiting). */
    String selection;
    /**
     * When set, every network choice at a source first reads the transmit-wait counters of every
     * output VC of the source's router and adds them here, weighted by their position (a
     * fingerprint of the counters that both models must give alike).
     */
    java.util.List<Long> waitReadings;
    /** The torus's queuing scheme instead of datelines (null: datelines). */
    java.util.function.Function<QueuingContext, QueuingScheme> queuingOverride;
    /** Replaces the torus's dimension-order routing. */
    RoutingAlgorithm routingOverride;
    /** The throttle instead of none (null: none). */
    java.util.function.Function<org.fabrica.throttle.ThrottleContext, org.fabrica.throttle.Throttle> throttleOverride;
    /** Cycles without a move after which a run is a deadlock. */
    long deadlockCycles = 20_000;
    /** The interfaces' send and receive overheads instead of the hardware's (null: the hardware's). */
    org.fabrica.hardware.EndpointTiming endpoint;
    /** Link errors on both models (the flit model's draws): per bit, and the retransmission timeout. */
    double bitErrorRate;
    int retransmitTimeoutCycles = 2000;
    /** With {@link #kns}: the InfiniBand injection queues (null: the hardware's default, per-vc). */
    String knsInjection;
    /** With {@link #kns}: the InfiniBand SL-to-VL table (empty: none). */
    java.util.List<Integer> slToVl = java.util.List.of();

    /** The Dawning study's fat tree instead of the torus: uniform, hot-region or sphere (else null). */
    String dawningPattern;
    /** With {@link #dawningPattern}: the tree's levels (its k is {@link #k}). */
    int levels = 3;

    /**
     * The Dawning study's network at a smaller size: the extended {@code k}-ary {@code n}-tree of
     * Dawning 5000 switches, D-mod-k, the unicast packets on the unicast and mixed VCs, 1 KB packets,
     * traffic {@code pattern} as in examples/dawning/unicast-1024.yaml (the hot region and the
     * sphere's radius scaled to the tree: 4 hot nodes, radius 1).
     */
    static ModelPair dawning(int k, int n, String pattern) {
        ModelPair p = new ModelPair();
        p.k = k;
        p.levels = n;
        p.crossbar = "per-vc";
        p.dawningPattern = pattern;
        p.packetFlits = 512;
        return p;
    }

    /** The OSHA/SASHA study's k-ary 2-direct 1-indirect KNS with scheme {@code scheme} (its file's labels). */
    static ModelPair kns(int k, String scheme, String pattern, String crossbar) {
        ModelPair p = new ModelPair();
        p.k = k;
        p.kns = scheme;
        p.knsPattern = pattern;
        p.crossbar = crossbar;
        p.packetFlits = 64;
        return p;
    }

    static RouterParts parts() {
        return new FactoryRouterParts().with("round-robin", new RoundRobinFactory()).with("priority",
                new PriorityFactory());
    }

    NetworkSetup setup(NetworkObserver observer) {
        if (kns != null) {
            return knsSetup(observer);
        }
        if (dawningPattern != null) {
            return dawningSetup(observer);
        }
        Topology topology = new TorusFactory().create(Parameters.bind(TorusParameters.class, Map.of("k", k, "n", 2),
                "torus"));
        RoutingAlgorithm routing = new DorFactory().create(topology, Parameters.bind(DorParameters.class,
                Map.of("dateline", "classic", "tie", "plus"), "dor"));
        if (routingOverride != null) {
            routing = routingOverride;
        }
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
                queuingOverride != null ? queuingOverride
                        : c -> new DatelineQueuingFactory().create(c, Parameters.defaults(DatelineQueuingParameters.class)),
                throttleOverride != null ? throttleOverride
                        : c -> new NoThrottleFactory().create(c, Parameters.defaults(NoThrottleParameters.class)), pattern,
                injection, packetFlits, observer, random, new RunLimits(maxCycles, deadlockCycles),
                new ProviderNames("dor", "dateline", "none", "uniform"), endpoint != null ? endpoint : model.endpoint(), parts());
    }

    private NetworkSetup knsSetup(NetworkObserver observer) {
        Topology topology = new KnsFactory().create(Parameters.bind(KnsParameters.class, Map.of("k", k, "n", 2, "s", 1),
                "kns"));
        boolean networks = !kns.equals("1vc") && !kns.startsWith("bbq");
        RoutingAlgorithm routing = new KnsDorFactory().create(topology, Parameters.bind(KnsDorParameters.class,
                Map.of("order", networks ? "network" : "xy"), "kns-dor"));
        java.util.function.Function<QueuingContext, QueuingScheme> queuing = switch (kns) {
            case "1vc" -> c -> new SingleVcFactory().create(c, Parameters.defaults(SingleVcParameters.class));
            case "osha-2vc", "osha-4vc-dbbq", "sasha-2vc", "sasha-4vc-dbbq" -> c -> new DbbqFactory().create(c,
                    Parameters.bind(DbbqParameters.class, Map.of("queuesPerNetwork", kns.contains("4vc") ? 2 : 1,
                            "selection", selection != null ? selection
                                    : kns.startsWith("sasha") ? "least-occupied" : "round-robin"), "dbbq"));
            default -> throw new IllegalArgumentException("scheme " + kns);
        };
        if (waitReadings != null) {
            java.util.function.Function<QueuingContext, QueuingScheme> inner = queuing;
            queuing = c -> new WaitReader(inner.apply(c), c, waitReadings);
        }
        Map<String, Object> hw = new HashMap<>();
        hw.put("vls", 4);
        if (knsInjection != null) {
            hw.put("injectionQueues", knsInjection);
        }
        if (!slToVl.isEmpty()) {
            hw.put("slToVl", slToVl);
        }
        hw.put("linkInterleaving", interleaving);
        hw.put("crossbar", crossbar);
        HardwareModel model = new InfinibandHardwareFactory().create(Parameters.bind(InfinibandParameters.class, hw,
                "infiniband"));
        Map<String, RouterDescription> kinds = new HashMap<>();
        for (int r = 0; r < topology.routers(); r++) {
            kinds.computeIfAbsent(topology.routerKind(r), model::description);
        }
        RandomStreams random = new RandomStreams(seed);
        TrafficPattern pattern = knsPattern.equals("zipf")
                ? new ZipfFactory().create(topology, random.stream("pattern", 0), Parameters.bind(ZipfParameters.class,
                        Map.of("s", 1.0), "zipf"))
                : new HotspotFactory().create(topology, random.stream("pattern", 0), Parameters.bind(
                        HotspotParameters.class, Map.of("hotspots", java.util.List.of(0), "sourceFraction", 0.25), "hotspot"));
        long stop = warmup + measure;
        InjectionProcess injection = new BernoulliFactory().create(topology.nodes(), new OfferedLoad(load, packetFlits,
                stop), Parameters.defaults(BernoulliParameters.class));
        return new NetworkSetup(topology, model.description(), routing, queuing,
                throttleOverride != null ? throttleOverride
                        : c -> new NoThrottleFactory().create(c, Parameters.defaults(NoThrottleParameters.class)), pattern,
                injection, packetFlits, observer, random, new RunLimits(maxCycles, deadlockCycles),
                new ProviderNames("kns-dor", kns, "none", knsPattern), endpoint != null ? endpoint : model.endpoint(), parts(), kinds);
    }

    private NetworkSetup dawningSetup(NetworkObserver observer) {
        Topology topology = new ExtendedKAryNTreeFactory().create(Parameters.bind(ExtendedKAryNTreeParameters.class,
                Map.of("k", k, "n", levels), "extended-kary-ntree"));
        RoutingAlgorithm routing = new DModKFactory().create(topology, Parameters.defaults(DModKParameters.class));
        HardwareModel model = new Dawning5000HardwareFactory().create(Parameters.bind(Dawning5000Parameters.class,
                Map.of("crossbar", crossbar), "dawning5000"));
        RandomStreams random = new RandomStreams(seed);
        TrafficPattern pattern = switch (dawningPattern) {
            case "uniform" -> new UniformFactory().create(topology, random.stream("pattern", 0),
                    Parameters.defaults(UniformParameters.class));
            case "hot-region" -> new HotRegionFactory().create(topology, random.stream("pattern", 0),
                    Parameters.bind(HotRegionParameters.class, Map.of("fraction", 0.25, "regionNodes", 4), "hot-region"));
            case "sphere" -> new SphereFactory().create(topology, random.stream("pattern", 0),
                    Parameters.bind(SphereParameters.class, Map.of("radius", 1, "fraction", 0.8), "sphere"));
            default -> throw new IllegalArgumentException("pattern " + dawningPattern);
        };
        long stop = warmup + measure;
        InjectionProcess injection = new BernoulliFactory().create(topology.nodes(), new OfferedLoad(load, packetFlits,
                stop), Parameters.defaults(BernoulliParameters.class));
        return new NetworkSetup(topology, model.description(), routing,
                c -> new FunctionQueuingFactory().create(c, Parameters.bind(FunctionQueuingParameters.class,
                        Map.of("unicast", java.util.List.of("unicast", "mixed")), "by-function")),
                c -> new NoThrottleFactory().create(c, Parameters.defaults(NoThrottleParameters.class)), pattern,
                injection, packetFlits, observer, random, new RunLimits(maxCycles, deadlockCycles),
                new ProviderNames("dmodk", "by-function", "none", dawningPattern), model.endpoint(), parts());
    }

    /** The flit model, with whole packets on links (and no link errors). */
    Window flit() {
        Window w = new Window(warmup, warmup + measure);
        NetworkModel net = new FlitNetworkFactory().create(setup(w), Parameters.bind(FlitNetworkParameters.class,
                Map.of("bitErrorRate", bitErrorRate, "retransmitTimeoutCycles", retransmitTimeoutCycles), "flit"));
        run(net);
        w.losses = net.lossCounters();
        w.end(net);
        return w;
    }

    Window packet() {
        Window w = new Window(warmup, warmup + measure);
        NetworkModel net = packetModel(w);
        w.calls = run(net);
        w.losses = net.lossCounters();
        w.end(net);
        return w;
    }

    NetworkModel packetModel(NetworkObserver observer) {
        return new PacketNetworkFactory().create(setup(observer), Parameters.bind(PacketNetworkParameters.class,
                Map.of("bitErrorRate", bitErrorRate, "retransmitTimeoutCycles", retransmitTimeoutCycles), "packet"));
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

    /** A queuing scheme that reads every output VC's transmit wait at the source router before each network choice. */
    private static final class WaitReader implements QueuingScheme {
        private final QueuingScheme inner;
        private final QueuingContext context;
        private final java.util.List<Long> readings;

        WaitReader(QueuingScheme inner, QueuingContext context, java.util.List<Long> readings) {
            this.inner = inner;
            this.context = context;
            this.readings = readings;
        }

        @Override
        public long vcMask(int router, int outPort, int vcClass, org.fabrica.routing.PacketView packet) {
            return inner.vcMask(router, outPort, vcClass, packet);
        }

        @Override
        public long injectionVcMask(int node, org.fabrica.routing.PacketView packet) {
            return inner.injectionVcMask(node, packet);
        }

        @Override
        public int virtualNetwork(int node, org.fabrica.routing.PacketView packet) {
            int r = context.topology().nodeRouter(node);
            long sum = 0;
            for (int port = 0, i = 1; port < context.topology().ports(r); port++) {
                for (int vc = 0; vc < context.vcs(); vc++, i++) {
                    sum += i * context.transmitWait(r, port, vc);
                }
            }
            readings.add(sum);
            return inner.virtualNetwork(node, packet);
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
        boolean truncated;
        /** The model's loss counters (unicastDropped, retransmitted; empty without a loss). */
        Map<String, Long> losses = Map.of();
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
            truncated = net.truncated();
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
