package org.fabrica.experiment.plan;

import static org.fabrica.experiment.file.SpecReader.bool;
import static org.fabrica.experiment.file.SpecReader.bounded;
import static org.fabrica.experiment.file.SpecReader.checkKeys;
import static org.fabrica.experiment.file.SpecReader.choice;
import static org.fabrica.experiment.file.SpecReader.cycles;
import static org.fabrica.experiment.file.SpecReader.optionalText;
import static org.fabrica.experiment.file.SpecReader.patternLabels;
import static org.fabrica.experiment.file.SpecReader.seeds;
import static org.fabrica.experiment.file.SpecReader.whole;
import static org.fabrica.experiment.file.SpecReader.withDefault;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_CELL_PIXELS;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_DEADLOCK_CYCLES;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_EXECUTOR;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_KERNEL;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_NETWORK;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_SEEDS;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_SEEDS_KEY;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_SPACE_TIME_MARGIN;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_SPACE_TIME_START;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_SPACE_TIME_STRIDE;
import static org.fabrica.experiment.plan.ExperimentSpec.DEFAULT_THROTTLE;
import static org.fabrica.experiment.plan.ExperimentSpec.LABEL;
import static org.fabrica.experiment.plan.ExperimentSpec.MAX_PACKET_FLITS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.params.ParameterSchema;
import org.fabrica.params.Parameters;
import org.fabrica.params.Suggestions;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.collectors.InFlightSeries;
import org.fabrica.stats.collectors.SpaceTimeRecorder;
import org.fabrica.sweep.PointResult;
import org.fabrica.topology.Topology;
import org.fabrica.topology.rails.Rails;
import org.fabrica.traffic.schedule.PlannedRoutes;

/**
 * What the packet-simulation modes share, offered through {@link PacketStudiesService} to the modes
 * of other bundles (e.g. steady, ramp, collective): the file with a topology, hardware, traffic
 * and schemes (docs/user-guide.md, "Experiment file reference"), its resolution against the
 * providers, its resolved form and its summary. Its subclass ({@link PluginPacketStudy}) brings
 * what the calling mode gave: its keys ({@link #readOwn}, {@link #refuseOwn}), its resolved keys and
 * its summary lines. The mode measures its points itself ({@code StudyMode.run}).
 */
abstract class PacketStudy {
    /** Keys of the sections the packet modes share. */
    static final List<String> TRAFFIC_KEYS = ExperimentSpec.TRAFFIC_KEYS;
    static final List<String> SCHEME_KEYS = ExperimentSpec.SCHEME_KEYS;
    static final List<String> OUTPUT_KEYS = List.of("plots", "report", "spaceTime");
    static final List<String> SPACE_TIME_KEYS = List.of("start", "length", "stride", "margin", "cellPixels");

    /**
     * What a packet mode reads beyond the common keys, every default filled in; a mode sets what
     * it reads and leaves the rest.
     */
    public static final class Settings {
        /** The last cycle + 1 a point may run. */
        long maxCycles = ExperimentSpec.DEFAULT_MAX_CYCLES;
        /** The scheme the ratios refer to, or null. */
        String baseline;
        int inFlightWindow = InFlightSeries.DEFAULT_WINDOW;
        /** What the mode alone reads ({@link ExperimentSpec#modeSettings()}), or null. */
        Object own;
    }

    /** The mode's word, its {@value StudyMode#NAME_PROPERTY}. */
    abstract String name();

    /** The top-level keys of the mode's files ({@link StudyMode#keys()}). */
    abstract List<String> keys();

    /** The injection process of a file without {@code traffic.injection}. */
    abstract String defaultInjection();

    /**
     * Refuses the keys of the other packet modes that the file has, each with the reason it does
     * not apply here (the keys of non-packet modes are refused before).
     */
    abstract void refuseOwn(ExperimentDocument doc, ObjectNode root);

