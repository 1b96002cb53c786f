package org.fabrica.experiment.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.kernel.SimulationKernel;
import org.fabrica.network.NetworkModel;
import org.fabrica.network.NetworkSetup;
import org.fabrica.network.ProviderNames;
import org.fabrica.network.RunLimits;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.PacketCounts;
import org.fabrica.stats.collectors.SpaceTimeRecorder;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.fabrica.topology.rails.RailRouting;
import org.fabrica.topology.rails.RailTopology;
import org.fabrica.topology.rails.Rails;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.schedule.PlannedRoutes;

/**
 * An experiment resolved against the registered providers: every provider found (highest
 * ranking), every parameter bound, every combination checked by building it, and the list of
 * points. Everything that can be wrong with an experiment is found here, before any simulation
 * runs and before anything is written (docs/architecture.md, "Experiments and results"). The
 * experiment's study mode resolves it ({@link StudyMode#resolve}), expands its points and writes
 * its resolved form ({@link ResolvedExperiment}); the plan holds the result and builds each
 * point's instances ({@link #assemble}).
 */
public final class SweepPlan implements StudyPlan {
    /** Kind of the random stream a traffic pattern draws its once-per-run choices from. */
    static final String PATTERN_STREAM = "traffic.pattern";

    /**
     * A scheme with its providers bound; {@code routesFrom} is the scheduler whose plan gives the
     * routing its routes ({@link org.fabrica.traffic.schedule.PlannedRoutes}), or null.
     */
    public record BoundScheme(int index, String label, BoundProvider routing, BoundProvider queuing,
            BoundProvider throttle, BoundProvider routesFrom) {
        /** A scheme whose routing decides alone. */
        public BoundScheme(int index, String label, BoundProvider routing, BoundProvider queuing,
                BoundProvider throttle) {
            this(index, label, routing, queuing, throttle, null);
        }
    }

    /**
     * The instances of one point, ready to run; {@code routes} are the scheduler-planned routes of a
     * scheme with {@code routing.from} (else null), {@code player} what the mode plays the traffic
     * from ({@link PointTraffic.Traffic#player}).
     */
    public record Assembly(Topology topology, RoutingAlgorithm routing, NetworkModel network, SimulationKernel kernel,
            ProviderNames names, InjectionProcess injection, TrafficPattern pattern,
            PlannedRoutes routes, Object player,
            org.fabrica.collective.CollectiveEngine collectives, org.fabrica.collective.Groups collectiveGroups) {

        /** The player as the mode that made it knows it. */
        <T> T player(Class<T> type) {
            return type.cast(player);
        }
    }

