package org.fabrica.experiment.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabrica.experiment.ExperimentException;
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
import org.fabrica.params.ParameterSchema;
import org.fabrica.params.Parameters;
import org.fabrica.params.Suggestions;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.scheduler.Plan;
import org.fabrica.stats.CsvWriter;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.SpaceTimeRecorder;
import org.fabrica.stats.collectors.SteadyStateCollector;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.fabrica.topology.TreeTopology;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.schedule.PlanPrinter;
import org.fabrica.traffic.schedule.SchedulePlayback;

/**
 * An experiment resolved against the registered providers: every provider found (highest
 * ranking), every parameter bound, every combination checked by building it, and the list of
 * points. Everything that can be wrong with an experiment is found here, before any simulation
 * runs and before anything is written (docs/architecture.md, "Experiments and results").
 */
public final class SweepPlan {
    /** Kind of the random stream a traffic pattern draws its once-per-run choices from. */
    static final String PATTERN_STREAM = "traffic.pattern";

    /**
     * A scheme with its providers bound; {@code routesFrom} is the scheduler whose plan gives the
     * routing its routes ({@link RoutesFromScheduler}), or null; {@code scheduler} is mode m2n's
     * scheduler that plans the communications, or null.
     */
    public record BoundScheme(int index, String label, BoundProvider routing, BoundProvider queuing,
            BoundProvider throttle, BoundProvider routesFrom, BoundProvider scheduler) {
        /** A scheme whose routing decides alone, without scheduler. */
        public BoundScheme(int index, String label, BoundProvider routing, BoundProvider queuing,
                BoundProvider throttle) {
            this(index, label, routing, queuing, throttle, null, null);
        }

        /** A scheme with routes from a scheduler (or null), without m2n scheduler (every mode but m2n). */
        public BoundScheme(int index, String label, BoundProvider routing, BoundProvider queuing,
                BoundProvider throttle, BoundProvider routesFrom) {
            this(index, label, routing, queuing, throttle, routesFrom, null);
        }
    }