    /** Reads the mode's own keys into {@code settings}. */
    abstract void readOwn(ExperimentDocument doc, ObjectNode root, List<SchemeSpec> schemes, Settings settings);

    /** The offered loads at which the injection process is built at validation. */
    List<Double> probeLoads(ExperimentSpec spec) {
        return List.of(0.0);
    }

    /** Checks what the mode's runs need once the traffic is built (e.g. that a ramp ends), and sets the plan's expectations. */
    void checkRun(SweepPlan plan) {
    }

    /**
     * The cycles the statistics collectors measure, {@code [start, end)}: by default the whole run
     * ({@code [0, }{@link CollectorContext#OPEN}{@code )}); a mode with a measurement window gives it.
     */
    long[] statisticsWindow(ExperimentSpec spec) {
        return new long[] {0, CollectorContext.OPEN};
    }

    /** What the mode resolved of its own keys, the plan's state ({@link SweepPlan#state()}); none by default. */
    Object state(ExperimentSpec spec) {
        return null;
    }

    /** Where a point's packets come from: the file's pattern and injection process unless the mode says otherwise. */
    PointTraffic traffic() {
        return new PatternTraffic();
    }

    /** The resolved keys of the mode, written after the schemes. */
    abstract void writeOwnKeys(ExperimentSpec spec, ObjectNode r);

    /** What the summary's first line says before the counts, e.g. {@code ramp mode, }. */
    String modeWords() {
        return name() + " mode, ";
    }

    /** The summary's factor between schemes and seeds, e.g. {@code 3 load(s) x }; empty when none. */
    String loadFactor(ExperimentSpec spec) {
        return "";
    }

    /** The summary's lines about how points run, each ending with a newline. */
    abstract void describeRun(StringBuilder sb, SweepPlan plan);

    // ------------------------------------------------------------------ the file