    private final ExperimentDocument document;
    private final ExperimentSpec spec;
    private final BoundProvider topology;
    private final BoundProvider hardware;
    private final BoundProvider network;
    private final BoundProvider kernel;
    private final BoundProvider injection;
    private final List<BoundProvider> patterns;
    private final List<BoundScheme> schemes;
    private final Topology topologyInstance;
    /** The network's topology: {@link #topologyInstance}, or its multi-rail network ({@link #rails(Rails)}). */
    private Topology networkTopology;
    private Rails rails;
    private final RouterParameters router;
    /** The router the hardware model describes, and its allocator parts resolved among the providers. */
    private RouterDescription description;
    private RegistryRouterParts routerParts;
    /** The hardware model's router per router kind of the topology (every kind, the default one too). */
    private Map<String, RouterDescription> routerKinds = Map.of();
    /** The schemes that run on hardware of their own ({@code schemes[i].hardware}), by scheme index. */
    private final Map<Integer, SchemeHardware> schemeHardware = new java.util.HashMap<>();
    /** End-node overheads of the hardware model, given to the network. */
    private final EndpointTiming endpoint;
    private List<StudyPoint> points;
    /** The experiment's variants as one sweep, or null without variants ({@link #variants(VariantPlans)}). */
    private VariantPlans variantPlans;
    private final String experimentId;
    private final ObjectNode resolved;
    /** Cycles a point is expected to take, for progress; -1 when progress is counted in packets. */
    private long expectedCycles = -1;
    private java.util.function.ToLongFunction<StudyPoint> expectedPackets;
    /** What a point is doing at a cycle, for progress ({@link #phaseAt}); null when the mode does not say. */
    private java.util.function.LongFunction<String> phase;
    /** Space-time charts: the lines of buffers recorded (null when not requested). */
    private List<SpaceTimeRecorder.Line> spaceTimeLines;
    /** The statistics collectors every point runs (empty: none, the default). */
    private final List<StatisticsSelection.Bound> statistics;
    /** What the collectors are told about a point (null without collectors). */
    private final CollectorContext collectorContext;
    /** Where a point's packets come from (null in a plan without packet simulation). */
    private final PointTraffic traffic;
    /**
     * A plan without packet simulation: its providers by path, as its mode bound them (null for a
     * simulation plan, whose providers are the fields above).
     */
    private final Map<String, BoundProvider> providers;
    /** What the mode resolved beyond the fields here (a played mode's rows), or null. */
    private final Object modeState;
    /** The providers the mode bound itself (e.g. the schedulers of a mode that plays their plans), in file order. */
    private final List<BoundProvider> modeProviders;
    /**
     * Packet length in flits: the file's packetFlits, or its packetBytes converted once with the
     * hardware's flit size, or the length a mode playing its own packets gives (0 without packet simulation).
     */
    private final int packetFlits;
    /**
     * Column labels: the schemes' labels, or those a mode without packet simulation gave
     * ({@link ComputedStudiesService}).
     */
    private final List<String> columnLabels;

    /**
     * A plan of packet simulation whose points take their packets from {@code traffic};
     * {@code modeState} is what the mode resolved beyond the fields here (a played mode's rows),
     * or null. The mode checks the combinations afterwards.
     */
    SweepPlan(ExperimentDocument document, ExperimentSpec spec, BoundProvider topology, BoundProvider hardware,
            BoundProvider network, BoundProvider kernel, BoundProvider injection, List<BoundProvider> patterns,
            List<BoundScheme> schemes, Topology topologyInstance, RouterParameters router, EndpointTiming endpoint,
            Object modeState, int packetFlits, PointTraffic traffic) {
        this(document, spec, topology, hardware, network, kernel, injection, patterns, schemes, topologyInstance, router,
                endpoint, modeState, packetFlits, traffic, List.of(), null, List.of());
    }

    /**
     * A plan of packet simulation whose mode bound providers of its own ({@code modeProviders}, e.g.
     * a played mode's schedulers or mappings: {@link PlayedStudiesService}), listed among the plan's providers.
     */
    SweepPlan(ExperimentDocument document, ExperimentSpec spec, BoundProvider topology, BoundProvider hardware,
            BoundProvider network, BoundProvider kernel, BoundProvider injection, List<BoundProvider> patterns,
            List<BoundScheme> schemes, Topology topologyInstance, RouterParameters router, EndpointTiming endpoint,
            Object modeState, int packetFlits, PointTraffic traffic, List<BoundProvider> modeProviders) {
        this(document, spec, topology, hardware, network, kernel, injection, patterns, schemes, topologyInstance, router,
                endpoint, modeState, packetFlits, traffic, List.of(), null, modeProviders);
    }

    /**
     * A plan of packet simulation whose points also run the statistics collectors
     * {@code statistics} (bound and checked), telling them {@code collectorContext}.
     */
    SweepPlan(ExperimentDocument document, ExperimentSpec spec, BoundProvider topology, BoundProvider hardware,
            BoundProvider network, BoundProvider kernel, BoundProvider injection, List<BoundProvider> patterns,
            List<BoundScheme> schemes, Topology topologyInstance, RouterParameters router, EndpointTiming endpoint,
            Object modeState, int packetFlits, PointTraffic traffic, List<StatisticsSelection.Bound> statistics,
            CollectorContext collectorContext) {
        this(document, spec, topology, hardware, network, kernel, injection, patterns, schemes, topologyInstance, router,
                endpoint, modeState, packetFlits, traffic, statistics, collectorContext, List.of());
    }