    /**
     * The instances of one point, ready to run; {@code routes} are the scheduler-planned routes of a
     * scheme with {@code routing.from} (else null); {@code plan} and {@code playback} are mode m2n's
     * plan and its playback (else null).
     */
    record Assembly(Topology topology, RoutingAlgorithm routing, NetworkModel network, SimulationKernel kernel,
            ProviderNames names, InjectionProcess injection, TrafficPattern pattern,
            RoutesFromScheduler.Planned routes, Plan plan, SchedulePlayback playback) {
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
    private final RouterParameters router;
    /** The router the hardware model describes, and its allocator parts resolved among the providers. */
    private RouterDescription description;
    private RegistryRouterParts routerParts;
    /** End-node overheads of the hardware model, given to the network. */
    private final EndpointTiming endpoint;
    private final List<PointPlan> points;
    private final String experimentId;
    private final ObjectNode resolved;
    /** Ramp mode: the cycle at which the ramp's offered load returns to zero, estimated at validation. */
    private long rampEnd = -1;
    /** Space-time charts: the lines of buffers recorded (null when not requested). */
    private List<SpaceTimeRecorder.Line> spaceTimeLines;
    /** Schedulability mode: the topologies, their instances and the schedulers (empty in the other modes). */
    private final List<BoundProvider> topologies;
    private final List<TreeTopology> trees;
    private final List<BoundProvider> schedulers;
    /** Mode m2n: the communications resolved against the topology and hardware (null in the other modes). */
    private final M2nTraffic m2n;
    /**
     * Packet length in flits: the file's packetFlits, or its packetBytes converted once with the
     * hardware's flit size, or in mode m2n the hardware's maximum-payload packet (0 in schedulability).
     */
    private final int packetFlits;

    private SweepPlan(ExperimentDocument document, ExperimentSpec spec, BoundProvider topology, BoundProvider hardware,
            BoundProvider network, BoundProvider kernel, BoundProvider injection, List<BoundProvider> patterns,
            List<BoundScheme> schemes, Topology topologyInstance, RouterParameters router, EndpointTiming endpoint,
            int packetFlits) {
        this(document, spec, topology, hardware, network, kernel, injection, patterns, schemes, topologyInstance, router,
                endpoint, null, packetFlits);
    }

    private SweepPlan(ExperimentDocument document, ExperimentSpec spec, BoundProvider topology, BoundProvider hardware,
            BoundProvider network, BoundProvider kernel, BoundProvider injection, List<BoundProvider> patterns,
            List<BoundScheme> schemes, Topology topologyInstance, RouterParameters router, EndpointTiming endpoint,
            M2nTraffic m2n, int packetFlits) {
        this.m2n = m2n;
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
        this.router = router;
        this.endpoint = endpoint;
        this.topologies = List.of();
        this.trees = List.of();
        this.schedulers = List.of();
        this.points = points(spec);
        this.resolved = resolvedTree();
        this.experimentId = id(resolved);
    }

    /** A schedulability experiment's plan (docs/studies/levelwise.md): no simulation providers. */
    private SweepPlan(ExperimentDocument document, ExperimentSpec spec, List<BoundProvider> topologies,
            List<TreeTopology> trees, List<BoundProvider> schedulers) {
        this.document = document;
        this.spec = spec;
        this.topology = null;
        this.hardware = null;
        this.network = null;
        this.kernel = null;
        this.injection = null;
        this.patterns = List.of();
        this.schemes = List.of();
        this.m2n = null;
        this.packetFlits = 0;
        this.topologyInstance = null;
        this.router = null;
        this.endpoint = null;
        this.topologies = topologies;
        this.trees = trees;
        this.schedulers = schedulers;
        this.points = points(spec);
        this.resolved = resolvedTree();
        this.experimentId = id(resolved);
    }

    /**
     * Resolves and checks an experiment.
     *
     * @throws ExperimentException naming the key path, its place in the file, and the fix
     */
    public static SweepPlan resolve(ExperimentDocument doc, ExperimentSpec spec, ProviderRegistry registry) {
        if (spec.mode() == ExperimentSpec.Mode.SCHEDULABILITY) {
            return resolveSchedulability(doc, spec, registry);
        }
        if (spec.mode() == ExperimentSpec.Mode.M2N) {
            return resolveM2n(doc, spec, registry);
        }
        BoundProvider topology = bind(doc, spec.topology(), registry);
        BoundProvider hardware = bind(doc, spec.hardware(), registry);
        BoundProvider network = bind(doc, spec.network(), registry);
        BoundProvider kernel = bind(doc, spec.kernel(), registry);
        List<BoundProvider> patterns = new ArrayList<>();
        for (ProviderChoice p : spec.patterns()) {
            patterns.add(bind(doc, p, registry));
        }
        BoundProvider injection = bind(doc, spec.injection(), registry);
        List<BoundScheme> schemes = new ArrayList<>();
        for (int i = 0; i < spec.schemes().size(); i++) {
            SchemeSpec s = spec.schemes().get(i);
            BoundProvider routing = bind(doc, s.routing(), registry);
            BoundProvider routesFrom = null;
            if (s.routesFrom() != null) {
                String problem = RoutesFromScheduler.unusableRouting(routing);
                if (problem != null) {
                    throw doc.error(s.routesFrom().path(), problem);
                }
                routesFrom = bind(doc, s.routesFrom(), registry);
            }
            schemes.add(new BoundScheme(i, s.label(), routing, bind(doc, s.queuing(), registry),
                    bind(doc, s.throttle(), registry), routesFrom));
        }
        try {
            registry.executor(spec.executor());
        } catch (ExperimentException e) {
            throw doc.error("executor", e.getMessage());
        }

        Topology topo = build(doc, topology, topology::topology);
        RouterParameters router = build(doc, hardware, () -> {
            RouterParameters r = hardware.hardware().router();
            if (r == null) {
                throw new IllegalStateException("the hardware model returned no router parameters");
            }
            return r;
        });
        EndpointTiming endpoint = build(doc, hardware, () -> {
            EndpointTiming e = hardware.hardware().endpoint();
            if (e == null) {
                throw new IllegalStateException("the hardware model returned no endpoint timing");
            }
            return e;
        });
        build(doc, kernel, kernel::kernel);
        RouterDescription description = description(doc, hardware, hardware.hardware());
        SweepPlan plan = new SweepPlan(doc, spec, topology, hardware, network, kernel, injection, List.copyOf(patterns),
                List.copyOf(schemes), topo, router, endpoint, packetFlits(doc, spec, hardware, description));
        plan.describeRouter(doc, description, registry);
        plan.checkCombinations();
        return plan;
    }

    /**
     * The packet length in flits: the file's {@code traffic.packetFlits}, or its
     * {@code traffic.packetBytes} converted once with the flit size of the router the hardware
     * model describes. Bytes that are not a whole number of flits are refused with the two nearest
     * sizes that are.
     */
    static int packetFlits(ExperimentDocument doc, ExperimentSpec spec, BoundProvider hardware,
            RouterDescription description) {
        if (spec.packetBytes() == 0) {
            return spec.packetFlits();
        }
        long bytes = spec.packetBytes();
        int flitBytes = description.flitBytes();
        String path = "traffic.packetBytes";
        String flitSize = "the hardware's flit size (" + flitBytes + " bytes, hardware " + hardware.provider().name() + ")";
        if (bytes % flitBytes != 0) {
            long below = bytes / flitBytes * flitBytes;
            throw doc.error(path, path + " = " + bytes + " is not a multiple of " + flitSize + "; use "
                    + (below > 0 ? below + " or " : "") + (below + flitBytes) + ", or packetFlits");
        }
        long flits = bytes / flitBytes;
        if (flits > ExperimentSpec.MAX_PACKET_FLITS) {
            throw doc.error(path, path + " = " + bytes + " is " + flits + " flits of " + flitSize + ", more than "
                    + ExperimentSpec.MAX_PACKET_FLITS + "; use at most " + (long) ExperimentSpec.MAX_PACKET_FLITS * flitBytes
                    + " bytes");
        }
        return RouterDescription.flits(path, bytes, flitBytes);
    }

    /**
     * Mode m2n (docs/studies/rapidio-m2n.md): binds the providers and every scheme's scheduler, resolves
     * the communications against the topology and the hardware's packet format, plans every
     * communication with every scheme that runs on it and checks that the plan can be played,
     * and builds one network per scheme.
     */
    private static SweepPlan resolveM2n(ExperimentDocument doc, ExperimentSpec spec, ProviderRegistry registry) {
        BoundProvider topology = bind(doc, spec.topology(), registry);
        BoundProvider hardware = bind(doc, spec.hardware(), registry);
        BoundProvider network = bind(doc, spec.network(), registry);
        BoundProvider kernel = bind(doc, spec.kernel(), registry);
        List<BoundScheme> schemes = new ArrayList<>();
        for (int i = 0; i < spec.schemes().size(); i++) {
            SchemeSpec s = spec.schemes().get(i);
            schemes.add(new BoundScheme(i, s.label(), bind(doc, s.routing(), registry), bind(doc, s.queuing(), registry),
                    bind(doc, s.throttle(), registry), null, bind(doc, s.scheduler(), registry)));
        }
        try {
            registry.executor(spec.executor());
        } catch (ExperimentException e) {
            throw doc.error("executor", e.getMessage());
        }
        Topology topo = build(doc, topology, topology::topology);
        HardwareModel model = build(doc, hardware, hardware::hardware);
        RouterParameters router = build(doc, hardware, () -> {
            RouterParameters r = model.router();
            if (r == null) {
                throw new IllegalStateException("the hardware model returned no router parameters");
            }
            return r;
        });
        build(doc, kernel, kernel::kernel);
        M2nTraffic traffic = M2nTraffic.resolve(doc, spec.m2n(), topo, model, router, spec.hardware().path());
        for (int i = 0; i < spec.m2n().pairs().size(); i++) {
            int[] pair = spec.m2n().pairs().get(i);
            for (int e = 0; e < 2; e++) {
                if (pair[e] >= topo.nodes()) {
                    throw doc.error("outputs.pairs[" + i + "][" + e + "]", "outputs.pairs[" + i + "][" + e + "] = node "
                            + pair[e] + " is out of range: " + topo.describe() + " has end nodes 0 .. " + (topo.nodes() - 1));
                }
            }
        }
        EndpointTiming endpoint = build(doc, hardware, () -> {
            EndpointTiming e = model.endpoint();
            if (e == null) {
                throw new IllegalStateException("the hardware model returned no endpoint timing");
            }
            return e;
        });
        SweepPlan plan = new SweepPlan(doc, spec, topology, hardware, network, kernel, null, List.of(),
                List.copyOf(schemes), topo, router, endpoint, traffic, traffic.packetFlits());
        plan.describeRouter(doc, description(doc, hardware, model), registry);
        plan.checkM2n();
        return plan;
    }

    /** Plans every communication with every scheme on it, checks the plan can be played, builds every scheme's network. */
    private void checkM2n() {
        RandomStreams streams = new RandomStreams(spec.seeds().get(0));
        for (BoundScheme s : schemes) {
            SchemeSpec scheme = spec.schemes().get(s.index());
            int first = -1;
            for (int c = 0; c < m2n.communications().size(); c++) {
                M2nTraffic.Resolved r = m2n.communications().get(c);
                if (!scheme.appliesTo(r.spec().label())) {
                    continue;
                }
                first = first < 0 ? c : first;
                Plan p;
                try {
                    p = m2n.plan(c, s.scheduler(), topologyInstance, streams);
                } catch (RuntimeException e) {
                    throw document.error(s.scheduler().choice().path(), "scheme '" + s.label() + "' on communication '"
                            + r.spec().label() + "' (" + r.senders().length + " senders, " + r.receivers().length
                            + " receivers): " + s.scheduler().describe() + ": " + ProviderFailure.message(e), e);
                }
                try {
                    m2n.playback(c, p, topologyInstance);
                } catch (IllegalArgumentException e) {
                    throw document.error(s.scheduler().choice().path(), "scheme '" + s.label() + "' on communication '"
                            + r.spec().label() + "': " + e.getMessage(), e);
                }
            }
            if (first < 0) {
                continue;
            }
            PointPlan probe = new PointPlan(-1, "validation", first, s.index(), Double.NaN, spec.seeds().get(0));
            try {
                assemble(probe, new PointSimulation.EventCounts());
            } catch (ProviderFailure f) {
                throw document.error(f.provider().choice().path(), "scheme '" + s.label() + "': " + f.getMessage()
                        + " (topology " + topologyInstance.describe() + ", " + router.vcs() + " VCs per port)", f);
            } catch (RuntimeException e) {
                throw document.error("schemes[" + s.index() + "]", "scheme '" + s.label() + "' cannot be built: "
                        + ProviderFailure.message(e), e);
            }
        }
    }

    /**
     * Binds every topology and scheduler, builds every topology (a tree topology with the SW(h, tau)
     * numbering of docs/studies/levelwise.md, which the circuit schedulers need) and every
     * scheduler on every topology.
     */
    private static SweepPlan resolveSchedulability(ExperimentDocument doc, ExperimentSpec spec,
            ProviderRegistry registry) {
        List<BoundProvider> topologies = new ArrayList<>();
        List<TreeTopology> trees = new ArrayList<>();
        for (ProviderChoice c : spec.topologies()) {
            BoundProvider t = bind(doc, c, registry);
            Topology built = build(doc, t, t::topology);
            if (!(built instanceof TreeTopology tree)) {
                throw doc.error(c.path(), c.path() + ": " + built.describe() + " is not a tree topology; circuit "
                        + "scheduling needs a fat tree with switch levels and upper ports, e.g. {name: ft, l: 3, w: 4}");
            }
            // a point keeps all its permutations' demands, so that its timed passes time plan() only
            long requests = (long) spec.permutations() * tree.nodes();
            if (requests > SchedulingTiming.MAX_REQUESTS_PER_POINT) {
                throw doc.error("permutations", "permutations = " + spec.permutations() + " on " + built.describe()
                        + " (" + tree.nodes() + " nodes) is " + requests + " requests per point; a point keeps its "
                        + "permutations in memory for the timed passes, so use at most "
                        + SchedulingTiming.MAX_REQUESTS_PER_POINT / tree.nodes() + " permutations on this tree");
            }
            topologies.add(t);
            trees.add(tree);
        }
        List<BoundProvider> schedulers = new ArrayList<>();
        for (SchedulerSpec s : spec.schedulers()) {
            schedulers.add(bind(doc, s.scheduler(), registry));
        }
        try {
            registry.executor(spec.executor());
        } catch (ExperimentException e) {
            throw doc.error("executor", e.getMessage());
        }
        RandomStreams streams = new RandomStreams(spec.seeds().get(0));
        for (int t = 0; t < trees.size(); t++) {
            TreeTopology tree = trees.get(t);
            for (BoundProvider s : schedulers) {
                try {
                    s.scheduler(tree, streams);
                } catch (RuntimeException e) {
                    throw doc.error(s.choice().path(), s.describe() + " cannot schedule on " + spec.topologies().get(t)
                            .path() + " (" + tree.describe() + "): " + ProviderFailure.message(e), e);
                }
            }
        }
        return new SweepPlan(doc, spec, List.copyOf(topologies), List.copyOf(trees), List.copyOf(schedulers));
    }

    /**
     * Builds every pattern, the injection process at every load (steady) or once (the other
     * modes), one network per scheme, and checks what the mode and the outputs need.
     */
    private void checkCombinations() {
        RandomStreams streams = new RandomStreams(spec.seeds().get(0));
        for (BoundProvider p : patterns) {
            build(document, p, () -> p.pattern(topologyInstance, streams.stream(PATTERN_STREAM, 0)));
        }
        List<Double> loads = spec.mode() == ExperimentSpec.Mode.STEADY ? spec.loads() : List.of(0.0);
        for (double load : loads) {
            build(document, injection, () -> injection.injection(topologyInstance.nodes(),
                    new OfferedLoad(load, packetFlits, Long.MAX_VALUE)));
        }
        if (spec.mode() == ExperimentSpec.Mode.RAMP) {
            InjectionProcess probe = build(document, injection, () -> injection.injection(topologyInstance.nodes(),
                    new OfferedLoad(0.0, packetFlits, Long.MAX_VALUE)));
            rampEnd = rampEnd(probe, spec.maxCycles());
            if (rampEnd < 0) {
                throw document.error(spec.injection().path(), "mode ramp: " + injection.describe() + " offers no load"
                        + " (its offered load is 0 at cycles 1, 2, 4, ... up to maxCycles); use the injection ramp with"
                        + " a slope > 0");
            }
        }
        if (spec.spaceTime() != null) {
            if (!(topologyInstance instanceof CartesianTopology c) || c.dimensions() != 2) {
                throw document.error("outputs.spaceTime", "space-time charts need a 2-dimensional torus or mesh (they "
                        + "show a row and a column of routers); topology " + topologyInstance.describe() + " is not one");
            }
            spaceTimeLines = SpaceTimeRecorder.torusLines(c);
        }
        for (BoundScheme s : schemes) {
            PointPlan probe = new PointPlan(-1, "validation", 0, s.index(), loads.get(0), spec.seeds().get(0));
            Assembly built;
            try {
                built = assemble(probe, new SteadyStateCollector(topologyInstance.nodes(), spec.warmup(), spec.measure()));
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
     * The first cycle at which the offered load of a ramp is back to zero after having been
     * positive, searched at cycles 1, 2, 4, ... and then by bisection (so the load must be
     * positive on one interval, as a ramp's is); {@code maxCycles} when it is still positive
     * there; -1 when it is never positive at a power of two below {@code maxCycles}.
     */
    static long rampEnd(InjectionProcess process, long maxCycles) {
        long lo = 1;
        while (lo < maxCycles && !(process.offeredLoad(lo) > 0)) {
            lo *= 2;
        }
        if (lo >= maxCycles) {
            return -1;
        }
        long hi = lo;
        while (hi < maxCycles && process.offeredLoad(hi) > 0) {
            lo = hi;
            hi = hi * 2;
        }
        if (hi >= maxCycles) {
            if (process.offeredLoad(maxCycles - 1) > 0) {
                return maxCycles;
            }
            hi = maxCycles - 1;
        }
        while (hi - lo > 1) {
            long mid = lo + (hi - lo) / 2;
            if (process.offeredLoad(mid) > 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    /**
     * Creates the instances of a point. A provider's failure is a {@link ProviderFailure} naming it.
     */
    Assembly assemble(PointPlan point, NetworkObserver observer) {
        return assemble(point, injection -> observer);
    }

    /**
     * Creates the instances of a point, with observers made for its injection process (series
     * collectors read the process's offered load). A provider's failure is a
     * {@link ProviderFailure} naming it.
     */
    Assembly assemble(PointPlan point, java.util.function.Function<InjectionProcess, NetworkObserver> observers) {
        return assemble(point, (injection, playback) -> observers.apply(injection));
    }

    /**
     * As {@link #assemble(PointPlan, java.util.function.Function)}, the observers also made for the
     * point's schedule playback (mode m2n; null in the other modes).
     */
    Assembly assemble(PointPlan point,
            java.util.function.BiFunction<InjectionProcess, SchedulePlayback, NetworkObserver> observers) {
        BoundScheme scheme = schemes.get(point.scheme());
        RandomStreams streams = new RandomStreams(point.seed());
        TrafficPattern pattern;
        InjectionProcess injectionProcess;
        String trafficLabel;
        Plan m2nPlan = null;
        SchedulePlayback playback = null;
        RoutesFromScheduler.Planned planned = null;
        BoundProvider routingProvider = scheme.routing();
        if (m2n != null) {
            // mode m2n: the scheduler's plan, played (a fresh playback per run)
            m2nPlan = call(scheme.scheduler(), () -> m2n.plan(point.pattern(), scheme.scheduler(), topologyInstance,
                    streams));
            Plan played = m2nPlan;
            playback = call(scheme.scheduler(), () -> m2n.playback(point.pattern(), played, topologyInstance));
            pattern = playback.pattern();
            injectionProcess = playback.injection();
            trafficLabel = spec.patternLabels().get(point.pattern()) + " played from " + scheme.scheduler().provider()
                    .label();
        } else {
            BoundProvider patternProvider = patterns.get(point.pattern());
            // the pattern comes from the seed's pattern stream alone, so every scheme of a seed sees the same one
            pattern = call(patternProvider,
                    () -> patternProvider.pattern(topologyInstance, streams.stream(PATTERN_STREAM, 0)));
            if (scheme.routesFrom() != null) {
                BoundProvider from = scheme.routesFrom();
                int[] destinations = call(patternProvider, () -> RoutesFromScheduler.tabulate(
                        () -> patternProvider.pattern(topologyInstance, streams.stream(PATTERN_STREAM, 0)),
                        topologyInstance.nodes(), patternProvider.provider().name()));
                planned = call(from, () -> RoutesFromScheduler.plan(
                        RoutesFromScheduler.scheduler(from, topologyInstance, streams), from.provider().name(),
                        destinations));
                String routes = planned.routes();
                BoundProvider base = scheme.routing();
                routingProvider = call(base, () -> bind(base.provider(), RoutesFromScheduler.withRoutes(base.choice(),
                        routes)));
            }
            double load = spec.mode() == ExperimentSpec.Mode.STEADY ? point.load() : 0.0; // the other modes' injections set their own
            injectionProcess = call(injection, () -> injection.injection(topologyInstance.nodes(),
                    new OfferedLoad(load, packetFlits, Long.MAX_VALUE)));
            trafficLabel = patternProvider.provider().label();
        }
        BoundProvider routingBound = routingProvider;
        RoutingAlgorithm routing = call(routingBound, () -> routingBound.routing(topologyInstance, streams));
        if (routing == null) {
            throw new ProviderFailure(scheme.routing(), new IllegalStateException("the factory returned no algorithm"));
        }
        NetworkObserver observer = observers.apply(injectionProcess, playback);
        ProviderNames names = new ProviderNames(scheme.routing().provider().label(),
                scheme.queuing().provider().label(), scheme.throttle().provider().label(), trafficLabel);
        NetworkSetup setup = new NetworkSetup(topologyInstance, description, routing,
                ctx -> call(scheme.queuing(), () -> scheme.queuing().queuing(ctx)),
                ctx -> call(scheme.throttle(), () -> scheme.throttle().throttle(ctx)),
                pattern, injectionProcess, packetFlits(), observer, streams,
                new RunLimits(maxCycles(), spec.deadlockCycles()), names, endpoint, routerParts);
        NetworkModel model = call(network, () -> network.network(setup));
        SimulationKernel k = call(kernel, kernel::kernel);
        return new Assembly(topologyInstance, routing, model, k, names, injectionProcess, pattern, planned, m2nPlan,
                playback);
    }

    /** Last cycle + 1 a point may run: warm-up + measurement + drain (steady), else {@code maxCycles}. */
    long maxCycles() {
        return spec.mode() == ExperimentSpec.Mode.STEADY ? spec.warmup() + spec.measure() + spec.drain()
                : spec.maxCycles();
    }

    /**
     * Cycles a point is expected to take, for progress: warm-up + measurement (steady), the
     * ramp's end (ramp); -1 in the collective mode, whose progress is counted in packets.
     */
    long expectedCycles() {
        return switch (spec.mode()) {
            case STEADY -> spec.warmup() + spec.measure();
            case RAMP -> rampEnd;
            case COLLECTIVE, SCHEDULABILITY, M2N -> -1;
        };
    }

    /** The lines of buffers of the space-time charts, or null when none are recorded. */
    List<SpaceTimeRecorder.Line> spaceTimeLines() {
        return spaceTimeLines;
    }

    private static <T> T call(BoundProvider provider, Supplier<T> s) {
        try {
            return s.get();
        } catch (ProviderFailure f) {
            throw f;
        } catch (RuntimeException e) {
            ProviderFailure inner = ProviderFailure.find(e);
            throw inner != null ? inner : new ProviderFailure(provider, e);
        }
    }

    /** The router description of a hardware model; an error names the hardware key. */
    private static RouterDescription description(ExperimentDocument doc, BoundProvider hardware, HardwareModel model) {
        return build(doc, hardware, () -> {
            RouterDescription r = model.description();
            if (r == null) {
                throw new IllegalStateException("the hardware model returned no router description");
            }
            return r;
        });
    }

    /** The hardware model's router description and its parts, resolved now so that bad names fail validation. */
    private void describeRouter(ExperimentDocument doc, RouterDescription d, ProviderRegistry registry) {
        this.description = d;
        try {
            this.routerParts = RegistryRouterParts.resolve(d, registry, hardware.describe());
        } catch (ExperimentException e) {
            throw doc.error(hardware.choice().path(), e.getMessage(), e);
        }
    }

    private static <T> T build(ExperimentDocument doc, BoundProvider p, Supplier<T> s) {
        try {
            return s.get();
        } catch (RuntimeException e) {
            throw doc.error(p.choice().path(), p.describe() + ": " + ProviderFailure.message(e), e);
        }
    }

    private static final Pattern PARAMETER_IN_MESSAGE = Pattern.compile("parameter '([^']+)'");

    /** Finds the provider of a choice and binds its parameters; errors point at the offending key. */
    static BoundProvider bind(ExperimentDocument doc, ProviderChoice choice, ProviderRegistry registry) {
        RegisteredProvider provider;
        try {
            provider = registry.resolve(choice.concept(), choice.name());
        } catch (ExperimentException e) {
            // a bare name has no '.name' key: where() then falls back to the choice itself
            throw doc.error(choice.namePath(), choice.path() + ": " + e.getMessage());
        }
        Class<?> type = provider.factory().parameterType();
        String context = choice.path() + " '" + choice.name() + "'";
        List<String> known = ParameterSchema.of(type).names();
        for (String key : choice.parameters().keySet()) {
            if (!known.contains(key)) {
                throw doc.keyError(choice.parameterPath(key), context + ": unknown parameter '" + key + "'"
                        + Suggestions.hint(key, known.isEmpty() ? Set.of() : known)
                        + (known.isEmpty() ? " (this provider takes no parameters)" : ""));
            }
        }
        Object bound;
        try {
            bound = Parameters.bind(type, choice.parameters(), context);
        } catch (IllegalArgumentException e) { // ParameterException, or a provider's own check
            Matcher m = PARAMETER_IN_MESSAGE.matcher(e.getMessage() == null ? "" : e.getMessage());
            String at = m.find() && choice.parameters().containsKey(m.group(1)) ? choice.parameterPath(m.group(1))
                    : choice.path();
            throw doc.error(at, e.getMessage(), e);
        }
        return new BoundProvider(provider, choice, bound, Parameters.values(bound, type));
    }

    /**
     * Binds a provider chosen outside a file (a swap from the shell).
     *
     * @throws ExperimentException on unknown or bad parameters
     */
    static BoundProvider bind(RegisteredProvider provider, ProviderChoice choice) {
        Class<?> type = provider.factory().parameterType();
        try {
            Object bound = Parameters.bind(type, choice.parameters(), choice.path() + " '" + choice.name() + "'");
            return new BoundProvider(provider, choice, bound, Parameters.values(bound, type));
        } catch (IllegalArgumentException e) {
            throw new ExperimentException(e.getMessage(), e);
        }
    }

    private List<PointPlan> points(ExperimentSpec s) {
        List<PointPlan> out = new ArrayList<>(s.pointCount());
        int index = 0;
        for (int p = 0; p < s.patternLabels().size(); p++) {
            String pattern = s.patternLabels().get(p);
            boolean circuits = s.mode() == ExperimentSpec.Mode.SCHEDULABILITY;
            int columns = circuits ? s.schedulers().size() : s.schemes().size();
            for (int sc = 0; sc < columns; sc++) {
                String scheme = circuits ? s.schedulers().get(sc).label() : s.schemes().get(sc).label();
                if (!circuits && !s.schemes().get(sc).appliesTo(pattern)) {
                    continue; // mode m2n: the scheme does not run on this communication
                }
                if (s.mode() != ExperimentSpec.Mode.STEADY) {
                    for (long seed : s.seedsOf(p)) {
                        out.add(new PointPlan(index++, PointPlan.id(pattern, scheme, s.mode(), seed), p, sc, Double.NaN,
                                seed));
                    }
                    continue;
                }
                for (double load : s.loads()) {
                    for (long seed : s.seedsOf(p)) {
                        out.add(new PointPlan(index++, PointPlan.id(pattern, scheme, load, seed), p, sc, load, seed));
                    }
                }
            }
        }
        return List.copyOf(out);
    }

    // ------------------------------------------------------------------ resolved experiment

    private ObjectNode resolvedTree() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode r = f.objectNode();
        r.put("name", spec.name());
        r.put("description", spec.description());
        if (spec.mode() == ExperimentSpec.Mode.SCHEDULABILITY) {
            r.put("mode", spec.mode().word());
            ArrayNode tops = r.putArray("topologies");
            for (BoundProvider t : topologies) {
                tops.add(providerNode(t));
            }
            ArrayNode sch = r.putArray("schedulers");
            for (int i = 0; i < schedulers.size(); i++) {
                ObjectNode o = sch.addObject();
                o.put("label", spec.schedulers().get(i).label());
                o.set("scheduler", providerNode(schedulers.get(i)));
            }
            r.put("permutations", spec.permutations());
            ObjectNode timing = r.putObject("timing");
            timing.put("warmup", spec.timing().warmup());
            timing.put("repetitions", spec.timing().repetitions());
            ArrayNode seeds = r.putArray("seeds");
            spec.seeds().forEach(seeds::add);
            r.put("executor", spec.executor());
            ObjectNode outputs = r.putObject("outputs");
            outputs.put("plots", spec.plots());
            outputs.put("report", spec.report());
            return r;
        }
        if (spec.mode() == ExperimentSpec.Mode.M2N) {
            return resolvedM2n(r);
        }
        r.set("topology", providerNode(topology));
        r.set("hardware", providerNode(hardware));
        r.set("network", providerNode(network));
        r.set("kernel", providerNode(kernel));
        ObjectNode traffic = r.putObject("traffic");
        traffic.put("packetFlits", packetFlits); // converted, when the file gives packetBytes
        ArrayNode pats = traffic.putArray("patterns");
        for (BoundProvider p : patterns) {
            pats.add(providerNode(p));
        }
        traffic.set("injection", providerNode(injection));
        ArrayNode sch = r.putArray("schemes");
        for (BoundScheme s : schemes) {
            ObjectNode o = sch.addObject();
            o.put("label", s.label());
            ObjectNode routingNode = providerNode(s.routing());
            if (s.routesFrom() != null) {
                routingNode.set(RoutesFromScheduler.FROM, providerNode(s.routesFrom()));
            }
            o.set("routing", routingNode);
            o.set("queuing", providerNode(s.queuing()));
            o.set("throttle", providerNode(s.throttle()));
        }
        if (spec.mode() == ExperimentSpec.Mode.STEADY) {
            ArrayNode loads = r.putArray("loads");
            for (double l : spec.loads()) {
                loads.add(l);
            }
            r.put("warmup", spec.warmup());
            r.put("measure", spec.measure());
            r.put("drain", spec.drain());
        } else {
            r.put("mode", spec.mode().word());
            r.put("baseline", spec.baseline());
            r.put("maxCycles", spec.maxCycles());
            ObjectNode series = r.putObject("series");
            if (spec.mode() == ExperimentSpec.Mode.RAMP) {
                series.put("window", spec.seriesWindow());
                series.put("smoothing", spec.smoothing());
                ObjectNode cl = r.putObject("criticalLoad");
                cl.put("linearFraction", spec.criticalLoad().linearFraction());
                cl.put("gradientPoints", spec.criticalLoad().gradientPoints());
                cl.put("drop", spec.criticalLoad().drop());
            } else {
                series.put("inFlightWindow", spec.inFlightWindow());
            }
        }
        r.put("deadlockCycles", spec.deadlockCycles());
        if (spec.perPatternSeeds()) {
            ObjectNode seeds = r.putObject("seeds");
            ArrayNode d = seeds.putArray(ExperimentSpec.DEFAULT_SEEDS_KEY);
            spec.seeds().forEach(d::add);
            for (int p = 0; p < spec.patternLabels().size(); p++) {
                ArrayNode a = seeds.putArray(spec.patternLabels().get(p));
                spec.seedsOf(p).forEach(a::add);
            }
        } else {
            ArrayNode seeds = r.putArray("seeds");
            for (long s : spec.seeds()) {
                seeds.add(s);
            }
        }
        r.put("executor", spec.executor());
        ObjectNode outputs = r.putObject("outputs");
        outputs.put("plots", spec.plots());
        outputs.put("report", spec.report());
        if (spec.spaceTime() != null) {
            ObjectNode st = outputs.putObject("spaceTime");
            st.put("start", spec.spaceTime().start());
            st.put("length", spec.spaceTime().length());
            st.put("stride", spec.spaceTime().stride());
            st.put("margin", spec.spaceTime().margin());
            st.put("cellPixels", spec.cellPixels());
        }
        return r;
    }

    /** The resolved m2n experiment: the nodes of every communication listed, every default filled in. */
    private ObjectNode resolvedM2n(ObjectNode r) {
        r.put("mode", spec.mode().word());
        r.set("topology", providerNode(topology));
        r.set("hardware", providerNode(hardware));
        r.set("network", providerNode(network));
        r.set("kernel", providerNode(kernel));
        ArrayNode comms = r.putArray("communications");
        for (M2nTraffic.Resolved c : m2n.communications()) {
            ObjectNode o = comms.addObject();
            o.put("label", c.spec().label());
            ArrayNode s = o.putArray("senders");
            for (int n : c.senders()) {
                s.add(n);
            }
            ArrayNode d = o.putArray("receivers");
            for (int n : c.receivers()) {
                d.add(n);
            }
            if (c.spec().sizes() == null) {
                o.put("messageBytes", c.spec().messageBytes());
                if (c.spec().multiples() != null) {
                    ArrayNode m = o.putArray("multiples");
                    for (long x : c.spec().multiples()) {
                        m.add(x);
                    }
                }
            } else {
                ArrayNode rows = o.putArray("sizes");
                for (long[] row : c.spec().sizes()) {
                    ArrayNode a = rows.addArray();
                    for (long x : row) {
                        a.add(x);
                    }
                }
            }
            o.put("rate", c.spec().rate());
        }
        ArrayNode sch = r.putArray("schemes");
        for (BoundScheme s : schemes) {
            ObjectNode o = sch.addObject();
            o.put("label", s.label());
            o.set("scheduler", providerNode(s.scheduler()));
            o.set("routing", providerNode(s.routing()));
            o.set("queuing", providerNode(s.queuing()));
            o.set("throttle", providerNode(s.throttle()));
            List<String> on = spec.schemes().get(s.index()).communications();
            if (!on.isEmpty()) {
                ArrayNode a = o.putArray("communications");
                on.forEach(a::add);
            }
        }
        r.put("baseline", spec.baseline());
        r.put("maxCycles", spec.maxCycles());
        r.put("deadlockCycles", spec.deadlockCycles());
        ArrayNode seeds = r.putArray("seeds");
        spec.seeds().forEach(seeds::add);
        r.put("executor", spec.executor());
        ObjectNode outputs = r.putObject("outputs");
        outputs.put("plots", spec.plots());
        outputs.put("report", spec.report());
        if (!spec.m2n().pairs().isEmpty()) {
            ArrayNode pairs = outputs.putArray("pairs");
            for (int[] p : spec.m2n().pairs()) {
                pairs.addArray().add(p[0]).add(p[1]);
            }
        }
        return r;
    }

    private static ObjectNode providerNode(BoundProvider p) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("name", p.provider().name());
        for (Map.Entry<String, Object> e : p.values().entrySet()) {
            o.set(e.getKey(), ExperimentDocument.YAML.valueToTree(e.getValue()));
        }
        return o;
    }

    private static String id(ObjectNode resolved) {
        ObjectNode key = resolved.deepCopy();
        // what does not change results does not change the id
        key.remove(List.of("description", "executor", "outputs"));
        try {
            byte[] json = new ObjectMapper().writeValueAsBytes(key);
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(json);
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot compute the experiment id", e);
        }
    }

    /**
     * The resolved experiment as YAML: the file's content with every default filled in, plus a
     * provenance section (provider bundles and versions, Fabrica version, experiment id). It can
     * be run again as it is.
     */
    public String resolvedYaml(String fabricaVersion, String createdAt) {
        ObjectNode r = resolved.deepCopy();
        ObjectNode prov = r.putObject("provenance");
        prov.put("experimentId", experimentId);
        prov.put("fabrica", fabricaVersion);
        prov.put("java", System.getProperty("java.version"));
        prov.put("resolvedAt", createdAt);
        prov.put("source", document.source());
        if (spec.packetBytes() > 0) {
            prov.put("packetBytes", spec.packetBytes()); // as given; traffic.packetFlits holds the conversion
        }
        if (!document.overrides().isEmpty()) {
            ObjectNode o = prov.putObject("overrides");
            document.overrides().forEach(o::put);
        }
        prov.put("points", points.size());
        ObjectNode providers = prov.putObject("providers");
        for (Map.Entry<String, BoundProvider> e : providersByPath().entrySet()) {
            ObjectNode p = providers.putObject(e.getKey());
            p.put("name", e.getValue().provider().name());
            p.put("bundle", e.getValue().provider().bundle());
            p.put("version", e.getValue().provider().version());
        }
        try {
            return "# Resolved experiment written by Fabrica " + fabricaVersion
                    + ": every default filled in; run it again as it is.\n"
                    + ExperimentDocument.YAML.writeValueAsString(r);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every bound provider by its path in the file. */
    public Map<String, BoundProvider> providersByPath() {
        Map<String, BoundProvider> m = new LinkedHashMap<>();
        if (spec.mode() == ExperimentSpec.Mode.SCHEDULABILITY) {
            for (BoundProvider t : topologies) {
                m.put(t.choice().path(), t);
            }
            for (BoundProvider s : schedulers) {
                m.put(s.choice().path(), s);
            }
            return m;
        }
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
        for (BoundScheme s : schemes) {
            if (s.scheduler() != null) {
                m.put(s.scheduler().choice().path(), s.scheduler());
            }
            m.put(s.routing().choice().path(), s.routing());
            if (s.routesFrom() != null) {
                m.put(s.routesFrom().choice().path(), s.routesFrom());
            }
            m.put(s.queuing().choice().path(), s.queuing());
            m.put(s.throttle().choice().path(), s.throttle());
        }
        return m;
    }

    /** A few lines describing the sweep, for {@code validate}. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append(spec.name()).append(": ");
        if (spec.mode() == ExperimentSpec.Mode.SCHEDULABILITY) {
            sb.append("schedulability mode, ").append(topologies.size()).append(" topolog(ies) x ")
                    .append(schedulers.size()).append(" scheduler(s) x ").append(spec.seeds().size())
                    .append(" seed(s) = ").append(points.size()).append(" points, ").append(spec.permutations())
                    .append(" random permutations each; time per request: ").append(spec.timing().warmup())
                    .append(" s of untimed warm-up passes, then the median of ").append(spec.timing().repetitions())
                    .append(" timed pass(es)\n");
            for (int t = 0; t < trees.size(); t++) {
                sb.append("  topology  ").append(spec.patternLabels().get(t)).append(": ").append(trees.get(t).describe())
                        .append(", ").append(trees.get(t).nodes()).append(" nodes: ")
                        .append(topologies.get(t).provider().label()).append('\n');
            }
            for (int i = 0; i < schedulers.size(); i++) {
                sb.append("  scheduler ").append(spec.schedulers().get(i).label()).append(": ")
                        .append(schedulers.get(i).provider().label()).append('\n');
            }
            sb.append("  seeds     ").append(spec.seeds()).append('\n');
            sb.append("  id        ").append(experimentId);
            return sb.toString();
        }
        if (spec.mode() == ExperimentSpec.Mode.M2N) {
            return summaryM2n(sb);
        }
        if (spec.mode() != ExperimentSpec.Mode.STEADY) {
            sb.append(spec.mode().word()).append(" mode, ");
        }
        sb.append(spec.patterns().size()).append(" pattern(s) x ").append(spec.schemes().size()).append(" scheme(s) x ");
        if (spec.mode() == ExperimentSpec.Mode.STEADY) {
            sb.append(spec.loads().size()).append(" load(s) x ");
        }
        sb.append(seedCounts()).append(" seed(s) = ").append(points.size()).append(" points\n");
        sb.append("  topology  ").append(topologyInstance.describe()).append(", ").append(topologyInstance.nodes())
                .append(" nodes: ").append(topology.provider().label()).append('\n');
        sb.append("  hardware  ").append(router.vcs()).append(" VCs x ").append(router.bufferFlits())
                .append(" flits, ").append(Parameters.enumName(router.flowControl())).append(": ")
                .append(hardware.provider().label()).append('\n');
        sb.append("  network   ").append(network.provider().label()).append(", kernel ").append(kernel.provider().label())
                .append('\n');
        sb.append("  traffic   ").append(String.join(", ", spec.patternLabels())).append("; ").append(packetFlits)
                .append("-flit packets").append(spec.packetBytes() == 0 ? "" : " (" + spec.packetBytes() + " bytes of "
                        + description.flitBytes() + "-byte flits)").append(", injection ").append(injection.provider().name()).append('\n');
        for (BoundScheme s : schemes) {
            sb.append("  scheme    ").append(s.label()).append(": routing ").append(s.routing().provider().label())
                    .append(s.routesFrom() == null ? "" : " on routes from scheduler "
                            + s.routesFrom().provider().label())
                    .append(", queuing ").append(s.queuing().provider().label()).append(", throttle ")
                    .append(s.throttle().provider().label()).append('\n');
        }
        switch (spec.mode()) {
            case STEADY -> {
                sb.append("  loads     ");
                for (int i = 0; i < spec.loads().size(); i++) {
                    sb.append(i == 0 ? "" : ", ").append(ExperimentSpec.format(spec.loads().get(i)));
                }
                sb.append(" flits/node/cycle\n");
                sb.append("  cycles    warm-up ").append(spec.warmup()).append(", measure ").append(spec.measure())
                        .append(", drain up to ").append(spec.drain()).append("; seeds ").append(seedText()).append('\n');
            }
            case RAMP -> {
                sb.append("  ramp      offered load returns to 0 at cycle ").append(rampEnd)
                        .append(rampEnd >= spec.maxCycles() ? " (maxCycles)" : "").append("; windows of ")
                        .append(spec.seriesWindow()).append(" cycles, ").append(spec.smoothing())
                        .append("-point moving average\n");
                sb.append("  critical  linear region = first ").append(ExperimentSpec.format(spec.criticalLoad().linearFraction()))
                        .append(" of the curve, gradient over ").append(spec.criticalLoad().gradientPoints())
                        .append(" points, drop ").append(ExperimentSpec.format(spec.criticalLoad().drop()))
                        .append("; ratios to '").append(spec.baseline()).append("'; seeds ").append(seedText()).append('\n');
            }
            case SCHEDULABILITY, M2N -> throw new IllegalStateException("summarised above");
            case COLLECTIVE -> sb.append("  collective until every packet is delivered (at most ").append(spec.maxCycles())
                    .append(" cycles); in flight sampled every ").append(spec.inFlightWindow()).append(" cycles; ratios to '")
                    .append(spec.baseline()).append("'; seeds ").append(seedText()).append('\n');
        }
        if (spec.spaceTime() != null) {
            SpaceTimeRecorder.Sampling st = spec.spaceTime();
            sb.append("  charts    space-time from cycle ").append(st.start()).append(", ").append(st.length())
                    .append(" cycles, stride ").append(st.stride()).append(", busy when free <= ").append(st.margin())
                    .append(" flits\n");
        }
        sb.append("  id        ").append(experimentId);
        return sb.toString();
    }

    private String summaryM2n(StringBuilder sb) {
        sb.append("m2n mode, ").append(m2n.communications().size()).append(" communication(s), ")
                .append(schemes.size()).append(" scheme(s), ").append(spec.seeds().size()).append(" seed(s) = ")
                .append(points.size()).append(" points\n");
        sb.append("  topology  ").append(topologyInstance.describe()).append(", ").append(topologyInstance.nodes())
                .append(" nodes: ").append(topology.provider().label()).append('\n');
        sb.append("  hardware  ").append(router.vcs()).append(" VCs x ").append(router.bufferFlits())
                .append(" flits, ").append(Parameters.enumName(router.flowControl())).append(", ")
                .append(router.cycleNanoseconds()).append(" ns cycles, ").append(router.flitBytes())
                .append("-byte flits: ").append(hardware.provider().label()).append('\n');
        sb.append("  packets   ").append(m2n.payloadBytes()).append(" payload bytes in ").append(m2n.packetFlits())
                .append(" flits (maximum-payload packet; a message's last packet is padded to it)\n");
        sb.append("  network   ").append(network.provider().label()).append(", kernel ").append(kernel.provider().label())
                .append('\n');
        for (M2nTraffic.Resolved c : m2n.communications()) {
            sb.append("  comm      ").append(c.spec().label()).append(": ").append(c.senders().length).append("-to-")
                    .append(c.receivers().length).append(", senders ").append(nodes(c.senders())).append(", receivers ")
                    .append(nodes(c.receivers())).append(", ");
            if (c.spec().sizes() != null) {
                sb.append("size matrix");
            } else {
                sb.append(c.spec().messageBytes()).append(" bytes");
                if (c.spec().multiples() != null) {
                    sb.append(" x multiples ").append(java.util.Arrays.toString(c.spec().multiples()));
                }
            }
            sb.append(", rate ").append(ExperimentSpec.format(c.spec().rate())).append(" (a packet every ")
                    .append(c.pacing().gapCycles()).append(" cycles)\n");
        }
        for (BoundScheme s : schemes) {
            List<String> on = spec.schemes().get(s.index()).communications();
            sb.append("  scheme    ").append(s.label()).append(": scheduler ").append(s.scheduler().provider().label())
                    .append(", routing ").append(s.routing().provider().label()).append(", queuing ")
                    .append(s.queuing().provider().label()).append(on.isEmpty() ? "" : ", on " + on).append('\n');
        }
        sb.append("  run       until every packet is delivered (at most ").append(spec.maxCycles())
                .append(" cycles); ratios to '").append(spec.baseline()).append("'; seeds ").append(spec.seeds())
                .append('\n');
        sb.append("  id        ").append(experimentId);
        return sb.toString();
    }

    /**
     * Mode m2n: the plan of every communication by every scheme that runs on it (first seed's
     * streams), as {@link PlanPrinter} tables under a heading line each, or as one CSV table with
     * the communication and scheme in the first two columns ({@link PlanPrinter#transfers}).
     *
     * @throws ExperimentException for an experiment of another mode
     */
    public String schedules(boolean csv) {
        if (m2n == null) {
            throw new ExperimentException(document.source() + ": mode " + spec.mode().word() + " has no schedules to"
                    + " print; 'schedule' prints the plans of an m2n experiment (mode: m2n)");
        }
        List<String> header = new ArrayList<>(List.of("communication", "scheme"));
        header.addAll(PlanPrinter.TRANSFER_COLUMNS);
        CsvWriter table = new CsvWriter("schedules of " + document.source(), CsvWriter.LineEnd.LF, header);
        StringBuilder b = new StringBuilder();
        RandomStreams streams = new RandomStreams(spec.seeds().get(0));
        for (int c = 0; c < m2n.communications().size(); c++) {
            M2nTraffic.Resolved r = m2n.communications().get(c);
            for (BoundScheme s : schemes) {
                if (!spec.schemes().get(s.index()).appliesTo(r.spec().label())) {
                    continue;
                }
                Plan p = m2n.plan(c, s.scheduler(), topologyInstance, streams);
                if (csv) {
                    PlanPrinter.transfers(p, table, r.spec().label(), s.label());
                } else {
                    b.append(b.length() == 0 ? "" : "\n").append("== ").append(r.spec().label()).append(" (")
                            .append(r.senders().length).append("-to-").append(r.receivers().length).append("), scheme ")
                            .append(s.label()).append(": ").append(s.scheduler().provider().label()).append('\n')
                            .append(PlanPrinter.table(p));
                }
            }
        }
        return csv ? table.text() : b.toString();
    }

    /** A node list as ranges: 0-5, 8. */
    static String nodes(int[] nodes) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < nodes.length) {
            int j = i;
            while (j + 1 < nodes.length && nodes[j + 1] == nodes[j] + 1) {
                j++;
            }
            sb.append(sb.length() == 0 ? "" : ", ").append(nodes[i]);
            if (j > i) {
                sb.append('-').append(nodes[j]);
            }
            i = j + 1;
        }
        return sb.toString();
    }

    private String seedCounts() {
        if (!spec.perPatternSeeds()) {
            return Integer.toString(spec.seeds().size());
        }
        List<String> parts = new ArrayList<>();
        for (int p = 0; p < spec.patternLabels().size(); p++) {
            parts.add(Integer.toString(spec.seedsOf(p).size()));
        }
        return "(" + String.join("|", parts) + ")";
    }

    private String seedText() {
        if (!spec.perPatternSeeds()) {
            return spec.seeds().toString();
        }
        List<String> parts = new ArrayList<>();
        for (int p = 0; p < spec.patternLabels().size(); p++) {
            parts.add(spec.patternLabels().get(p) + " " + spec.seedsOf(p));
        }
        return String.join(", ", parts);
    }

    public ExperimentSpec spec() {
        return spec;
    }

    public List<PointPlan> points() {
        return points;
    }

    public String experimentId() {
        return experimentId;
    }

    /** Schedulability mode: the bound topology of each row, in file order. */
    List<BoundProvider> topologyProviders() {
        return topologies;
    }

    /** Schedulability mode: the tree topology of each row, built once at validation (immutable). */
    List<TreeTopology> trees() {
        return trees;
    }

    /** Schedulability mode: the bound scheduler of each column, in file order. */
    List<BoundProvider> schedulerProviders() {
        return schedulers;
    }

    /** Column labels: the schemes' labels, or the schedulers' in schedulability mode. */
    List<String> columnLabels() {
        List<String> out = new ArrayList<>();
        if (spec.mode() == ExperimentSpec.Mode.SCHEDULABILITY) {
            for (SchedulerSpec s : spec.schedulers()) {
                out.add(s.label());
            }
        } else {
            for (BoundScheme s : schemes) {
                out.add(s.label());
            }
        }
        return out;
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

    /** Mode m2n: the resolved communications (null in the other modes). */
    M2nTraffic m2n() {
        return m2n;
    }

    /**
     * Packet length in flits: the file's (converted from packetBytes with the hardware's flit size
     * when the file gives bytes), or in mode m2n the hardware's maximum-payload packet.
     */
    int packetFlits() {
        return packetFlits;
    }

    public RouterParameters router() {
        return router;
    }

    BoundProvider networkProvider() {
        return network;
    }

    BoundProvider kernelProvider() {
        return kernel;
    }

    BoundProvider topologyProvider() {
        return topology;
    }

    BoundProvider hardwareProvider() {
        return hardware;
    }

    BoundProvider injectionProvider() {
        return injection;
    }
}