    /** Reads a packet-simulation file for {@code study}, the mode the runner asks about the file's points and results. */
    final ExperimentSpec read(ExperimentDocument doc, String name, String description, StudyMode study) {
        ObjectNode root = doc.root();
        refuseKeys(doc, root);
        ProviderChoice topology = choice(doc, root.get("topology"), "topology", "topology", null);
        ProviderChoice hardware = choice(doc, root.get("hardware"), "hardware", "hardware", null);
        ProviderChoice network = choice(doc, root.get("network"), "network", "network", DEFAULT_NETWORK);
        ProviderChoice kernel = choice(doc, root.get("kernel"), "kernel", "kernel", DEFAULT_KERNEL);

        JsonNode traffic = root.get("traffic");
        if (traffic == null || traffic.isNull()) {
            throw doc.error("traffic", "'traffic' is required, e.g. traffic: {packetFlits: 8, patterns: [uniform]}");
        }
        if (!traffic.isObject()) {
            throw doc.error("traffic", "traffic must be a mapping with packetFlits (or packetBytes), patterns and "
                    + "optionally injection; found a "
                    + ExperimentDocument.kind(traffic));
        }
        checkKeys(doc, (ObjectNode) traffic, "traffic", TRAFFIC_KEYS);
        long packetFlits = 0;
        long packetBytes = 0;
        JsonNode pf = traffic.get("packetFlits");
        JsonNode pb = traffic.get("packetBytes");
        boolean flitsGiven = pf != null && !pf.isNull();
        boolean bytesGiven = pb != null && !pb.isNull();
        if (flitsGiven && bytesGiven) {
            throw bothPacketLengths(doc);
        }
        if (!flitsGiven && !bytesGiven) {
            throw doc.error("traffic", "the packet length is required: give traffic.packetFlits (in flits, e.g. "
                    + "packetFlits: 8) or traffic.packetBytes (in bytes, a multiple of the hardware's flit size, e.g. "
                    + "packetBytes: 4096)");
        }
        if (flitsGiven) {
            packetFlits = whole(doc, pf, "traffic.packetFlits");
            if (packetFlits < 1 || packetFlits > MAX_PACKET_FLITS) {
                throw doc.error("traffic.packetFlits", "traffic.packetFlits = " + packetFlits + " is out of range; use 1 .. "
                        + MAX_PACKET_FLITS + " flits");
            }
        } else {
            packetBytes = whole(doc, pb, "traffic.packetBytes");
            if (packetBytes < 1 || packetBytes > Integer.MAX_VALUE) {
                throw doc.error("traffic.packetBytes", "traffic.packetBytes = " + packetBytes + " is out of range; use 1 .. "
                        + Integer.MAX_VALUE + " bytes (a multiple of the hardware's flit size)");
            }
        }
        JsonNode pats = traffic.get("patterns");
        if (pats == null || pats.isNull()) {
            throw doc.error("traffic", "traffic.patterns is required: a list of pattern names or {name: ..., parameters}, e.g. patterns: [uniform]");
        }
        List<ProviderChoice> patterns = new ArrayList<>();
        if (pats.isArray()) {
            if (pats.isEmpty()) {
                throw doc.error("traffic.patterns", "traffic.patterns is empty; list at least one pattern, e.g. [uniform]");
            }
            for (int i = 0; i < pats.size(); i++) {
                patterns.add(choice(doc, pats.get(i), "traffic", "traffic.patterns[" + i + "]", null));
            }
        } else {
            patterns.add(choice(doc, pats, "traffic", "traffic.patterns", null));
        }
        List<String> patternLabels = patternLabels(patterns);
        ProviderChoice injection = choice(doc, traffic.get("injection"), "injection", "traffic.injection",
                defaultInjection());

        List<SchemeSpec> schemes = schemes(doc, root);

        Settings own = new Settings();
        readOwn(doc, root, schemes, own);
        List<StatisticsSelection.Choice> statistics = StatisticsSelection.read(doc, root.get(StatisticsSelection.KEY));
        long deadlockCycles = cycles(doc, root, "deadlockCycles", DEFAULT_DEADLOCK_CYCLES, 1);

        List<String> patternLabelList = List.copyOf(patternLabels);
        JsonNode seedNode = root.get("seeds");
        List<Long> seeds;
        List<List<Long>> patternSeeds = new ArrayList<>();
        boolean perPattern = seedNode != null && seedNode.isObject();
        if (perPattern) {
            checkKeys(doc, (ObjectNode) seedNode, "seeds", withDefault(patternLabelList));
            seeds = seedNode.has(DEFAULT_SEEDS_KEY) ? seeds(doc, seedNode.get(DEFAULT_SEEDS_KEY), "seeds." + DEFAULT_SEEDS_KEY)
                    : DEFAULT_SEEDS;
            for (String label : patternLabelList) {
                patternSeeds.add(seedNode.has(label) ? seeds(doc, seedNode.get(label), "seeds." + label) : seeds);
            }
        } else {
            seeds = seeds(doc, seedNode, "seeds");
            for (int i = 0; i < patternLabelList.size(); i++) {
                patternSeeds.add(seeds);
            }
        }
        String executor = optionalText(doc, root, "executor", "executor", DEFAULT_EXECUTOR);

        boolean plots = true;
        boolean report = true;
        SpaceTimeRecorder.Sampling spaceTime = null;
        int cellPixels = DEFAULT_CELL_PIXELS;
        JsonNode outputs = root.get("outputs");
        if (outputs != null && !outputs.isNull()) {
            if (!outputs.isObject()) {
                throw doc.error("outputs", "outputs must be a mapping such as {plots: true, report: true}");
            }
            checkKeys(doc, (ObjectNode) outputs, "outputs", OUTPUT_KEYS);
            plots = bool(doc, outputs.get("plots"), "outputs.plots", true);
            report = bool(doc, outputs.get("report"), "outputs.report", true);
            JsonNode st = outputs.get("spaceTime");
            if (st != null && !st.isNull()) {
                if (!st.isObject()) {
                    throw doc.error("outputs.spaceTime", "outputs.spaceTime must be a mapping such as {start: 0, length: "
                            + "2000, stride: 1, margin: 0}");
                }
                checkKeys(doc, (ObjectNode) st, "outputs.spaceTime", SPACE_TIME_KEYS);
                if (!st.has("length")) {
                    throw doc.error("outputs.spaceTime", "outputs.spaceTime.length is required: the number of cycles "
                            + "the chart covers, e.g. {start: 10000, length: 2000}");
                }
                long start = bounded(doc, st, "start", "outputs.spaceTime.start", DEFAULT_SPACE_TIME_START, 0,
                        Long.MAX_VALUE / 4);
                long length = bounded(doc, st, "length", "outputs.spaceTime.length", 1, 1, Long.MAX_VALUE / 4);
                long stride = bounded(doc, st, "stride", "outputs.spaceTime.stride", DEFAULT_SPACE_TIME_STRIDE, 1,
                        Long.MAX_VALUE / 4);
                long margin = bounded(doc, st, "margin", "outputs.spaceTime.margin", DEFAULT_SPACE_TIME_MARGIN, 0,
                        1_000_000);
                cellPixels = (int) bounded(doc, st, "cellPixels", "outputs.spaceTime.cellPixels", DEFAULT_CELL_PIXELS,
                        1, 64);
                spaceTime = new SpaceTimeRecorder.Sampling(start, length, stride, (int) margin);
            }
        }
        return new ExperimentSpec(name, description, topology, hardware, network, kernel, (int) packetFlits,
                (int) packetBytes, List.copyOf(patterns), patternLabelList, injection, List.copyOf(schemes),
                deadlockCycles, List.copyOf(seeds), executor, plots, report, name(), study, own.baseline,
                List.copyOf(patternSeeds), perPattern, own.inFlightWindow, own.maxCycles, spaceTime, cellPixels, own.own,
                statistics);
    }