    private SweepPlan(ExperimentDocument document, ExperimentSpec spec, BoundProvider topology, BoundProvider hardware,
            BoundProvider network, BoundProvider kernel, BoundProvider injection, List<BoundProvider> patterns,
            List<BoundScheme> schemes, Topology topologyInstance, RouterParameters router, EndpointTiming endpoint,
            Object modeState, int packetFlits, PointTraffic traffic, List<StatisticsSelection.Bound> statistics,
            CollectorContext collectorContext, List<BoundProvider> modeProviders) {
        this.modeProviders = List.copyOf(modeProviders);
        this.statistics = List.copyOf(statistics);
        this.collectorContext = collectorContext;
        this.modeState = modeState;
        this.traffic = traffic;
        this.packetFlits = packetFlits;
        this.document = document;
        this.spec = spec;
        this.topology = topology;
        this.hardware = hardware;
        this.network = network;
        this.kernel = kernel;
        this.injection = injection;
        this.patterns = patterns;
        this.schemes = schemes;
        this.topologyInstance = topologyInstance;
        this.networkTopology = topologyInstance;
        this.router = router;
        this.endpoint = endpoint;
        this.providers = null;
        List<String> columns = new ArrayList<>();
        for (BoundScheme s : schemes) {
            columns.add(s.label());
        }
        this.columnLabels = List.copyOf(columns);
        this.points = spec.study().points(spec);
        this.resolved = spec.study().resolved(this);
        this.experimentId = ResolvedExperiment.id(resolved, presentationKeys(spec));
    }

    /**
     * A plan without packet simulation ({@link ComputedStudiesService}): the providers
     * the mode bound, by path in file order, its columns, and what else it resolved.
     */
    SweepPlan(ExperimentDocument document, ExperimentSpec spec, Map<String, BoundProvider> providers,
            List<String> columnLabels, Object modeState) {
        this.document = document;
        this.spec = spec;
        this.topology = null;
        this.hardware = null;
        this.network = null;
        this.kernel = null;
        this.injection = null;
        this.patterns = List.of();
        this.schemes = List.of();
        this.traffic = null;
        this.packetFlits = 0;
        this.topologyInstance = null;
        this.router = null;
        this.endpoint = null;
        this.providers = new LinkedHashMap<>(providers);
        this.modeProviders = List.of();
        this.statistics = List.of();
        this.collectorContext = null;
        this.modeState = modeState;
        this.columnLabels = List.copyOf(columnLabels);
        this.points = spec.study().points(spec);
        this.resolved = spec.study().resolved(this);
        this.experimentId = ResolvedExperiment.id(resolved, presentationKeys(spec));
    }

    /**
     * Resolves and checks an experiment: its study mode does ({@link StudyMode#resolve}).
     *
     * @throws ExperimentException naming the key path, its place in the file, and the fix
     */
    public static SweepPlan resolve(ExperimentDocument doc, ExperimentSpec spec, ProviderLookup registry) {
        return Owned.plan(spec.study().resolve(doc, spec, registry));
    }

    /** Builds every pattern, and the injection process at each of {@code loads} (the mode's loads to probe). */
    void checkTraffic(List<Double> loads) {
        RandomStreams streams = new RandomStreams(spec.seeds().get(0));
        for (BoundProvider p : patterns) {
            ProviderBinding.build(document, p, () -> p.pattern(topologyInstance, streams.stream(PATTERN_STREAM, 0)));
        }
        for (double load : loads) {
            ProviderBinding.build(document, injection, () -> injection.injection(topologyInstance.nodes(),
                    new OfferedLoad(load, packetFlits, Long.MAX_VALUE)));
        }
    }

