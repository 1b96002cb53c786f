package org.fabrica.experiment.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.collective.load.BarrierLoop;
import org.fabrica.collective.load.SoftwareMulticast;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.report.LatencyUnit;
import org.fabrica.experiment.report.LoadPointOutputs;
import org.fabrica.experiment.report.StudyOutputs;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.network.NetworkModel;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.CompositeObserver;
import org.fabrica.stats.collectors.SpaceTimeRecorder;
import org.fabrica.stats.collectors.SteadyStateCollector;
import org.fabrica.traffic.TrafficPattern;
import org.osgi.service.component.annotations.Component;

/**
 * Mode {@code steady} (the default): one point per pattern x scheme x offered load x seed,
 * measured in a window after a warm-up, then drained (BookSim2's method; docs/model-reference.md).
 * Its keys: {@code loads} (required), {@code warmup}, {@code measure}, {@code drain},
 * {@code measuredPackets}. A point ends when every measured packet generated in the window is
 * delivered ({@link MeasuredRun}); it is saturated when the drain limit is reached first or when it
 * accepts less than {@value #SATURATION_ACCEPTED_RATIO} of its offered load. With
 * {@code measuredPackets: foreground} the measured packets are those the traffic pattern calls
 * foreground ({@link org.fabrica.traffic.TrafficPattern#foreground}; hotspot's uniform sources), and
 * the saturation test compares the foreground's own accepted and offered throughput.
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + SteadyStudy.NAME,
        "fabrica.description=load points: warm-up, measurement window and drain per offered load"})
public final class SteadyStudy extends PacketStudy {
    /** The mode's word. */
    public static final String NAME = "steady";
    /** Keys of a range of loads, {@code loads: {from, to, step}}. */
    static final List<String> LOAD_RANGE_KEYS = List.of("from", "to", "step");
    /** Top-level keys a steady file may have. */
    static final List<String> KEYS = List.of("name", "description", "mode", "topology", "hardware", "network", "kernel",
            "traffic", "schemes", "baseline", "loads", "warmup", "measure", "drain", "saturationCheck",
            "measuredPackets", "latencyUnit", "statistics", "deadlockCycles", "seeds", "executor", "outputs",
            "collective", "provenance");
    /** Values of {@code measuredPackets}: every packet (the default), or the pattern's foreground only. */
    static final String ALL_PACKETS = "all";
    static final String FOREGROUND_PACKETS = "foreground";
    static final String DEFAULT_MEASURED_PACKETS = ALL_PACKETS;
    static final String DEFAULT_LATENCY_UNIT = "cycles";
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
    /** {@code saturationCheck}'s default: no check, every point runs its whole window. */
    static final long NO_SATURATION_CHECK = 0;
    /** Cycles of the warm-up, the measurement window and the longest drain when the file gives none. */
    public static final long DEFAULT_WARMUP = 2000;
    public static final long DEFAULT_MEASURE = 10000;
    public static final long DEFAULT_DRAIN = 50000;
    private static final int MAX_LOADS = 10_000;

    /**
     * What a steady file alone gives ({@link ExperimentSpec#modeSettings()}).
     *
     * @param loads offered loads in flits/node/cycle, in file order
     * @param warmup cycles before the measurement window
     * @param measure cycles of the window
     * @param drain most cycles after the window to deliver the measured packets
     * @param saturationCheck cycles of the window after which a point that fails the saturation
     *        rule ends there, its window cut ({@code saturationCheck}); 0 for no check
     * @param foregroundOnly {@code measuredPackets: foreground}: only the pattern's foreground packets are measured
     * @param latencyUnit {@code latencyUnit}: the unit of the charts' latency axis, one of {@link LatencyUnit#WORDS}
     * @param collective a barrier loop beside the traffic ({@code collective}), or null
     */
    public record LoadPoints(List<Double> loads, long warmup, long measure, long drain, long saturationCheck,
            boolean foregroundOnly, String latencyUnit, CollectiveLoad collective) {
        public LoadPoints {
            loads = List.copyOf(loads);
        }
    }

    /** The load points of a steady experiment. */
    static LoadPoints of(ExperimentSpec spec) {
        return (LoadPoints) spec.modeSettings();
    }

    @Override
    public Map<String, Object> defaults() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("warmup", DEFAULT_WARMUP);
        d.put("measure", DEFAULT_MEASURE);
        d.put("drain", DEFAULT_DRAIN);
        d.put("saturationCheck", NO_SATURATION_CHECK);
        d.put("measuredPackets", DEFAULT_MEASURED_PACKETS);
        return d;
    }

    @Override
    public String description() {
        return "load points";
    }

    @Override
    public List<String> keys() {
        return KEYS;
    }

    @Override
    String name() {
        return NAME;
    }

    @Override
    String defaultInjection() {
        return ExperimentSpec.DEFAULT_INJECTION;
    }

    @Override
    void refuseOwn(ExperimentDocument doc, ObjectNode root) {
        for (String k : UNSTEADY_ONLY) {
            if (root.has(k)) {
                throw doc.keyError(k, "'" + k + "' is not used in mode steady (it applies to modes ramp and collective);"
                        + " remove it");
            }
        }
        if (root.has("criticalLoad")) {
            throw doc.keyError("criticalLoad", "'criticalLoad' is only used in mode ramp; remove it");
        }
    }

    @Override
    void readOwn(ExperimentDocument doc, ObjectNode root, List<SchemeSpec> schemes, Settings s) {
        List<Double> loads = loads(doc, root.get("loads"));
        long warmup = SpecReader.cycles(doc, root, "warmup", DEFAULT_WARMUP, 0);
        long measure = SpecReader.cycles(doc, root, "measure", DEFAULT_MEASURE, 1);
        long drain = SpecReader.cycles(doc, root, "drain", DEFAULT_DRAIN, 0);
        if (warmup + measure + drain > Long.MAX_VALUE / 4) {
            throw doc.error("measure", "warmup + measure + drain is too large; use fewer cycles");
        }
        long check = SpecReader.cycles(doc, root, "saturationCheck", NO_SATURATION_CHECK, 0);
        if (check >= measure) {
            throw doc.error("saturationCheck", "saturationCheck = " + check + " is not shorter than the window (measure = "
                    + measure + "); use fewer cycles than measure, or 0 for no check");
        }
        s.own = new LoadPoints(loads, warmup, measure, drain, check, foregroundOnly(doc, root), latencyUnit(doc, root),
                CollectiveLoad.read(doc, root));
        s.baseline = baseline(doc, root, schemes, NAME); // the reference of the paired differences
        s.maxCycles = warmup + measure + drain; // a point's last cycle + 1
    }

    /** {@code latencyUnit}: cycles (the default), ns or us. */
    static String latencyUnit(ExperimentDocument doc, ObjectNode root) {
        String v = SpecReader.optionalText(doc, root, "latencyUnit", "latencyUnit", DEFAULT_LATENCY_UNIT);
        if (!LatencyUnit.WORDS.contains(v)) {
            throw doc.error("latencyUnit", "latencyUnit = '" + v + "' is not a choice; use cycles, ns or us (the"
                    + " charts' latency axis; ns and us convert with the hardware model's cycle length)");
        }
        return v;
    }

    /** {@code measuredPackets}: true for {@code foreground}, false for {@code all} (the default). */
    static boolean foregroundOnly(ExperimentDocument doc, ObjectNode root) {
        String v = SpecReader.optionalText(doc, root, "measuredPackets", "measuredPackets", DEFAULT_MEASURED_PACKETS);
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

    static List<Double> loads(ExperimentDocument doc, JsonNode node) {
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

    static void checkLoad(ExperimentDocument doc, double v, String path) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw doc.error(path, path + " = " + StudyPoint.format(v) + " is not a valid offered load; use a value >= 0 flits/node/cycle");
        }
    }


    // ------------------------------------------------------------------ points

    /** One point per pattern x scheme x load x seed, ids {@code <pattern>/<scheme>/l<load>/s<seed>}. */
    @Override
    public List<StudyPoint> points(ExperimentSpec s) {
        List<StudyPoint> out = new ArrayList<>();
        int index = 0;
        for (int p = 0; p < s.patternLabels().size(); p++) {
            String pattern = s.patternLabels().get(p);
            for (int sc = 0; sc < s.schemes().size(); sc++) {
                String scheme = s.schemes().get(sc).label();
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

    @Override
    List<Double> probeLoads(ExperimentSpec spec) {
        return of(spec).loads();
    }

    @Override
    void checkRun(SweepPlan plan) {
        LoadPoints own = of(plan.spec());
        plan.expectCycles(own.warmup() + own.measure());
        plan.phases(cycle -> phase(own, cycle));
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

    /** The collectors measure the measurement window, as the steady collector does. */
    @Override
    long[] statisticsWindow(ExperimentSpec spec) {
        return new long[] {of(spec).warmup(), of(spec).warmup() + of(spec).measure()};
    }

    /** The packet modes' resolution, then the {@code collective} section bound and checked by building its engine once. */
    @Override
    public SweepPlan resolve(ExperimentDocument doc, ExperimentSpec spec, ProviderRegistry registry) {
        SweepPlan plan = super.resolve(doc, spec, registry);
        CollectiveLoad c = of(spec).collective();
        if (c != null) {
            int nodes = plan.topology().nodes();
            if (c.members() > nodes) {
                throw doc.error("collective.barrier.members", "collective.barrier.members = " + c.members() + " but "
                        + plan.topology().describe() + " has " + nodes + " nodes; use at most " + nodes);
            }
            plan.collectiveLoad(new CollectiveLoad.Bound(c, ProviderBinding.bind(doc, c.engine(), registry),
                    ProviderBinding.bind(doc, c.rootPolicy(), registry), c.members() == 0 ? nodes : c.members(),
                    of(spec).warmup(), of(spec).warmup() + of(spec).measure()));
            try {
                PatternTraffic.collectives(plan, new org.fabrica.kernel.RandomStreams(spec.seeds().get(0)));
            } catch (ProviderFailure f) {
                throw doc.error(f.provider().choice().path(), f.getMessage(), f);
            }
        }
        return plan;
    }

    @Override
    PointMeasurement measurement(SweepPlan plan, StudyPoint point) {
        return new Measurement(plan);
    }

    /** A steady-state collector; the point ends when the window's packets are delivered. */
    private static final class Measurement extends PointMeasurement {
        private final SweepPlan plan;
        private SteadyStateCollector steady;
        private BarrierLoop barriers;
        /** The software multicast of the point, or null. */
        private SoftwareMulticast software;

        Measurement(SweepPlan plan) {
            this.plan = plan;
        }

        @Override
        NetworkObserver observer(int nodes, PointTraffic.Traffic traffic) {
            barriers = traffic.program() instanceof BarrierLoop loop ? loop : null;
            LoadPoints own = of(plan.spec());
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
            if (traffic.player() instanceof SoftwareMulticast s) {
                software = s;
                return CompositeObserver.of(counts, s.observer(steady)); // the collector sees multicasts and copies
            }
            return steady;
        }

        @Override
        PointRun run(NetworkModel network, SpaceTimeRecorder recorder, SweepPlan.Assembly assembly) {
            return new MeasuredRun(network, steady, cycleObserver(steady, recorder), plan.maxCycles(),
                    of(plan.spec()).saturationCheck());
        }

        @Override
        long generated() {
            return software != null ? counts.generated : steady.totalGenerated();
        }

        @Override
        long delivered() {
            return software != null ? counts.delivered : steady.totalDelivered();
        }

        @Override
        Outcome outcome(PointRun model, long end, NetworkModel network, SweepPlan.Assembly assembly) {
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
            LoadPoints own = of(plan.spec());
            boolean drainExceeded = model.end() == PointRun.End.LIMIT && !steady.allMeasuredDelivered();
            if (own.saturationCheck() != NO_SATURATION_CHECK) {
                // a check may cut the window: every point of the experiment says how long its window was
                metrics.add(new Metric(SteadyStateCollector.WINDOW_CYCLES, steady.windowEnd() - steady.windowStart(),
                        "cycles", "cycles of the measurement window: measure, or saturationCheck when the point ended"
                                + " at the check"));
            }
            boolean checked = model.end() == PointRun.End.SATURATED;
            // the rule the check applies, on the whole window: accepted below the ratio x offered, of the
            // measured subset when there is one (the background may saturate on its own, as a hot spot does)
            boolean saturated = drainExceeded || checked || steady.acceptsBelow(SATURATION_ACCEPTED_RATIO);
            String status = saturated ? PointSimulation.SATURATED_STATUS : PointSimulation.OK;
            String endNote = switch (model.end()) {
                case MEASURED -> "every measured packet delivered";
                case NETWORK_DONE -> "generation stopped and every packet delivered";
                case LIMIT -> drainExceeded ? "drain limit of " + own.drain()
                        + " cycles reached with measured packets in flight" : "cycle limit reached";
                case SATURATED -> "accepted throughput below " + SATURATION_ACCEPTED_RATIO + " x offered load over the"
                        + " window's first " + own.saturationCheck() + " cycles (saturationCheck):"
                        + " ended there, the window cut to them";
            };
            if (saturated && !drainExceeded && !checked) {
                endNote += "; accepted throughput below " + SATURATION_ACCEPTED_RATIO + " x offered load";
            }
            return new Outcome(metrics, status, endNote, null, null, null);
        }
    }

    // ------------------------------------------------------------------ resolved form, summary, results

    @Override
    void writeOwnKeys(ExperimentSpec spec, ObjectNode r) {
        LoadPoints own = of(spec);
        ArrayNode loads = r.putArray("loads");
        for (double l : own.loads()) {
            loads.add(l);
        }
        r.put("warmup", own.warmup());
        r.put("measure", own.measure());
        r.put("drain", own.drain());
        if (own.saturationCheck() != NO_SATURATION_CHECK) { // written only when set: existing experiments keep their ids
            r.put("saturationCheck", own.saturationCheck());
        }
        if (own.foregroundOnly()) { // written only when set, so that existing experiments keep their ids
            r.put("measuredPackets", FOREGROUND_PACKETS);
        }
        // how the results are drawn and summarised: written, so that experiment.yaml runs again as it is,
        // but not part of the id (presentationKeys), so a finished run is drawn anew with --resume
        r.put("latencyUnit", own.latencyUnit());
        r.put("baseline", spec.baseline());
    }

    @Override
    String modeWords() {
        return "";
    }

    @Override
    String loadFactor(ExperimentSpec spec) {
        return of(spec).loads().size() + " load(s) x ";
    }

    @Override
    void describeRun(StringBuilder sb, SweepPlan plan) {
        ExperimentSpec spec = plan.spec();
        LoadPoints own = of(spec);
        sb.append("  loads     ");
        for (int i = 0; i < own.loads().size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(StudyPoint.format(own.loads().get(i)));
        }
        sb.append(" flits/node/cycle\n");
        sb.append("  cycles    warm-up ").append(own.warmup()).append(", measure ").append(own.measure())
                .append(", drain up to ").append(own.drain())
                .append(own.saturationCheck() == NO_SATURATION_CHECK ? ""
                        : ", saturation checked after " + own.saturationCheck() + " cycles of the window")
                .append("; seeds ").append(seedText(spec)).append('\n');
        if (own.foregroundOnly()) {
            sb.append("  measured  foreground packets only (the patterns' background packets load the network)\n");
        }
        if (!firstScheme(spec)) {
            sb.append("  baseline  ").append(spec.baseline()).append(" (paired differences refer to it)\n");
        }
    }

    @Override
    List<String> presentationKeys() {
        return List.of("latencyUnit", "baseline");
    }

    /** Whether the baseline is the first scheme, the default. */
    private static boolean firstScheme(ExperimentSpec spec) {
        return spec.baseline().equals(spec.schemes().get(0).label());
    }

    @Override
    public StudyOutputs outputs(SweepPlan plan) {
        LoadPoints own = of(plan.spec());
        return new LoadPointOutputs(LatencyUnit.of(own.latencyUnit(), plan.router().cycleNanoseconds()), own.measure());
    }
}
