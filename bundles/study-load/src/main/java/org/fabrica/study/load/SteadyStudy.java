package org.fabrica.study.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectiveEngineFactory;
import org.fabrica.collective.Groups;
import org.fabrica.collective.RootPolicy;
import org.fabrica.collective.RootPolicyFactory;
import org.fabrica.collective.load.BarrierLoop;
import org.fabrica.collective.load.SoftwareMulticast;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.study.PacketStudies;
import org.fabrica.experiment.study.StudyChart;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyProvider;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.experiment.study.StudySummary;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.kernel.SimulationException;
import org.fabrica.params.Parameters;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.SteadyStateCollector;
import org.fabrica.sweep.PointResult;
import org.fabrica.traffic.TrafficPattern;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Mode {@code steady} (the default): one point per pattern x scheme x offered load x seed,
 * measured in a window after a warm-up, then drained (BookSim2's method; docs/model-reference.md).
 * Its keys: {@code loads} (required), {@code warmup}, {@code measure}, {@code drain},
 * {@code saturationCheck}, {@code measuredPackets}, {@code latencyUnit}, {@code collective}. A point
 * ends when every measured packet generated in the window is delivered; it is saturated when the
 * drain limit is reached first or when it accepts less than {@value #SATURATION_ACCEPTED_RATIO} of
 * its offered load. With {@code measuredPackets: foreground} the measured packets are those the
 * traffic pattern calls foreground ({@link org.fabrica.traffic.TrafficPattern#foreground}; hotspot's
 * uniform sources), and the saturation test compares the foreground's own accepted and offered
 * throughput. With {@code saturationCheck}, a point whose window's first part already fails the
 * saturation rule ends there, its window cut.
 *
 * <p>Built on the study API alone: the runner's {@link PacketStudies} reads, resolves and describes
 * the packet-simulation part of the file; a {@code collective} section (docs/collectives.md, "Beside
 * steady load") is this mode's own traffic around the file's ({@link StudyTraffic.Around}).
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + SteadyStudy.NAME,
        "fabrica.description=load points: warm-up, measurement window and drain per offered load"})
public final class SteadyStudy implements StudyMode {
    /** The mode's word. */
    public static final String NAME = "steady";
    /** Keys of a range of loads, {@code loads: {from, to, step}}. */
    static final List<String> LOAD_RANGE_KEYS = List.of("from", "to", "step");
    /** Top-level keys a steady file may have. */
    static final List<String> KEYS = List.of("name", "description", "mode", "topology", "hardware", "network", "kernel",
            "traffic", "schemes", "baseline", "loads", "warmup", "measure", "drain", "saturationCheck",
            "measuredPackets", "latencyUnit", "statistics", "deadlockCycles", "seeds", "executor", "outputs",
            "collective", "provenance");
    /** The injection of a steady file that names none. */
    static final String DEFAULT_INJECTION = "bernoulli";
    /** Values of {@code measuredPackets}: every packet (the default), or the pattern's foreground only. */
    static final String ALL_PACKETS = "all";
    static final String FOREGROUND_PACKETS = "foreground";
    static final String SOFTWARE_MULTICASTS = "multicast.software.started";
    static final String SOFTWARE_MESSAGES = "multicast.software.messages";
    /** Keys that only the ramp and collective modes use. */
    static final List<String> UNSTEADY_ONLY = List.of("maxCycles", "series");
    /**
     * A steady point whose accepted throughput is below this fraction of its offered load (both
     * measured in the window) is saturated even if its measured packets drained in time: the
     * network does not carry what is offered, so the source queues grow without bound.
     */
    static final double SATURATION_ACCEPTED_RATIO = 0.95;
    /** {@code saturationCheck} of no check: every point runs its whole window (the default). */
    static final long NO_SATURATION_CHECK = 0;
    /** The defaults of the optional keys, from their Metatype type. */
    static final SteadySettings DEFAULTS = Parameters.defaults(SteadySettings.class);
    private static final int MAX_LOADS = 10_000;

    /**
     * What a steady file alone gives ({@link StudySpec#settings(Class)}).
     *
     * @param loads offered loads in flits/node/cycle, in file order
     * @param warmup cycles before the measurement window
     * @param measure cycles of the window
     * @param drain most cycles after the window to deliver the measured packets
     * @param saturationCheck cycles of the window after which a point that fails the saturation
     *        rule ends there, its window cut ({@code saturationCheck}); 0 for no check
     * @param foregroundOnly {@code measuredPackets: foreground}: only the pattern's foreground packets are measured
     * @param latencyUnit {@code latencyUnit}: the unit of the charts' latency axis, one of {@link StudyChart.LatencyUnit#WORDS}
     * @param collective a barrier loop beside the traffic ({@code collective}), or null
     */
    public record LoadPoints(List<Double> loads, long warmup, long measure, long drain, long saturationCheck,
            boolean foregroundOnly, String latencyUnit, Collective collective) {
        public LoadPoints {
            loads = List.copyOf(loads);
        }
    }

    /**
     * A steady file's {@code collective} section (docs/collectives.md, "Beside steady load"): the
     * run's collective engine over group 0, and, with {@code barrier}, a loop of barriers over nodes
     * 0 .. members-1 while the traffic loads the network (without it, group 0 is every node, for a
     * traffic that enters collective operations itself, such as {@code multicast}). With
     * {@code multicast: software} the traffic's multicasts are binomial trees of unicast packets
     * ({@link SoftwareMulticast}) instead of the engine's.
     *
     * <pre>{@code
     * collective:
     *   engine: {name: tree-barrier, root: switch}   # default tree-barrier
     *   rootPolicy: lowest-max-hop                    # default
     *   barrier: {members: 64, gapNs: 0}              # a barrier loop; members default: every node, no gap
     *   multicast: hardware                           # or software: binomial trees of unicast packets
     * }</pre>
     *
     * @param engine the collective engine
     * @param rootPolicy the root policy of its trees
     * @param members the barrier's members, nodes 0 .. members-1 (0: every node)
     * @param gapNs the time a member computes between learning a completion and entering the next barrier
     * @param barrierLoop whether the section has {@code barrier}: the loop runs
     * @param softwareMulticast whether the traffic's multicasts are sent in software ({@code multicast: software})
     */
    public record Collective(ProviderChoice engine, ProviderChoice rootPolicy, int members, double gapNs,
            boolean barrierLoop, boolean softwareMulticast) {
        static final List<String> KEYS = List.of("engine", "rootPolicy", "barrier", "multicast");
        /** The engine and root policy of a {@code collective} section that names none. */
        static final String DEFAULT_ENGINE = "tree-barrier";
        static final String DEFAULT_ROOT_POLICY = "lowest-max-hop";
        static final List<String> BARRIER_KEYS = List.of("members", "gapNs");

        /** The section, or null when the file has none. */
        static Collective read(StudyFile doc, ObjectNode root) {
            JsonNode c = root.get("collective");
            if (c == null || c.isNull()) {
                return null;
            }
            if (!c.isObject()) {
                throw doc.error("collective", "collective must be a mapping such as {engine: tree-barrier, barrier: {members:"
                        + " 64, gapNs: 0}}");
            }
            SpecReader.checkKeys(doc, (ObjectNode) c, "collective", KEYS);
            int members = 0;
            double gapNs = 0;
            JsonNode b = c.get("barrier");
            if (b != null && !b.isNull()) {
                if (!b.isObject()) {
                    throw doc.error("collective.barrier", "collective.barrier must be a mapping such as {members: 64, gapNs: 0}");
                }
                SpecReader.checkKeys(doc, (ObjectNode) b, "collective.barrier", BARRIER_KEYS);
                members = (int) SpecReader.bounded(doc, b, "members", "collective.barrier.members", 0, 1, 1 << 24);
                if (b.has("gapNs") && !b.get("gapNs").isNull()) {
                    gapNs = SpecReader.number(doc, b.get("gapNs"), "collective.barrier.gapNs");
                    if (!(gapNs >= 0) || gapNs > 1e12) {
                        throw doc.error("collective.barrier.gapNs", "collective.barrier.gapNs = " + gapNs
                                + "; use a time in ns from 0 to 1e12");
                    }
                }
            }
            boolean software = false;
            JsonNode mc = c.get("multicast");
            if (mc != null && !mc.isNull()) {
                if (!mc.isTextual() || !(mc.asText().equals("hardware") || mc.asText().equals("software"))) {
                    throw doc.error("collective.multicast", "collective.multicast must be hardware (the engine's multicast,"
                            + " the default) or software (binomial trees of unicast packets); found "
                            + ExperimentDocument.kind(mc));
                }
                software = mc.asText().equals("software");
            }
            return new Collective(SpecReader.choice(doc, c.get("engine"), "collective", "collective.engine",
                    DEFAULT_ENGINE), SpecReader.choice(doc, c.get("rootPolicy"), "rootPolicy",
                    "collective.rootPolicy", DEFAULT_ROOT_POLICY), members, gapNs, b != null && !b.isNull(),
                    software);
        }
    }

    /** The {@code collective} section bound to its providers, a plan's state ({@link StudyPlan#state(Class)}). */
    record BoundCollective(Collective spec, StudyProvider engine, StudyProvider rootPolicy) {
    }

    private final PacketStudies packets;

    /** @param packets the runner's reading, resolution and description of packet-simulation files */
    @Activate
    public SteadyStudy(@Reference PacketStudies packets) {
        this.packets = packets;
    }

    /** The load points of a steady experiment. */
    static LoadPoints of(StudySpec spec) {
        return spec.settings(LoadPoints.class);
    }

    @Override
    public Class<SteadySettings> settingsType() {
        return SteadySettings.class;
    }

    @Override
    public String description() {
        return "load points";
    }

    /** A file without {@code mode:} is a steady file. */
    @Override
    public boolean isDefault() {
        return true;
    }

    @Override
    public List<String> keys() {
        return KEYS;
    }

    /** The keys of the other packet modes are refused first, with the reason; then the file is read in order. */
    @Override
    public StudySpec read(StudyFile doc, String name, String description) {
        ObjectNode root = doc.root();
        for (String k : UNSTEADY_ONLY) {
            if (root.has(k)) {
                throw doc.keyError(k, "'" + k + "' is not used in mode steady (it applies to modes ramp and collective);"
                        + " remove it");
            }
        }
        if (root.has("criticalLoad")) {
            throw doc.keyError("criticalLoad", "'criticalLoad' is only used in mode ramp; remove it");
        }
        return packets.read(doc, name, description, this, PacketStudies.Options.reading(NAME, DEFAULT_INJECTION,
                SteadyStudy::own));
    }

    /** The mode's own keys, read after the schemes; a point's last cycle + 1 is derived from them (no maxCycles). */
    static PacketStudies.Own own(StudyFile doc) {
        ObjectNode root = doc.root();
        List<Double> loads = loads(doc, root.get("loads"));
        long warmup = SpecReader.cycles(doc, root, "warmup", DEFAULTS.warmup(), 0);
        long measure = SpecReader.cycles(doc, root, "measure", DEFAULTS.measure(), 1);
        long drain = SpecReader.cycles(doc, root, "drain", DEFAULTS.drain(), 0);
        if (warmup + measure + drain > Long.MAX_VALUE / 4) {
            throw doc.error("measure", "warmup + measure + drain is too large; use fewer cycles");
        }
        long check = SpecReader.cycles(doc, root, "saturationCheck", DEFAULTS.saturationCheck(), 0);
        if (check >= measure) {
            throw doc.error("saturationCheck", "saturationCheck = " + check + " is not shorter than the window (measure = "
                    + measure + "); use fewer cycles than measure, or 0 for no check");
        }
        LoadPoints own = new LoadPoints(loads, warmup, measure, drain, check, foregroundOnly(doc, root),
                latencyUnit(doc, root), Collective.read(doc, root));
        return new PacketStudies.Own(own, warmup + measure + drain);
    }

    /** {@code latencyUnit}: cycles (the default), ns or us. */
    static String latencyUnit(StudyFile doc, ObjectNode root) {
        String v = SpecReader.optionalText(doc, root, "latencyUnit", "latencyUnit", DEFAULTS.latencyUnit());
        if (!StudyChart.LatencyUnit.WORDS.contains(v)) {
            throw doc.error("latencyUnit", "latencyUnit = '" + v + "' is not a choice; use cycles, ns or us (the"
                    + " charts' latency axis; ns and us convert with the hardware model's cycle length)");
        }
        return v;
    }

    /** {@code measuredPackets}: true for {@code foreground}, false for {@code all} (the default). */
    static boolean foregroundOnly(StudyFile doc, ObjectNode root) {
        String v = SpecReader.optionalText(doc, root, "measuredPackets", "measuredPackets", DEFAULTS.measuredPackets());
        if (v.equals(FOREGROUND_PACKETS)) {
            return true;
        }
        if (!v.equals(ALL_PACKETS)) {
            throw doc.error("measuredPackets", "measuredPackets = '" + v + "' is not a choice; use " + ALL_PACKETS
                    + " (every packet generated in the window) or " + FOREGROUND_PACKETS + " (only the packets the"
                    + " traffic pattern calls foreground, e.g. the uniform packets of hotspot)");
        }
        return false;
    }

    static List<Double> loads(StudyFile doc, JsonNode node) {
        if (node == null || node.isNull()) {
            throw doc.error("loads", "'loads' is required: offered loads in flits/node/cycle, e.g. loads: [0.05, 0.1] or "
                    + "loads: {from: 0.05, to: 0.5, step: 0.05}");
        }
        List<Double> loads = new ArrayList<>();
        if (node.isObject()) {
            SpecReader.checkKeys(doc, (ObjectNode) node, "loads", LOAD_RANGE_KEYS);
            double from = SpecReader.number(doc, node.get("from"), "loads.from");
            double to = SpecReader.number(doc, node.get("to"), "loads.to");
            double step = SpecReader.number(doc, node.get("step"), "loads.step");
            if (!(step > 0)) {
                throw doc.error("loads.step", "loads.step = " + step + "; use a step > 0");
            }
            if (to < from) {
                throw doc.error("loads.to", "loads.to = " + to + " is below loads.from = " + from);
            }
            BigDecimal f = BigDecimal.valueOf(from);
            BigDecimal s = BigDecimal.valueOf(step);
            BigDecimal t = BigDecimal.valueOf(to);
            for (BigDecimal x = f; x.compareTo(t) <= 0; x = x.add(s)) {
                loads.add(x.doubleValue());
                if (loads.size() > MAX_LOADS) {
                    throw doc.error("loads", "the ramp has more than " + MAX_LOADS + " loads; use a larger step");
                }
            }
            for (int i = 0; i < loads.size(); i++) {
                checkLoad(doc, loads.get(i), "loads");
            }
        } else if (node.isArray()) {
            if (node.isEmpty()) {
                throw doc.error("loads", "loads is empty; list at least one offered load");
            }
            for (int i = 0; i < node.size(); i++) {
                double v = SpecReader.number(doc, node.get(i), "loads[" + i + "]");
                checkLoad(doc, v, "loads[" + i + "]");
                loads.add(v);
            }
        } else if (node.isNumber()) {
            double v = node.asDouble();
            checkLoad(doc, v, "loads");
            loads.add(v);
        } else {
            throw doc.error("loads", "loads must be a list of numbers or {from, to, step}; found a " + ExperimentDocument.kind(node));
        }
        Set<Double> unique = new HashSet<>();
        for (int i = 0; i < loads.size(); i++) {
            if (!unique.add(loads.get(i))) {
                throw doc.error(node.isArray() ? "loads[" + i + "]" : "loads", "load " + StudyPoint.format(loads.get(i))
                        + " appears twice; list each load once");
            }
        }
        return loads;
    }

    static void checkLoad(StudyFile doc, double v, String path) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw doc.error(path, path + " = " + StudyPoint.format(v) + " is not a valid offered load; use a value >= 0 flits/node/cycle");
        }
    }


    // ------------------------------------------------------------------ points

    /** One point per pattern x scheme x load x seed, ids {@code <pattern>/<scheme>/l<load>/s<seed>}. */
    @Override
    public List<StudyPoint> points(StudySpec s) {
        List<StudyPoint> out = new ArrayList<>();
        int index = 0;
        for (int p = 0; p < s.patternLabels().size(); p++) {
            String pattern = s.patternLabels().get(p);
            for (int sc = 0; sc < s.schemeLabels().size(); sc++) {
                String scheme = s.schemeLabels().get(sc);
                for (double load : of(s).loads()) {
                    for (long seed : s.seedsOf(p)) {
                        out.add(new StudyPoint(index++, StudyPoint.id(pattern, scheme, load, seed), p, sc, load, seed));
                    }
                }
            }
        }
        return List.copyOf(out);
    }

    @Override
    public String loadNote(StudyPoint point) {
        return StudyPoint.format(point.load());
    }

    /**
     * What a load point is doing when it is about to simulate {@code cycle}: "warm-up to cycle W",
     * "window to cycle E, check at cycle C", "window past the check, to cycle E", "window to cycle E"
     * (no check) or "drain, limit at cycle D" (a point cut at the check never drains).
     */
    static String phase(LoadPoints own, long cycle) {
        long windowStart = own.warmup();
        long windowEnd = windowStart + own.measure();
        if (cycle < windowStart) {
            return "warm-up to cycle " + grouped(windowStart);
        }
        if (cycle < windowEnd) {
            long check = own.saturationCheck() == NO_SATURATION_CHECK ? -1 : windowStart + own.saturationCheck();
            if (check < 0) {
                return "window to cycle " + grouped(windowEnd);
            }
            return cycle < check ? "window to cycle " + grouped(windowEnd) + ", check at cycle " + grouped(check)
                    : "window past the check, to cycle " + grouped(windowEnd);
        }
        return "drain, limit at cycle " + grouped(windowEnd + own.drain());
    }

    /** {@code 1,234,567}. */
    static String grouped(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }

    /**
     * The packet modes' resolution at the file's loads, the statistics collectors measuring the
     * window, with the {@code collective} section bound as the plan's state; the section is then
     * checked against the topology and by building its engine once.
     */
    @Override
    public StudyPlan resolve(StudyFile doc, StudySpec spec, ProviderCatalog providers) {
        LoadPoints own = of(spec);
        Collective c = own.collective();
        BoundCollective bound = c == null ? null : new BoundCollective(c, packets.bind(doc, c.engine(), providers),
                packets.bind(doc, c.rootPolicy(), providers));
        StudyPlan plan = packets.resolve(doc, spec, providers, new PacketStudies.Resolution(own.loads(), own.warmup(),
                own.warmup() + own.measure(), bound));
        packets.expect(plan, own.warmup() + own.measure(), cycle -> phase(own, cycle));
        if (c != null) {
            int nodes = plan.topology().nodes();
            if (c.members() > nodes) {
                throw doc.error("collective.barrier.members", "collective.barrier.members = " + c.members() + " but "
                        + plan.topology().describe() + " has " + nodes + " nodes; use at most " + nodes);
            }
            try {
                collectives(plan, bound, new RandomStreams(spec.seedsOf(0).get(0)));
            } catch (ProviderFailure f) {
                throw doc.error(f.provider.choice().path(), f.getMessage(), f);
            }
        }
        return plan;
    }

    /** A point's collective engine (and its provider's label), barrier loop (or null) and groups with their root policy. */
    record Collectives(CollectiveEngine engine, BarrierLoop loop, Groups groups, String name) {
    }

    /**
     * The engine of the plan's barrier loop over its members, its trees' roots chosen by the root
     * policy, and the loop: first entries at cycle 0, the next one {@code gapNs} after a
     * completion, none from the end of the measurement window on.
     *
     * @throws ProviderFailure naming the engine or the root policy when its factory fails
     */
    @SuppressWarnings({"unchecked", "rawtypes"}) // the parameter type is the factory's own, checked by binding
    static Collectives collectives(StudyPlan plan, BoundCollective c, RandomStreams streams) {
        LoadPoints own = of(plan.spec());
        double ns = plan.router().cycleNanoseconds();
        long gap = Math.round(c.spec().gapNs() / ns);
        long warmup = own.warmup();
        long windowEnd = own.warmup() + own.measure();
        int members = c.spec().members() == 0 ? plan.topology().nodes() : c.spec().members();
        BarrierLoop loop = c.spec().barrierLoop()
                ? new BarrierLoop(members, gap, windowEnd, warmup, windowEnd, ns) : null;
        int[] group = loop != null ? loop.group() : new BarrierLoop(members, 0, 0, 0, 0, ns).group();
        StudyProvider p = c.rootPolicy();
        RootPolicy policy = call(p, () -> ((RootPolicyFactory) p.factory(RootPolicyFactory.class))
                .create(p.parameters()));
        Groups groups = new Groups(plan.topology(), new int[][] {group}, policy, p.choice().name(),
                streams.stream("collective", 0).nextLong());
        StudyProvider e = c.engine();
        CollectiveEngine engine = call(e, () -> ((CollectiveEngineFactory) e.factory(CollectiveEngineFactory.class))
                .create(groups, e.parameters()));
        return new Collectives(engine, loop, groups, e.label());
    }

    /** A provider's failure, naming it as the runner names the providers it calls. */
    static final class ProviderFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient StudyProvider provider;

        ProviderFailure(StudyProvider provider, RuntimeException cause) {
            super(provider.describe() + ": " + message(cause), cause);
            this.provider = provider;
        }
    }

    private static <T> T call(StudyProvider p, Supplier<T> s) {
        try {
            return s.get();
        } catch (RuntimeException e) {
            throw new ProviderFailure(p, e);
        }
    }

    /** The message of a provider's failure as the runner words them: its own, or its type. */
    private static String message(RuntimeException e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return e instanceof IllegalArgumentException || e instanceof IllegalStateException
                || e instanceof SimulationException ? m : e.getClass().getSimpleName() + ": " + m;
    }

    @Override
    public PointResult run(StudyJob job) {
        StudyPlan plan = job.plan();
        Measurement m = new Measurement(of(plan.spec()));
        return of(plan.spec()).collective() == null ? job.simulate(m) : job.simulate(m, m);
    }

    /**
     * A steady-state collector; the point ends when the window's packets are delivered, at the
     * drain limit, or at the saturation check when the window's first part fails the saturation
     * rule. With a {@code collective} section, the point's traffic is the file's with the engine,
     * the barrier loop and the software multicast around it.
     */
    static final class Measurement implements StudyMeasurement, StudyTraffic.Around {
        private final LoadPoints own;
        private SteadyStateCollector steady;
        private BarrierLoop barriers;
        /** The software multicast of the point, or null. */
        private SoftwareMulticast software;
        private long windowLast;
        /** The last cycle of the checked part of the window, or -1 without a check. */
        private long checkLast;
        /** Whether the point ended at the check, its window cut. */
        private boolean cut;

        Measurement(LoadPoints own) {
            this.own = own;
        }

        @Override
        public StudyTraffic.Packets packets(StudyPlan plan, StudyPoint point, RandomStreams streams,
                StudyTraffic.Packets file) {
            BoundCollective bound = plan.state(BoundCollective.class);
            Collectives c = collectives(plan, bound, streams);
            barriers = c.loop();
            if (bound.spec().softwareMulticast()) {
                software = new SoftwareMulticast(file.pattern(), file.injection(), c.groups().members(0),
                        plan.topology().nodes());
                return new StudyTraffic.Packets(software.pattern(), software.injection(), file.label()
                        + " (software multicast)", c.engine(), c.groups(), c.name(), c.loop());
            }
            return new StudyTraffic.Packets(file.pattern(), file.injection(), file.label(), c.engine(), c.groups(),
                    c.name(), c.loop());
        }

        @Override
        public NetworkObserver observer(int nodes) {
            throw new IllegalStateException("a steady point's collectors need its traffic: observer(nodes, traffic)");
        }

        @Override
        public NetworkObserver observer(int nodes, StudyTraffic.Packets traffic) {
            if (own.foregroundOnly()) {
                TrafficPattern pattern = traffic.pattern();
                steady = new SteadyStateCollector(nodes, own.warmup(), own.measure(), pattern::foreground,
                        "foreground packets");
            } else {
                steady = new SteadyStateCollector(nodes, own.warmup(), own.measure());
            }
            if (traffic.collectives() != null) {
                steady.trackCopies(); // a multicast's copies are measured with it
            }
            windowLast = steady.windowEnd() - 1;
            long check = own.saturationCheck();
            checkLast = check > 0 && steady.windowStart() + check - 1 < windowLast ? steady.windowStart() + check - 1
                    : -1;
            if (software != null) {
                return software.observer(steady); // the collector sees multicasts and copies
            }
            return steady;
        }

        /** The collector counts every packet, unless a software multicast's copies come between. */
        @Override
        public boolean countsPackets() {
            return software == null;
        }

        @Override
        public long packetsGenerated() {
            return steady.totalGenerated();
        }

        @Override
        public long packetsDelivered() {
            return steady.totalDelivered();
        }

        /** The window's last cycle and the check's: the clock alone ends a point only there. */
        @Override
        public long nextBoundary(long now) {
            long b = Long.MAX_VALUE;
            if (now < windowLast) {
                b = windowLast;
            }
            if (now < checkLast) {
                b = Math.min(b, checkLast);
            }
            return b;
        }

        @Override
        public boolean ended(long now) {
            steady.cycleEnd(now); // the collector keeps the latest cycle; told here, no cycle needs simulating for it
            if (now >= windowLast && steady.allMeasuredDelivered()) {
                return true;
            }
            if (now == checkLast && steady.acceptsBelow(SATURATION_ACCEPTED_RATIO)) {
                steady.cutWindow();
                cut = true;
                return true;
            }
            return false;
        }

        @Override
        public Outcome outcome(long end, End how) {
            List<Metric> metrics = new ArrayList<>(steady.results(end));
            if (barriers != null) {
                metrics.addAll(barriers.metrics());
            }
            if (software != null) {
                metrics.add(new Metric(SOFTWARE_MULTICASTS, software.multicasts(), "multicasts",
                        "software multicasts started (binomial trees of unicast packets)"));
                metrics.add(new Metric(SOFTWARE_MESSAGES, software.messages(), "packets",
                        "unicast packets the software multicasts' trees sent"));
            }
            boolean drainExceeded = how == End.LIMIT && !steady.allMeasuredDelivered();
            if (own.saturationCheck() != NO_SATURATION_CHECK) {
                // a check may cut the window: every point of the experiment says how long its window was
                metrics.add(new Metric(SteadyStateCollector.WINDOW_CYCLES, steady.windowEnd() - steady.windowStart(),
                        "cycles", "cycles of the measurement window: measure, or saturationCheck when the point ended"
                                + " at the check"));
            }
            boolean checked = how == End.MEASURED && cut;
            // the rule the check applies, on the whole window: accepted below the ratio x offered, of the
            // measured subset when there is one (the background may saturate on its own, as a hot spot does)
            boolean saturated = drainExceeded || checked || steady.acceptsBelow(SATURATION_ACCEPTED_RATIO);
            String endNote = switch (how) {
                case MEASURED -> checked ? "accepted throughput below " + SATURATION_ACCEPTED_RATIO + " x offered load"
                        + " over the window's first " + own.saturationCheck() + " cycles (saturationCheck):"
                        + " ended there, the window cut to them" : "every measured packet delivered";
                case NETWORK_DONE -> "generation stopped and every packet delivered";
                case LIMIT -> drainExceeded ? "drain limit of " + own.drain()
                        + " cycles reached with measured packets in flight" : "cycle limit reached";
            };
            if (saturated && !drainExceeded && !checked) {
                endNote += "; accepted throughput below " + SATURATION_ACCEPTED_RATIO + " x offered load";
            }
            return new Outcome(metrics, saturated, endNote);
        }
    }

    // ------------------------------------------------------------------ resolved form, summary, results

    /**
     * The loads and cycles, then how the results are drawn and summarised; no {@code mode} (steady
     * is the default) and no {@code maxCycles} (derived). The check and the foreground are written only
     * when set, so that existing experiments keep their ids.
     */
    @Override
    public ObjectNode resolved(StudyPlan plan) {
        StudySpec spec = plan.spec();
        LoadPoints own = of(spec);
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        ArrayNode loads = r.putArray("loads");
        for (double l : own.loads()) {
            loads.add(l);
        }
        r.put("warmup", own.warmup());
        r.put("measure", own.measure());
        r.put("drain", own.drain());
        if (own.saturationCheck() != NO_SATURATION_CHECK) {
            r.put("saturationCheck", own.saturationCheck());
        }
        if (own.foregroundOnly()) {
            r.put("measuredPackets", FOREGROUND_PACKETS);
        }
        // how the results are drawn and summarised: written, so that experiment.yaml runs again as it is,
        // but not part of the id (presentationKeys), so a finished run is drawn anew with --resume
        r.put("latencyUnit", own.latencyUnit());
        r.put("baseline", spec.baseline());
        return packets.resolvedWith(plan, r);
    }

    @Override
    public List<String> presentationKeys() {
        return List.of("latencyUnit", "baseline");
    }

    @Override
    public String summary(StudyPlan plan) {
        StudySpec spec = plan.spec();
        LoadPoints own = of(spec);
        StringBuilder sb = new StringBuilder();
        sb.append("  loads     ");
        for (int i = 0; i < own.loads().size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(StudyPoint.format(own.loads().get(i)));
        }
        sb.append(" flits/node/cycle\n");
        sb.append("  cycles    warm-up ").append(own.warmup()).append(", measure ").append(own.measure())
                .append(", drain up to ").append(own.drain())
                .append(own.saturationCheck() == NO_SATURATION_CHECK ? ""
                        : ", saturation checked after " + own.saturationCheck() + " cycles of the window")
                .append("; seeds ").append(RampStudy.seedText(spec)).append('\n');
        if (own.foregroundOnly()) {
            sb.append("  measured  foreground packets only (the patterns' background packets load the network)\n");
        }
        if (!spec.baseline().equals(spec.schemeLabels().get(0))) {
            sb.append("  baseline  ").append(spec.baseline()).append(" (paired differences refer to it)\n");
        }
        return packets.summary(plan, "", own.loads().size() + " load(s) x ", sb.toString());
    }

    @Override
    public StudyOutputs outputs(StudyPlan plan) {
        LoadPoints own = of(plan.spec());
        return new StudyOutputs(new StudySummary.LoadPoints(), List.of(new StudyChart.LoadCurves(
                StudyChart.LatencyUnit.of(own.latencyUnit(), plan.router().cycleNanoseconds()), own.measure())),
                StudyOutputs.LOAD_POINT_COLUMNS, "");
    }
}