    /**
     * Builds one network per scheme, at the first of {@code loads}, and checks what the outputs
     * need (space-time charts).
     */
    void checkSchemes(List<Double> loads) {
        if (spec.spaceTime() != null) {
            if (rails != null) {
                throw document.error("outputs.spaceTime", "space-time charts show the buffers of a torus's routers, and"
                        + " a multi-rail network has several planes of them; remove outputs.spaceTime or topology.rails");
            }
            if (!(topologyInstance instanceof CartesianTopology c) || c.dimensions() != 2) {
                throw document.error("outputs.spaceTime", "space-time charts need a 2-dimensional torus or mesh (they "
                        + "show a row and a column of routers); topology " + topologyInstance.describe() + " is not one");
            }
            spaceTimeLines = SpaceTimeRecorder.torusLines(c);
        }
        for (BoundScheme s : schemes) {
            StudyPoint probe = new StudyPoint(-1, "validation", 0, s.index(), loads.get(0), spec.seeds().get(0));
            Assembly built;
            try {
                built = assemble(probe, new PacketCounts());
            } catch (ProviderFailure f) {
                throw document.error(f.provider().choice().path(), "scheme '" + s.label() + "': " + f.getMessage()
                        + " (topology " + topologyInstance.describe() + ", " + router.vcs() + " VCs per port)", f);
            } catch (RuntimeException e) {
                throw document.error("schemes[" + s.index() + "]", "scheme '" + s.label() + "' cannot be built: "
                        + ProviderFailure.message(e), e);
            }
            if (spaceTimeLines != null) {
                try {
                    new SpaceTimeRecorder(built.network().buffers(), spaceTimeLines, spec.spaceTime());
                } catch (UnsupportedOperationException e) {
                    throw document.error("outputs.spaceTime", "space-time charts need buffer occupancy, and "
                            + network.describe() + " does not expose it (NetworkModel.buffers()); remove "
                            + "outputs.spaceTime or use a network model that does");
                } catch (IllegalArgumentException e) {
                    throw document.error("outputs.spaceTime", e.getMessage());
                }
            }
        }
    }

    /**
     * Creates the instances of a point. A provider's failure is a {@link ProviderFailure} naming it.
     */
    public Assembly assemble(StudyPoint point, NetworkObserver observer) {
        return assemble(point, traffic -> observer);
    }

    /**
     * Creates the instances of a point, with observers made for its traffic: series collectors read
     * the injection process's offered load, a steady measurement of
     * the foreground the pattern ({@link org.fabrica.traffic.TrafficPattern#foreground}). A provider's
     * failure is a {@link ProviderFailure} naming it.
     */
    public Assembly assemble(StudyPoint point,
            java.util.function.Function<PointTraffic.Traffic, NetworkObserver> observers) {
        return assemble(point, null, observers);
    }

    /** As {@link #assemble(StudyPoint, java.util.function.Function)}, the packets from {@code modeTraffic} (a mode's own) when not null. */
    public Assembly assemble(StudyPoint point, PointTraffic modeTraffic,
            java.util.function.Function<PointTraffic.Traffic, NetworkObserver> observers) {
        BoundScheme scheme = schemes.get(point.scheme());
        RandomStreams streams = new RandomStreams(point.seed());
        PointTraffic.Traffic t = (modeTraffic != null ? modeTraffic : traffic).create(this, point, scheme, streams);
        BoundProvider routingBound = t.routing();
        RoutingAlgorithm routing = routing(routingBound, streams);
        if (routing == null) {
            throw new ProviderFailure(scheme.routing(), new IllegalStateException("the factory returned no algorithm"));
        }
        NetworkObserver observer = observers.apply(t);
        ProviderNames names = new ProviderNames(scheme.routing().provider().label(),
                scheme.queuing().provider().label(), scheme.throttle().provider().label(), t.label(), t.collectiveName());
        SchemeHardware own = schemeHardware.get(point.scheme());
        NetworkSetup setup = new NetworkSetup(networkTopology, own == null ? description : own.description(), routing,
                ctx -> call(scheme.queuing(), () -> scheme.queuing().queuing(ctx)),
                ctx -> call(scheme.throttle(), () -> scheme.throttle().throttle(ctx)),
                t.pattern(), t.injection(), packetFlits(), observer, streams,
                new RunLimits(maxCycles(), spec.deadlockCycles()), names, own == null ? endpoint : own.endpoint(),
                own == null ? routerParts : own.parts(), own == null ? routerKinds : own.kinds())
                .withCollectives(t.collectives(), t.program());
        NetworkModel model = call(network, () -> network.network(setup));
        SimulationKernel k = call(kernel, kernel::kernel);
        return new Assembly(networkTopology, routing, model, k, names, t.injection(), t.pattern(), t.routes(),
                t.player(), t.collectives(), t.groups());
    }