    /** Keys of another mode given in a file of this one are errors, never silently ignored. */
    private void refuseKeys(ExperimentDocument doc, ObjectNode root) {
        refuseOwn(doc, root);
        SpecReader.refuseOthers(doc, root, name(), keys());
    }

    /**
     * The packet length given twice. A {@code --set} of one of the two keys is named, with the
     * override that removes the other (a key set to null counts as not given).
     */
    private static RuntimeException bothPacketLengths(ExperimentDocument doc) {
        String flits = "traffic.packetFlits";
        String bytes = "traffic.packetBytes";
        boolean bytesSet = doc.overrides().containsKey(bytes);
        boolean flitsSet = doc.overrides().containsKey(flits);
        String at = flitsSet && !bytesSet ? flits : bytes;
        String fix;
        if (bytesSet && !flitsSet) {
            fix = "add --set " + flits + "=null to drop the file's packetFlits, or remove it from the file";
        } else if (flitsSet && !bytesSet) {
            fix = "add --set " + bytes + "=null to drop the file's packetBytes, or remove it from the file";
        } else {
            fix = "remove one of them from the file (or drop one on the command line, e.g. --set " + flits + "=null)";
        }
        return doc.error(at, flits + " and " + bytes + " are both given; give the packet length once, in flits "
                + "(packetFlits) or in bytes (packetBytes, converted with the hardware's flit size): " + fix);
    }

    /**
     * The scheme the ratios and paired differences refer to ({@code baseline}, default the first
     * scheme); an error names the schemes.
     */
    static String baseline(ExperimentDocument doc, ObjectNode root, List<SchemeSpec> schemes, String mode) {
        String baseline = optionalText(doc, root, "baseline", "baseline", schemes.get(0).label());
        List<String> known = new ArrayList<>();
        for (SchemeSpec x : schemes) {
            known.add(x.label());
        }
        if (!known.contains(baseline)) {
            throw doc.error("baseline", "baseline '" + baseline + "' is not the label of a scheme"
                    + Suggestions.hint(baseline, known) + "; the ratios and paired differences of a " + mode
                    + " experiment refer to one of its schemes");
        }
        return baseline;
    }