    /**
     * The routing of a point: the provider's algorithm on the topology, or with rails one instance
     * per plane behind the interfaces' plane selection ({@link RailRouting}); null when a factory
     * returned none. A failure is a {@link ProviderFailure} naming the provider.
     */
    public RoutingAlgorithm routing(BoundProvider routingBound, RandomStreams streams) {
        if (rails == null) {
            return call(routingBound, () -> routingBound.routing(topologyInstance, streams));
        }
        RoutingAlgorithm[] planes = new RoutingAlgorithm[rails.planes()];
        for (int p = 0; p < planes.length; p++) {
            planes[p] = call(routingBound, () -> routingBound.routing(topologyInstance, streams));
            if (planes[p] == null) {
                return null;
            }
        }
        return new RailRouting((RailTopology) networkTopology, planes, rails.selection());
    }

    /** Makes the network a multi-rail network of the topology ({@link RailTopology}); before {@link #describeRouter}. */
    void rails(Rails r) {
        this.rails = r;
        this.networkTopology = r.network(topologyInstance);
    }

    /** The rails of the network, or null for the topology alone. */
    Rails rails() {
        return rails;
    }

    /** Routers of the network the points simulate: the topology's, or with rails the planes' and the interfaces'. */
    public int networkRouters() {
        return networkTopology.routers();
    }

    /** Last cycle + 1 a point may run: the experiment's {@code maxCycles} (or what the mode derives from its keys). */
    public long maxCycles() {
        return spec.maxCycles();
    }

    /** The mode's keys that do not enter the id ({@link org.fabrica.experiment.study.StudyMode#presentationKeys}). */
    static List<String> presentationKeys(ExperimentSpec spec) {
        return spec.study() == null ? List.of() : spec.study().presentationKeys();
    }

    /**
     * Cycles a point is expected to take, for progress (steady: warm-up + measurement; ramp: the
     * ramp's end); -1 when progress is counted in delivered packets.
     */
    @Override
    public long expectedCycles() {
        return expectedCycles;
    }

    /**
     * Packets a point is expected to deliver, for progress when its length in cycles is unknown
     * (a replayed trace); -1 when not known (progress then counts delivered against generated packets).
     */
    public long expectedPackets(StudyPoint point) {
        return expectedPackets == null ? -1 : expectedPackets.applyAsLong(point);
    }

    /** Sets the packets each point is expected to deliver (the mode, at validation). */
    void expectPackets(java.util.function.ToLongFunction<StudyPoint> packets) {
        this.expectedPackets = packets;
    }

    /** Sets the cycles a point is expected to take (the mode, at validation). */
    void expectCycles(long cycles) {
        this.expectedCycles = cycles;
    }

    /**
     * What a point of this plan is doing when it is about to simulate {@code cycle}, for the run's
     * progress ("warm-up to cycle 195,000", "drain, limit at cycle 976,000"); null when the mode
     * does not say (its points are told by cycle and packets alone).
     */
    public String phaseAt(long cycle) {
        return phase == null ? null : phase.apply(cycle);
    }

    /** Sets what a point is doing at each cycle (the mode, at validation). */
    void phases(java.util.function.LongFunction<String> phaseAt) {
        this.phase = phaseAt;
    }