    /** {@code maxCycles}: a point ends at this cycle at the latest. */
    public static long maxCycles(ExperimentDocument doc, ObjectNode root) {
        long maxCycles = cycles(doc, root, "maxCycles", ExperimentSpec.DEFAULT_MAX_CYCLES, 1);
        if (maxCycles > Long.MAX_VALUE / 4) {
            throw doc.error("maxCycles", "maxCycles = " + maxCycles + " is too large; use fewer cycles");
        }
        return maxCycles;
    }

    // ------------------------------------------------------------------ points


    /**
     * A scheme's {@code hardware}: parameters of the experiment's hardware model that differ for this
     * scheme (e.g. {@code {crossbar: vc-inputs}}), laid over the experiment's; null when the scheme
     * has none. The model stays the experiment's: a {@code name} other than its name is refused.
     */
    static ProviderChoice schemeHardware(ExperimentDocument doc, ObjectNode root, JsonNode node, String path) {
        if (node == null || node.isNull()) {
            return null;
        }
        ProviderChoice experiment = choice(doc, root.get("hardware"), "hardware", "hardware", null);
        if (!node.isObject() || node.isEmpty()) {
            throw doc.error(path, path + " must be a mapping of the hardware model's parameters that differ for this"
                    + " scheme, e.g. {crossbar: vc-inputs}; found " + (node.isObject() ? "an empty mapping" : "a "
                    + ExperimentDocument.kind(node)));
        }
        JsonNode name = node.get("name");
        if (name != null && !(name.isTextual() && name.asText().trim().equals(experiment.name()))) {
            throw doc.error(path + ".name", path + " changes parameters of the experiment's hardware '"
                    + experiment.name() + "', not the model; remove the name (compare hardware models in separate"
                    + " experiments)");
        }
        Map<String, Object> parameters = new java.util.LinkedHashMap<>(experiment.parameters());
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (!e.getKey().equals("name")) {
                parameters.put(e.getKey(), SpecReader.plain(e.getValue()));
            }
        }
        return new ProviderChoice("hardware", experiment.name(), parameters, path);
    }

    /** The parameters a scheme's hardware changes, e.g. {@code crossbar=vc-inputs}. */
    private static String ownHardware(ProviderChoice own, ProviderChoice experiment) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Object> e : own.parameters().entrySet()) {
            if (!java.util.Objects.equals(experiment.parameters().get(e.getKey()), e.getValue())) {
                sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
            }
        }
        return sb.length() == 0 ? "(the experiment's)" : sb.toString();
    }

    /**
     * The {@code schemes} of a packet-simulation file: each a routing, a queuing scheme and
     * optionally a throttle and a label (docs/user-guide.md, "Experiment file reference"); mode
     * trace reads the same list.
     */
    static List<SchemeSpec> schemes(ExperimentDocument doc, ObjectNode root) {
        JsonNode sch = root.get("schemes");
        if (sch == null || sch.isNull()) {
            throw doc.error("schemes", "'schemes' is required: a list of {label, routing, queuing, throttle}");
        }
        if (!sch.isArray() || sch.isEmpty()) {
            throw doc.error("schemes", "schemes must be a non-empty list of {label, routing, queuing, throttle}; found a "
                    + ExperimentDocument.kind(sch));
        }
        List<SchemeSpec> schemes = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < sch.size(); i++) {
            String p = "schemes[" + i + "]";
            JsonNode s = sch.get(i);
            if (!s.isObject()) {
                throw doc.error(p, p + " must be a mapping with routing, queuing and optionally label and throttle; found a "
                        + ExperimentDocument.kind(s));
            }
            checkKeys(doc, (ObjectNode) s, p, SCHEME_KEYS);
            ProviderChoice routing = choice(doc, s.get("routing"), "routing", p + ".routing", null);
            // routes planned by a scheduler (docs/user-guide.md, "Routes from a scheduler"): 'from' is not a
            // parameter of the routing provider but the scheduler whose plan becomes its 'routes'
            ProviderChoice routesFrom = null;
            if (routing.parameters().containsKey(PlannedRoutes.FROM)) {
                routesFrom = choice(doc, s.get("routing").get(PlannedRoutes.FROM), "scheduler",
                        p + ".routing." + PlannedRoutes.FROM, null);
                routing = routing.without(PlannedRoutes.FROM);
            }
            ProviderChoice queuing = choice(doc, s.get("queuing"), "queuing", p + ".queuing", null);
            ProviderChoice throttle = choice(doc, s.get("throttle"), "throttle", p + ".throttle", DEFAULT_THROTTLE);
            String label = optionalText(doc, (ObjectNode) s, "label", p + ".label", routing.name() + "-" + queuing.name());
            if (!LABEL.matcher(label).matches()) {
                throw doc.error(p + ".label", "label '" + label
                        + "' must start with a letter or digit and use only letters, digits, '.', '_' and '-'");
            }
            if (!labels.add(label)) {
                throw doc.error(p + ".label", "label '" + label + "' is used by an earlier scheme; give each scheme its own label");
            }
            schemes.add(new SchemeSpec(label, routing, queuing, throttle, routesFrom, List.of(),
                    schemeHardware(doc, root, s.get("hardware"), p + ".hardware")));
        }

        return schemes;
    }

    /**
     * One point per pattern x scheme x seed (a scheme only on the patterns it applies to), with
     * ids {@code <pattern>/<scheme>/<word>/s<seed>}.
     */
    static List<StudyPoint> perSeed(ExperimentSpec s, String word) {
        List<StudyPoint> out = new ArrayList<>();
        int index = 0;
        for (int p = 0; p < s.patternLabels().size(); p++) {
            String pattern = s.patternLabels().get(p);
            for (int sc = 0; sc < s.schemes().size(); sc++) {
                String scheme = s.schemes().get(sc).label();
                if (!s.schemes().get(sc).appliesTo(pattern)) {
                    continue; // the scheme does not run on this row
                }
                for (long seed : s.seedsOf(p)) {
                    out.add(new StudyPoint(index++, StudyPoint.id(pattern, scheme, word, seed), p, sc, Double.NaN, seed));
                }
            }
        }
        return List.copyOf(out);
    }

    // ------------------------------------------------------------------ resolution

    SweepPlan resolve(ExperimentDocument doc, ExperimentSpec spec, ProviderLookup registry) {
        Rails rails = Rails.of(spec.topology().parameters(),
                (key, message) -> doc.error(spec.topology().parameterPath(key), message));
        BoundProvider topology = ProviderBinding.bind(doc, rails == null ? spec.topology()
                : spec.topology().without(Rails.PLANES, Rails.SELECTION), registry);
        BoundProvider hardware = ProviderBinding.bind(doc, spec.hardware(), registry);
        BoundProvider network = ProviderBinding.bind(doc, spec.network(), registry);
        BoundProvider kernel = ProviderBinding.bind(doc, spec.kernel(), registry);
        List<BoundProvider> patterns = new ArrayList<>();
        for (ProviderChoice p : spec.patterns()) {
            patterns.add(ProviderBinding.bind(doc, p, registry));
        }
        BoundProvider injection = ProviderBinding.bind(doc, spec.injection(), registry);
        List<SweepPlan.BoundScheme> schemes = new ArrayList<>();
        for (int i = 0; i < spec.schemes().size(); i++) {
            SchemeSpec s = spec.schemes().get(i);
            BoundProvider routing = ProviderBinding.bind(doc, s.routing(), registry);
            BoundProvider routesFrom = null;
            if (s.routesFrom() != null) {
                String problem = PlannedRoutes.unusableRouting(routing.choice().path(), routing.provider().name(),
                        ParameterSchema.of(routing.provider().factory().parameterType()).names(),
                        routing.choice().parameters().get(PlannedRoutes.ROUTES));
                if (problem != null) {
                    throw doc.error(s.routesFrom().path(), problem);
                }
                routesFrom = ProviderBinding.bind(doc, s.routesFrom(), registry);
            }
            schemes.add(new SweepPlan.BoundScheme(i, s.label(), routing, ProviderBinding.bind(doc, s.queuing(), registry),
                    ProviderBinding.bind(doc, s.throttle(), registry), routesFrom));
        }
        ProviderBinding.checkExecutor(doc, spec, registry);

        Topology topo = ProviderBinding.build(doc, topology, topology::topology);
        RouterParameters router = ProviderBinding.build(doc, hardware, () -> {
            RouterParameters r = hardware.hardware().router();
            if (r == null) {
                throw new IllegalStateException("the hardware model returned no router parameters");
            }
            return r;
        });
        EndpointTiming endpoint = ProviderBinding.build(doc, hardware, () -> {
            EndpointTiming e = hardware.hardware().endpoint();
            if (e == null) {
                throw new IllegalStateException("the hardware model returned no endpoint timing");
            }
            return e;
        });
        ProviderBinding.build(doc, kernel, kernel::kernel);
        RouterDescription description = ProviderBinding.description(doc, hardware, hardware.hardware());
        int packetFlits = packetFlits(doc, spec, hardware, description);
        List<StatisticsSelection.Bound> statistics = List.of();
        CollectorContext context = null;
        if (!spec.statistics().isEmpty()) {
            long[] window = statisticsWindow(spec);
            context = new CollectorContext(topo.nodes(), router.cycleNanoseconds(), window[0], window[1], packetFlits);
            statistics = StatisticsSelection.resolve(doc, spec.statistics(), registry, context);
        }
        SweepPlan plan = new SweepPlan(doc, spec, topology, hardware, network, kernel, injection, List.copyOf(patterns),
                List.copyOf(schemes), topo, router, endpoint, state(spec), packetFlits, traffic(), statistics, context);
        if (rails != null) {
            plan.rails(rails);
        }
        plan.describeRouter(doc, description, registry);
        plan.bindSchemeHardware(doc, registry);
        List<Double> loads = probeLoads(spec);
        plan.checkTraffic(loads);
        checkRun(plan);
        plan.checkSchemes(loads);
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

    // ------------------------------------------------------------------ resolved experiment and summary

    ObjectNode resolved(SweepPlan plan) {
        ExperimentSpec spec = plan.spec();
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("name", spec.name());
        r.put("description", spec.description());
        r.set("topology", ResolvedExperiment.topologyNode(plan));
        r.set("hardware", ResolvedExperiment.providerNode(plan.hardwareProvider()));
        r.set("network", ResolvedExperiment.providerNode(plan.networkProvider()));
        r.set("kernel", ResolvedExperiment.providerNode(plan.kernelProvider()));
        ObjectNode traffic = r.putObject("traffic");
        traffic.put("packetFlits", plan.packetFlits()); // converted, when the file gives packetBytes
        ArrayNode pats = traffic.putArray("patterns");
        for (BoundProvider p : plan.patterns()) {
            pats.add(ResolvedExperiment.providerNode(p));
        }
        traffic.set("injection", ResolvedExperiment.providerNode(plan.injectionProvider()));
        ArrayNode sch = r.putArray("schemes");
        for (SweepPlan.BoundScheme s : plan.schemes()) {
            ObjectNode o = sch.addObject();
            o.put("label", s.label());
            ObjectNode routingNode = ResolvedExperiment.providerNode(s.routing());
            if (s.routesFrom() != null) {
                routingNode.set(PlannedRoutes.FROM, ResolvedExperiment.providerNode(s.routesFrom()));
            }
            o.set("routing", routingNode);
            o.set("queuing", ResolvedExperiment.providerNode(s.queuing()));
            o.set("throttle", ResolvedExperiment.providerNode(s.throttle()));
            plan.putSchemeHardware(o, s);
        }
        writeOwnKeys(spec, r);
        if (!plan.statistics().isEmpty()) { // absent by default: the resolved file and its id stay as they were
            r.set(StatisticsSelection.KEY, StatisticsSelection.resolved(plan.statistics()));
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

    String summary(SweepPlan plan) {
        ExperimentSpec spec = plan.spec();
        StringBuilder sb = new StringBuilder();
        sb.append(spec.name()).append(": ");
        sb.append(modeWords());
        sb.append(spec.patterns().size()).append(" pattern(s) x ").append(spec.schemes().size()).append(" scheme(s) x ");
        sb.append(loadFactor(spec));
        sb.append(seedCounts(spec)).append(" seed(s) = ").append(plan.points().size()).append(" points\n");
        sb.append("  topology  ").append(plan.topology().describe()).append(", ").append(plan.topology().nodes())
                .append(" nodes: ").append(plan.topologyProvider().provider().label())
                .append(plan.rails() == null ? "" : "; " + plan.rails().planes() + " rails (planes), one interface router"
                        + " per node, plane chosen by " + plan.rails().selectionName())
                .append('\n');
        sb.append("  hardware  ").append(plan.router().vcs()).append(" VCs x ").append(plan.router().bufferFlits())
                .append(" flits, ").append(Parameters.enumName(plan.router().flowControl())).append(": ")
                .append(plan.hardwareProvider().provider().label()).append('\n');
        sb.append("  network   ").append(plan.networkProvider().provider().label()).append(", kernel ").append(plan.kernelProvider().provider().label())
                .append('\n');
        sb.append("  traffic   ").append(String.join(", ", spec.patternLabels())).append("; ").append(plan.packetFlits())
                .append("-flit packets").append(spec.packetBytes() == 0 ? "" : " (" + spec.packetBytes() + " bytes of "
                        + plan.description().flitBytes() + "-byte flits)").append(", injection ").append(plan.injectionProvider().provider().name()).append('\n');
        for (SweepPlan.BoundScheme s : plan.schemes()) {
            sb.append("  scheme    ").append(s.label()).append(": routing ").append(s.routing().provider().label())
                    .append(s.routesFrom() == null ? "" : " on routes from scheduler "
                            + s.routesFrom().provider().label())
                    .append(", queuing ").append(s.queuing().provider().label()).append(", throttle ")
                    .append(s.throttle().provider().label())
                    .append(plan.schemeHardware(s.index()) == null ? "" : ", its own hardware "
                            + ownHardware(spec.schemes().get(s.index()).hardware(), spec.hardware()))
                    .append('\n');
        }
        describeRun(sb, plan);
        StatisticsSelection.describe(sb, plan.statistics());
        if (spec.spaceTime() != null) {
            SpaceTimeRecorder.Sampling st = spec.spaceTime();
            sb.append("  charts    space-time from cycle ").append(st.start()).append(", ").append(st.length())
                    .append(" cycles, stride ").append(st.stride()).append(", busy when free <= ").append(st.margin())
                    .append(" flits\n");
        }
        sb.append("  id        ").append(plan.experimentId());
        return sb.toString();
    }

    static String seedCounts(ExperimentSpec spec) {
        if (!spec.perPatternSeeds()) {
            return Integer.toString(spec.seeds().size());
        }
        List<String> parts = new ArrayList<>();
        for (int p = 0; p < spec.patternLabels().size(); p++) {
            parts.add(Integer.toString(spec.seedsOf(p).size()));
        }
        return "(" + String.join("|", parts) + ")";
    }

    static String seedText(ExperimentSpec spec) {
        if (!spec.perPatternSeeds()) {
            return spec.seeds().toString();
        }
        List<String> parts = new ArrayList<>();
        for (int p = 0; p < spec.patternLabels().size(); p++) {
            parts.add(spec.patternLabels().get(p) + " " + spec.seedsOf(p));
        }
        return String.join(", ", parts);
    }
}