    /** The statistics collectors every point runs, in file order; empty when the experiment has none. */
    public List<StatisticsSelection.Bound> statistics() {
        return statistics;
    }

    /** What the statistics collectors are told about a point, or null when there are none. */
    public CollectorContext collectorContext() {
        return collectorContext;
    }

    /** The lines of buffers of the space-time charts, or null when none are recorded. */
    public List<SpaceTimeRecorder.Line> spaceTimeLines() {
        return spaceTimeLines;
    }

    /** Calls a provider's code; a failure is a {@link ProviderFailure} naming the provider. */
    public static <T> T call(BoundProvider provider, Supplier<T> s) {
        try {
            return s.get();
        } catch (ProviderFailure f) {
            throw f;
        } catch (RuntimeException e) {
            ProviderFailure inner = ProviderFailure.find(e);
            throw inner != null ? inner : new ProviderFailure(provider, e);
        }
    }

    /** The hardware model's router description and its parts, resolved now so that bad names fail validation. */
    void describeRouter(ExperimentDocument doc, RouterDescription d, ProviderLookup registry) {
        this.description = d;
        this.routerKinds = routerKinds(doc);
        try {
            this.routerParts = RegistryRouterParts.resolve(d, registry, hardware.describe());
        } catch (ExperimentException e) {
            throw doc.error(hardware.choice().path(), e.getMessage(), e);
        }
    }

    /**
     * A scheme's own hardware ({@code schemes[i].hardware}): the experiment's model with some
     * parameters changed, and what the network builds from it.
     */
    record SchemeHardware(BoundProvider hardware, RouterDescription description, EndpointTiming endpoint,
            RegistryRouterParts parts, Map<String, RouterDescription> kinds) {
    }

    /** A scheme's own hardware in the resolved file: every parameter of its model, without the name (the experiment's). */
    void putSchemeHardware(ObjectNode scheme, BoundScheme s) {
        SchemeHardware own = schemeHardware(s.index());
        if (own != null) {
            ObjectNode hw = ResolvedExperiment.providerNode(own.hardware());
            hw.remove("name");
            scheme.set("hardware", hw);
        }
    }
    /** Binds the hardware of every scheme that has its own ({@code schemes[i].hardware}) and checks it. */
    void bindSchemeHardware(ExperimentDocument doc, ProviderLookup registry) {
        for (int i = 0; i < spec.schemes().size(); i++) {
            ProviderChoice own = spec.schemes().get(i).hardware();
            if (own != null) {
                schemeHardware(doc, i, ProviderBinding.bind(doc, own, registry), registry);
            }
        }
    }

    /**
     * Resolves the hardware of scheme {@code index} now, so that bad values fail validation: its
     * description, end-node timing, allocator parts and router kinds. It must keep the experiment's
     * flit size and clock, so that loads, packet lengths and latencies mean the same in every scheme.
     */
    void schemeHardware(ExperimentDocument doc, int index, BoundProvider hw, ProviderLookup registry) {
        HardwareModel model = ProviderBinding.build(doc, hw, hw::hardware);
        RouterDescription d = ProviderBinding.description(doc, hw, model);
        if (d.flitBytes() != description.flitBytes() || d.cycleNanoseconds() != description.cycleNanoseconds()) {
            throw doc.error(hw.choice().path(), hw.choice().path() + " gives " + d.flitBytes() + "-byte flits and "
                    + d.cycleNanoseconds() + " ns cycles, the experiment's hardware " + description.flitBytes()
                    + "-byte flits and " + description.cycleNanoseconds() + " ns cycles; a scheme's hardware must keep"
                    + " both (loads, packet lengths and latencies are counted in them): change them in the"
                    + " experiment's hardware, or compare in separate experiments");
        }
        EndpointTiming e = ProviderBinding.build(doc, hw, () -> {
            EndpointTiming t = model.endpoint();
            if (t == null) {
                throw new IllegalStateException("the hardware model returned no endpoint timing");
            }
            return t;
        });
        RegistryRouterParts parts;
        try {
            parts = RegistryRouterParts.resolve(d, registry, hw.describe());
        } catch (ExperimentException x) {
            throw doc.error(hw.choice().path(), x.getMessage(), x);
        }
        schemeHardware.put(index, new SchemeHardware(hw, d, e, parts, routerKinds(doc, hw)));
    }

    /** Scheme {@code index}'s own hardware, or null when it runs on the experiment's. */
    SchemeHardware schemeHardware(int index) {
        return schemeHardware.get(index);
    }

    private Map<String, RouterDescription> routerKinds(ExperimentDocument doc) {
        return routerKinds(doc, hardware);
    }

    /**
     * Asks the hardware model once per router kind the topology has ({@code Topology.routerKind}) for
     * that kind's router; a failure names the hardware model and the kind.
     */
    private Map<String, RouterDescription> routerKinds(ExperimentDocument doc, BoundProvider hardware) {
        if (topologyInstance == null) {
            return Map.of();
        }
        java.util.Set<String> kinds = new java.util.LinkedHashSet<>();
        for (int r = 0; r < networkTopology.routers(); r++) {
            kinds.add(networkTopology.routerKind(r));
        }
        if (kinds.size() == 1 && kinds.contains(Topology.SWITCH)) {
            return Map.of(); // the common case: every router is the hardware model's router
        }
        org.fabrica.hardware.HardwareModel model = ProviderBinding.build(doc, hardware, hardware::hardware);
        Map<String, RouterDescription> m = new LinkedHashMap<>();
        for (String kind : kinds) {
            if (kind == null || kind.isBlank()) {
                throw doc.error(topology.choice().path(), "topology '" + topology.provider().name()
                        + "' gives a router no kind; a topology names each router's kind (\"switch\", \"interface\", ...)");
            }
            m.put(kind, ProviderBinding.build(doc, hardware, () -> {
                RouterDescription k = model.description(kind);
                if (k == null) {
                    throw new IllegalStateException("the hardware model returned no router description for routers of kind '"
                            + kind + "'");
                }
                return k;
            }));
        }
        return m;
    }

    /** The resolved experiment as YAML, with its provenance ({@link ResolvedExperiment#yaml}); it can be run again as it is. */
    public String resolvedYaml(String fabricaVersion, String createdAt) {
        return resolvedYaml(fabricaVersion, null, createdAt);
    }

    /** As {@link #resolvedYaml(String, String)}, naming the source commit Fabrica was built from (null if unknown). */
    public String resolvedYaml(String fabricaVersion, String commit, String createdAt) {
        return resolvedYaml(fabricaVersion, commit, createdAt, Set.of());
    }

    /**
     * As {@link #resolvedYaml(String, String, String)}, naming the earlier experiment ids whose
     * journal lines the run continues ({@code provenance.continues}; the runner's EarlierExperiments).
     */
    public String resolvedYaml(String fabricaVersion, String commit, String createdAt, Set<String> continues) {
        return ResolvedExperiment.yaml(this, variantPlans == null ? resolved : variantPlans.resolved(), fabricaVersion,
                commit, createdAt, continues);
    }

    /** The resolved experiment as the mode wrote it, without provenance (and without variants). */
    ObjectNode resolvedNode() {
        return resolved;
    }

    /**
     * Makes this plan (the experiment without its variants) the sweep of its variants: points,
     * columns, id, summary and resolved form are then theirs. Called once, after resolving.
     */
    public void variants(VariantPlans v) {
        this.variantPlans = v;
    }

    /** The variants, or null when the experiment has none. */
    public VariantPlans variantPlans() {
        return variantPlans;
    }

    /** Gives this plan's point ids a prefix (a variant's points, {@link VariantPlans#prefix}). Called once, after resolving. */
    public void prefixPoints(String prefix) {
        List<StudyPoint> out = new ArrayList<>(points.size());
        for (StudyPoint p : points) {
            out.add(new StudyPoint(p.index(), prefix + p.pointId(), p.pattern(), p.scheme(), p.load(), p.seed()));
        }
        points = List.copyOf(out);
    }

    /** The plan a point runs on: this one, or its variant's ({@link VariantPlans#planOf}). */
    public SweepPlan planOf(StudyPoint p) {
        return variantPlans == null ? this : variantPlans.planOf(p);
    }

    /** The point as its plan ({@link #planOf}) knows it: itself, or its variant's own point. */
    public StudyPoint localPoint(StudyPoint p) {
        return variantPlans == null ? p : variantPlans.local(p);
    }

    /** The providers the mode bound itself ({@link PlayedStudiesService}), in file order; none for the other modes. */
    public List<BoundProvider> modeProviders() {
        return modeProviders;
    }

    /** Every bound provider by its path in the file. */
    public Map<String, BoundProvider> providersByPath() {
        if (providers != null) {
            return new LinkedHashMap<>(providers); // a plan without simulation
        }
        Map<String, BoundProvider> m = new LinkedHashMap<>();
        m.put("topology", topology);
        m.put("hardware", hardware);
        m.put("network", network);
        m.put("kernel", kernel);
        for (BoundProvider p : patterns) {
            m.put(p.choice().path(), p);
        }
        if (injection != null) {
            m.put("traffic.injection", injection);
        }
        for (BoundProvider p : modeProviders) {
            m.put(p.choice().path(), p);
        }
        for (BoundScheme s : schemes) {
            m.put(s.routing().choice().path(), s.routing());
            if (s.routesFrom() != null) {
                m.put(s.routesFrom().choice().path(), s.routesFrom());
            }
            m.put(s.queuing().choice().path(), s.queuing());
            m.put(s.throttle().choice().path(), s.throttle());
            SchemeHardware own = schemeHardware.get(s.index());
            if (own != null) {
                m.put(own.hardware().choice().path(), own.hardware());
            }
        }
        for (StatisticsSelection.Bound s : statistics) {
            m.put(s.collector().choice().path(), s.collector());
        }
        return m;
    }

    /** A few lines describing the sweep, for {@code validate} ({@link StudyMode#summary}). */
    public String summary() {
        return variantPlans != null ? variantPlans.summary() : spec.study().summary(this);
    }

    public ExperimentDocument document() {
        return document;
    }

    /** The router the hardware model describes (null without packet simulation). */
    RouterDescription description() {
        return description;
    }

    public ExperimentSpec spec() {
        return spec;
    }

    public List<StudyPoint> points() {
        return variantPlans != null ? variantPlans.points() : points;
    }

    public String experimentId() {
        return variantPlans != null ? variantPlans.experimentId() : experimentId;
    }

    /** What the mode resolved beyond the plan's fields, or null. */
    @Override
    public Object state() {
        return modeState;
    }

    /**
     * Column labels: the schemes' labels, or those a mode without packet simulation gave
     * ({@link ComputedStudiesService}).
     */
    public List<String> columnLabels() {
        return variantPlans != null ? variantPlans.columnLabels() : columnLabels;
    }

    public List<BoundScheme> schemes() {
        return schemes;
    }

    public List<BoundProvider> patterns() {
        return patterns;
    }

    public Topology topology() {
        return topologyInstance;
    }


    /**
     * Packet length in flits: the file's (converted from packetBytes with the hardware's flit size
     * when the file gives bytes), or the length a mode playing its own packets gives.
     */
    @Override
    public int packetFlits() {
        return packetFlits;
    }

    public RouterParameters router() {
        return router;
    }

    public BoundProvider networkProvider() {
        return network;
    }

    public BoundProvider kernelProvider() {
        return kernel;
    }

    public BoundProvider topologyProvider() {
        return topology;
    }

    public BoundProvider hardwareProvider() {
        return hardware;
    }

    public BoundProvider injectionProvider() {
        return injection;
    }
}