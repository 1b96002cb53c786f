package org.fabrica.experiment.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.fabrica.params.Suggestions;
import org.fabrica.stats.collectors.CriticalLoadDetector;
import org.fabrica.stats.collectors.InFlightSeries;
import org.fabrica.stats.collectors.MovingAverage;
import org.fabrica.stats.collectors.SpaceTimeRecorder;
import org.fabrica.stats.collectors.WindowedSeriesCollector;

/**
 * An experiment as written in its file, checked for structure and value ranges, with every
 * runner-level default filled in. Providers and their parameters are checked later against the
 * registered providers ({@link SweepPlan}). The file format (docs/user-guide.md,
 * "Experiment file reference"):
 *
 * <pre>{@code
 * name: quickstart                 # required, [a-z0-9-]+, names the default results folder results/<name>
 * description: free text           # optional
 * mode: steady                     # steady (default) | ramp | collective | schedulability | m2n
 * topology: {name: torus, k: 8, n: 2}          # provider name + its parameters (or just a name)
 * hardware: {name: generic, vcs: 2, bufferFlits: 8}
 * network: {name: flit}                        # optional, default flit
 * kernel: {name: sequential}                   # optional, default sequential
 * traffic:
 *   packetFlits: 8                             # the packet length in flits, 1 .. 1000000; or instead
 *   packetBytes: 4096                          #   in bytes: a multiple of the hardware's flitBytes, converted
 *                                              #   once when the hardware is known ({@link SweepPlan}); one is required
 *   patterns: [uniform, {name: hotspot, hotspots: [0]}]   # each point uses one
 *   injection: {name: bernoulli}               # optional; default bernoulli, ramp or collective by mode
 * schemes:                                     # one or more
 *   - label: dor-classic                       # optional, default <routing>-<queuing>; unique
 *     routing: {name: dor, dateline: classic}
 *     queuing: {name: dateline}
 *     throttle: {name: none}                   # optional, default none
 *   - routing: {name: source-route, fallback: dmodk, from: levelwise}   # routes planned by a scheduler on
 *                                              #   the point's permutation pattern ({@link RoutesFromScheduler})
 * baseline: dor-classic                        # ramp, collective: scheme the ratios refer to (default: the first)
 * loads: [0.05, 0.10]                          # steady only: flits/node/cycle, or {from: 0.05, to: 0.5, step: 0.05}
 * warmup: 2000                                 # steady only: cycles, default 2000
 * measure: 10000                               # steady only: cycles, default 10000
 * drain: 50000                                 # steady only: max cycles after the window to deliver the measured packets
 * maxCycles: 100000000                         # ramp, collective: a point ends at this cycle at the latest
 * series: {window: 100, smoothing: 200}        # ramp: window W in cycles, moving-average points
 * series: {inFlightWindow: 10}                 # collective: cycles per in-flight sample
 * criticalLoad: {linearFraction: 0.1, gradientPoints: 1000, drop: 0.1}  # ramp: the knee detector
 * deadlockCycles: 20000                        # no flit moved for this long with packets in flight = deadlock
 * seeds: [1]                                   # or a count (3 means seeds 1, 2, 3), or per pattern:
 *                                              #   {default: 1, uniform: 10, randperm: 10}
 * executor: local                              # optional sweep executor, default local
 * outputs: {plots: true, report: true,
 *           spaceTime: {start: 0, length: 2000, stride: 1, margin: 0, cellPixels: 4}}   # optional charts
 * }</pre>
 *
 * <p><b>Packet length.</b> Exactly one of {@code traffic.packetFlits} and {@code traffic.packetBytes};
 * both, or neither, is an error naming the two keys (a key set to null, e.g. by
 * {@code --set traffic.packetFlits=null}, counts as not given). {@link #packetFlits()} is 0 when the
 * file gives bytes ({@link #packetBytes()} > 0, else 0): {@link SweepPlan} converts them once, when
 * the hardware model's flit size is known, and refuses bytes that are not a whole number of flits.
 * Mode m2n has no {@code traffic}: its packets are the hardware's maximum-payload packets.
 *
 * <p><b>Modes.</b> {@code steady}: one point per pattern x scheme x load x seed, measured in a
 * window after a warm-up (BookSim2's method). {@code ramp} (docs/studies/spth.md, the ramp load
 * method): one point per pattern x scheme x seed; the injection (default {@code ramp}) raises the
 * offered load with time and the point ends when its offered load has returned to zero (the
 * ramp's end) or at {@code maxCycles}; throughput and latency are measured per window of
 * {@code series.window} cycles, smoothed by a {@code series.smoothing}-point moving average, and
 * the critical load is detected on the smoothed curve. {@code collective} (the unsteady mode):
 * one point per pattern x scheme x seed; the injection (default {@code collective}) generates a
 * burst at cycle 0 and the point ends when every packet is delivered; its duration and the
 * in-flight series are reported. Keys that do not apply to the file's mode are errors.
 *
 * <p><b>Schedulability</b> (docs/studies/levelwise.md): no packet simulation; circuit schedulers
 * are run on random permutations of the end nodes. Its file has only these keys besides
 * {@code name}, {@code description}, {@code seeds}, {@code executor} and {@code outputs}:
 *
 * <pre>{@code
 * mode: schedulability
 * topologies: [{name: ft, l: 2, m: 4, w: 4}, {name: ft, l: 3, w: 4}]   # tree topologies, each a point row
 * schedulers:                                  # the first is compared with the best of the others
 *   - {label: level-wise, scheduler: levelwise}
 *   - {label: greedy, scheduler: greedy-local}
 *   - random-local                             # a bare name: label = name
 * permutations: 100                            # random permutations per point, default 100
 * timing: {warmup: 1.0, repetitions: 5}        # seconds of untimed passes, then timed passes ({@link SchedulingTiming})
 * }</pre>
 *
 * One point per topology x scheduler x seed; every scheduler of a topology sees the same
 * permutations (drawn from the seed's streams), so the comparison is paired.
 *
 * <p><b>M2n</b> (docs/studies/rapidio-m2n.md): M-to-N personalized communications played from the plans
 * of schedulers. Its file has {@code communications} instead of {@code traffic}, and every scheme
 * names a {@code scheduler}; see {@link M2nSpecParser} for the format. One point per
 * communication x scheme that runs on it x seed, run until every packet is delivered
 * ({@link #m2n()} holds the communications).
 *
 * A resolved file written to a results folder also has a {@code provenance} section, which is
 * accepted and ignored so that the resolved file can be run again.
 */
public record ExperimentSpec(
        String name,
        String description,
        ProviderChoice topology,
        ProviderChoice hardware,
        ProviderChoice network,
        ProviderChoice kernel,
        int packetFlits,
        int packetBytes,
        List<ProviderChoice> patterns,
        List<String> patternLabels,
        ProviderChoice injection,
        List<SchemeSpec> schemes,
        List<Double> loads,
        long warmup,
        long measure,
        long drain,
        long deadlockCycles,
        List<Long> seeds,
        String executor,
        boolean plots,
        boolean report,
        Mode mode,
        String baseline,
        List<List<Long>> patternSeeds,
        boolean perPatternSeeds,
        int seriesWindow,
        int smoothing,
        int inFlightWindow,
        CriticalLoadDetector.Settings criticalLoad,
        long maxCycles,
        SpaceTimeRecorder.Sampling spaceTime,
        int cellPixels,
        List<ProviderChoice> topologies,
        List<SchedulerSpec> schedulers,
        int permutations,
        M2nSpec m2n,
        SchedulingTiming timing) {

    /** How load is offered and measured (key {@code mode}). */
    public enum Mode {
        /** Load points with warm-up, measurement window and drain. */
        STEADY,
        /** One run per pattern, scheme and seed with a linearly rising load (docs/studies/spth.md). */
        RAMP,
        /** One burst per pattern, scheme and seed, run until every packet is delivered. */
        COLLECTIVE,
        /** Circuit schedulers on random permutations per topology and seed (docs/studies/levelwise.md). */
        SCHEDULABILITY,
        /**
         * M-to-N personalized communications played from schedulers' plans until delivered
         * (docs/studies/rapidio-m2n.md).
         */
        M2N;

        /** The name as written in files, e.g. {@code ramp}. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Top-level keys, in the order of the reference. */
    public static final List<String> KEYS = List.of("name", "description", "mode", "topology", "hardware", "network",
            "kernel", "traffic", "communications", "schemes", "topologies", "schedulers", "permutations", "timing", "baseline", "loads", "warmup", "measure", "drain", "maxCycles", "series",
            "criticalLoad", "deadlockCycles", "seeds", "executor", "outputs", "provenance");
    static final List<String> TRAFFIC_KEYS = List.of("packetFlits", "packetBytes", "patterns", "injection");
    static final List<String> SCHEME_KEYS = List.of("label", "routing", "queuing", "throttle");
    static final List<String> RAMP_KEYS = List.of("from", "to", "step");
    static final List<String> OUTPUT_KEYS = List.of("plots", "report", "spaceTime");
    static final List<String> SERIES_KEYS = List.of("window", "smoothing", "inFlightWindow");
    static final List<String> CRITICAL_LOAD_KEYS = List.of("linearFraction", "gradientPoints", "drop");
    static final List<String> SPACE_TIME_KEYS = List.of("start", "length", "stride", "margin", "cellPixels");
    /** Top-level keys that only a steady experiment uses, and those only the other modes use. */
    static final List<String> STEADY_ONLY = List.of("loads", "warmup", "measure", "drain");
    static final List<String> UNSTEADY_ONLY = List.of("baseline", "maxCycles", "series");
    /** Top-level keys of a schedulability experiment; every other key is an error there. */
    static final List<String> SCHEDULABILITY_KEYS = List.of("name", "description", "mode", "topologies", "schedulers",
            "permutations", "timing", "seeds", "executor", "outputs", "provenance");
    static final List<String> SCHEDULER_KEYS = List.of("label", "scheduler");
    /** Top-level keys of an m2n experiment; every other key is an error there. */
    static final List<String> M2N_KEYS = List.of("name", "description", "mode", "topology", "hardware", "network",
            "kernel", "communications", "schemes", "baseline", "maxCycles", "deadlockCycles", "seeds", "executor",
            "outputs", "provenance");
    static final List<String> COMMUNICATION_KEYS = List.of("label", "senders", "receivers", "m", "n", "messageBytes",
            "multiples", "sizes", "rate");
    static final List<String> M2N_SCHEME_KEYS = List.of("label", "scheduler", "routing", "queuing", "throttle",
            "communications");
    static final List<String> M2N_OUTPUT_KEYS = List.of("plots", "report", "pairs");
    /** Default queuing of an m2n scheme: one VC, as the CPS-1848 model has. */
    public static final String DEFAULT_M2N_QUEUING = "1vc";
    /** Keys only a schedulability experiment uses. */
    static final List<String> SCHEDULABILITY_ONLY = List.of("topologies", "schedulers", "permutations", "timing");

    /** Runner-level defaults (the only place they are written). */
    public static final String DEFAULT_NETWORK = "flit";
    public static final String DEFAULT_KERNEL = "sequential";
    public static final String DEFAULT_INJECTION = "bernoulli";
    public static final String DEFAULT_THROTTLE = "none";
    public static final String DEFAULT_EXECUTOR = "local";
    public static final long DEFAULT_WARMUP = 2000;
    public static final long DEFAULT_MEASURE = 10000;
    public static final long DEFAULT_DRAIN = 50000;
    public static final long DEFAULT_DEADLOCK_CYCLES = 20000;
    public static final List<Long> DEFAULT_SEEDS = List.of(1L);
    public static final Mode DEFAULT_MODE = Mode.STEADY;
    public static final String DEFAULT_RAMP_INJECTION = "ramp";
    public static final String DEFAULT_COLLECTIVE_INJECTION = "collective";
    public static final long DEFAULT_MAX_CYCLES = 100_000_000L;
    public static final long DEFAULT_SPACE_TIME_START = 0;
    public static final long DEFAULT_SPACE_TIME_STRIDE = 1;
    public static final int DEFAULT_SPACE_TIME_MARGIN = 0;
    public static final int DEFAULT_CELL_PIXELS = 4;
    public static final int DEFAULT_PERMUTATIONS = 100;
    /** Key of the per-pattern seeds mapping that applies to the patterns it does not name. */
    public static final String DEFAULT_SEEDS_KEY = "default";

    /** The default of every optional top-level key, for the user guide and its test. */
    public static Map<String, Object> defaults() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("description", "");
        d.put("mode", DEFAULT_MODE.word());
        d.put("network", DEFAULT_NETWORK);
        d.put("kernel", DEFAULT_KERNEL);
        d.put("traffic.injection", DEFAULT_INJECTION);
        d.put("schemes[].throttle", DEFAULT_THROTTLE);
        d.put("warmup", DEFAULT_WARMUP);
        d.put("measure", DEFAULT_MEASURE);
        d.put("drain", DEFAULT_DRAIN);
        d.put("maxCycles", DEFAULT_MAX_CYCLES);
        d.put("series.window", WindowedSeriesCollector.DEFAULT_WINDOW);
        d.put("series.smoothing", MovingAverage.DEFAULT_POINTS);
        d.put("series.inFlightWindow", InFlightSeries.DEFAULT_WINDOW);
        d.put("criticalLoad.linearFraction", CriticalLoadDetector.Settings.DEFAULT_LINEAR_FRACTION);
        d.put("criticalLoad.gradientPoints", CriticalLoadDetector.Settings.DEFAULT_GRADIENT_POINTS);
        d.put("criticalLoad.drop", CriticalLoadDetector.Settings.DEFAULT_DROP);
        d.put("deadlockCycles", DEFAULT_DEADLOCK_CYCLES);
        d.put("permutations", DEFAULT_PERMUTATIONS);
        d.put("timing.warmup", SchedulingTiming.DEFAULT_WARMUP);
        d.put("timing.repetitions", SchedulingTiming.DEFAULT_REPETITIONS);
        d.put("seeds", DEFAULT_SEEDS);
        d.put("executor", DEFAULT_EXECUTOR);
        d.put("outputs.plots", true);
        d.put("outputs.report", true);
        d.put("outputs.spaceTime.start", DEFAULT_SPACE_TIME_START);
        d.put("outputs.spaceTime.stride", DEFAULT_SPACE_TIME_STRIDE);
        d.put("outputs.spaceTime.margin", DEFAULT_SPACE_TIME_MARGIN);
        d.put("outputs.spaceTime.cellPixels", DEFAULT_CELL_PIXELS);
        return d;
    }

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");
    static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final int MAX_LOADS = 10_000;
    /** Longest packet in flits, given in flits or converted from bytes. */
    static final int MAX_PACKET_FLITS = 1_000_000;

    /**
     * Reads and checks the structure of a document.
     *
     * @throws org.fabrica.experiment.ExperimentException naming the key path and its place in the file
     */
    public static ExperimentSpec parse(ExperimentDocument doc) {
        ObjectNode root = doc.root();
        checkKeys(doc, root, "", KEYS);

        String name = requiredText(doc, root, "name", "name");
        if (!NAME.matcher(name).matches()) {
            throw doc.error("name", "name '" + name + "' must be lower-case letters, digits and hyphens, e.g. "
                    + "torus-8x8-dor; it names the results folder results/<name>");
        }
        String description = optionalText(doc, root, "description", "description", "");
        Mode mode = mode(doc, root.get("mode"));
        checkModeKeys(doc, root, mode);
        if (mode == Mode.SCHEDULABILITY) {
            return schedulability(doc, root, name, description);
        }
        if (mode == Mode.M2N) {
            return M2nSpecParser.parse(doc, root, name, description);
        }

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
                switch (mode) {
                    case STEADY -> DEFAULT_INJECTION;
                    case RAMP -> DEFAULT_RAMP_INJECTION;
                    case COLLECTIVE -> DEFAULT_COLLECTIVE_INJECTION;
                    case SCHEDULABILITY, M2N -> throw new IllegalStateException("parsed by its own method");
                });

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
            if (routing.parameters().containsKey(RoutesFromScheduler.FROM)) {
                routesFrom = choice(doc, s.get("routing").get(RoutesFromScheduler.FROM), "scheduler",
                        p + ".routing." + RoutesFromScheduler.FROM, null);
                routing = RoutesFromScheduler.withoutFrom(routing);
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
            schemes.add(new SchemeSpec(label, routing, queuing, throttle, routesFrom));
        }

        List<Double> loads = mode == Mode.STEADY ? loads(doc, root.get("loads")) : List.of();
        long warmup = cycles(doc, root, "warmup", DEFAULT_WARMUP, 0);
        long measure = cycles(doc, root, "measure", DEFAULT_MEASURE, 1);
        long drain = cycles(doc, root, "drain", DEFAULT_DRAIN, 0);
        long deadlockCycles = cycles(doc, root, "deadlockCycles", DEFAULT_DEADLOCK_CYCLES, 1);
        if (warmup + measure + drain > Long.MAX_VALUE / 4) {
            throw doc.error("measure", "warmup + measure + drain is too large; use fewer cycles");
        }
        long maxCycles = cycles(doc, root, "maxCycles", DEFAULT_MAX_CYCLES, 1);
        if (maxCycles > Long.MAX_VALUE / 4) {
            throw doc.error("maxCycles", "maxCycles = " + maxCycles + " is too large; use fewer cycles");
        }
        String baseline = null;
        if (mode != Mode.STEADY) {
            baseline = optionalText(doc, root, "baseline", "baseline", schemes.get(0).label());
            if (!labels.contains(baseline)) {
                List<String> known = new ArrayList<>();
                for (SchemeSpec x : schemes) {
                    known.add(x.label());
                }
                throw doc.error("baseline", "baseline '" + baseline + "' is not the label of a scheme"
                        + Suggestions.hint(baseline, known) + "; the ratios of a " + mode.word()
                        + " experiment refer to one of its schemes");
            }
        }

        int window = WindowedSeriesCollector.DEFAULT_WINDOW;
        int smoothing = MovingAverage.DEFAULT_POINTS;
        int inFlightWindow = InFlightSeries.DEFAULT_WINDOW;
        JsonNode series = root.get("series");
        if (series != null && !series.isNull()) {
            if (!series.isObject()) {
                throw doc.error("series", "series must be a mapping such as {window: 100, smoothing: 200}");
            }
            checkKeys(doc, (ObjectNode) series, "series", SERIES_KEYS);
            List<String> usable = mode == Mode.RAMP ? List.of("window", "smoothing") : List.of("inFlightWindow");
            for (String k : SERIES_KEYS) {
                if (series.has(k) && !usable.contains(k)) {
                    throw doc.keyError("series." + k, "series." + k + " is not used in mode " + mode.word()
                            + " (it applies to mode " + (mode == Mode.RAMP ? "collective" : "ramp")
                            + "); remove it");
                }
            }
            window = (int) bounded(doc, series, "window", "series.window", window, 1, 1_000_000_000);
            smoothing = (int) bounded(doc, series, "smoothing", "series.smoothing", smoothing, 1, 1_000_000_000);
            inFlightWindow = (int) bounded(doc, series, "inFlightWindow", "series.inFlightWindow", inFlightWindow, 1,
                    1_000_000_000);
        }
        CriticalLoadDetector.Settings criticalLoad = CriticalLoadDetector.Settings.DEFAULT;
        JsonNode cl = root.get("criticalLoad");
        if (cl != null && !cl.isNull()) {
            if (!cl.isObject()) {
                throw doc.error("criticalLoad", "criticalLoad must be a mapping such as {linearFraction: 0.1, "
                        + "gradientPoints: 1000, drop: 0.1}");
            }
            checkKeys(doc, (ObjectNode) cl, "criticalLoad", CRITICAL_LOAD_KEYS);
            double linear = cl.has("linearFraction") ? number(doc, cl.get("linearFraction"), "criticalLoad.linearFraction")
                    : criticalLoad.linearFraction();
            long points = bounded(doc, cl, "gradientPoints", "criticalLoad.gradientPoints",
                    criticalLoad.gradientPoints(), 2, 1_000_000_000);
            double drop = cl.has("drop") ? number(doc, cl.get("drop"), "criticalLoad.drop") : criticalLoad.drop();
            if (!(linear > 0 && linear < 1)) {
                throw doc.error("criticalLoad.linearFraction", "criticalLoad.linearFraction = " + linear
                        + "; use a fraction of the curve strictly between 0 and 1, e.g. 0.1");
            }
            if (!(drop > 0 && drop < 1)) {
                throw doc.error("criticalLoad.drop", "criticalLoad.drop = " + drop
                        + "; use a relative fall strictly between 0 and 1, e.g. 0.1 for 10%");
            }
            criticalLoad = new CriticalLoadDetector.Settings(linear, (int) points, drop);
        }

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
                (int) packetBytes, List.copyOf(patterns), patternLabelList, injection, List.copyOf(schemes), List.copyOf(loads),
                warmup, measure, drain, deadlockCycles, List.copyOf(seeds), executor, plots, report, mode, baseline,
                List.copyOf(patternSeeds), perPattern, window, smoothing, inFlightWindow, criticalLoad, maxCycles,
                spaceTime, cellPixels, List.of(), List.of(), 0, null, null);
    }

    /** A schedulability experiment: topologies x schedulers x seeds, no packet simulation. */
    private static ExperimentSpec schedulability(ExperimentDocument doc, ObjectNode root, String name,
            String description) {
        JsonNode tops = root.get("topologies");
        if (tops == null || tops.isNull() || !tops.isArray() || tops.isEmpty()) {
            throw doc.error("topologies", "mode schedulability needs 'topologies': a non-empty list of tree topologies, "
                    + "e.g. topologies: [{name: ft, l: 3, w: 4}]");
        }
        List<ProviderChoice> topologies = new ArrayList<>();
        List<String> topologyLabels = new ArrayList<>();
        for (int i = 0; i < tops.size(); i++) {
            ProviderChoice t = choice(doc, tops.get(i), "topology", "topologies[" + i + "]", null);
            StringBuilder label = new StringBuilder(t.name());
            for (Map.Entry<String, Object> e : t.parameters().entrySet()) {
                label.append('-').append(e.getKey()).append(e.getValue());
            }
            if (topologyLabels.contains(label.toString())) {
                throw doc.error("topologies[" + i + "]", "topologies[" + i + "] repeats " + label
                        + "; list each topology once");
            }
            topologies.add(t);
            topologyLabels.add(label.toString());
        }
        JsonNode sch = root.get("schedulers");
        if (sch == null || sch.isNull() || !sch.isArray() || sch.isEmpty()) {
            throw doc.error("schedulers", "mode schedulability needs 'schedulers': a non-empty list of scheduler names "
                    + "or {label, scheduler}, e.g. schedulers: [levelwise, greedy-local]");
        }
        List<SchedulerSpec> schedulers = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < sch.size(); i++) {
            String p = "schedulers[" + i + "]";
            JsonNode s = sch.get(i);
            ProviderChoice scheduler;
            String label;
            if (s.isObject() && s.has("scheduler")) {
                checkKeys(doc, (ObjectNode) s, p, SCHEDULER_KEYS);
                scheduler = choice(doc, s.get("scheduler"), "scheduler", p + ".scheduler", null);
                label = optionalText(doc, (ObjectNode) s, "label", p + ".label", scheduler.name());
            } else if (s.isTextual()) {
                scheduler = choice(doc, s, "scheduler", p, null);
                label = scheduler.name();
            } else {
                throw doc.error(p, p + " must be a scheduler name or {label: ..., scheduler: {name: ..., parameters}}; "
                        + "found a " + ExperimentDocument.kind(s) + (s.isObject() ? " without 'scheduler'" : ""));
            }
            if (!LABEL.matcher(label).matches()) {
                throw doc.error(p + ".label", "label '" + label
                        + "' must start with a letter or digit and use only letters, digits, '.', '_' and '-'");
            }
            if (!labels.add(label)) {
                throw doc.error(p, "label '" + label + "' is used by an earlier scheduler; give each scheduler its own label");
            }
            schedulers.add(new SchedulerSpec(label, scheduler));
        }
        long permutations = bounded(doc, root, "permutations", "permutations", DEFAULT_PERMUTATIONS, 1, 1_000_000);
        SchedulingTiming timing = SchedulingTiming.DEFAULT;
        JsonNode timingNode = root.get("timing");
        if (timingNode != null && !timingNode.isNull()) {
            if (!timingNode.isObject()) {
                throw doc.error("timing", "timing must be a mapping such as {warmup: 1.0, repetitions: 5}");
            }
            checkKeys(doc, (ObjectNode) timingNode, "timing", SchedulingTiming.KEYS);
            double warmup = SchedulingTiming.DEFAULT_WARMUP;
            JsonNode w = timingNode.get("warmup");
            if (w != null && !w.isNull()) {
                warmup = number(doc, w, "timing.warmup");
                if (!(warmup >= 0 && warmup <= SchedulingTiming.MAX_WARMUP)) {
                    throw doc.error("timing.warmup", "timing.warmup = " + warmup + " is out of range; use 0 .. "
                            + (long) SchedulingTiming.MAX_WARMUP + " seconds");
                }
            }
            timing = new SchedulingTiming(warmup, (int) bounded(doc, timingNode, "repetitions", "timing.repetitions",
                    SchedulingTiming.DEFAULT_REPETITIONS, 1, SchedulingTiming.MAX_REPETITIONS));
        }
        JsonNode seedNode = root.get("seeds");
        if (seedNode != null && seedNode.isObject()) {
            throw doc.error("seeds", "mode schedulability takes seeds as a count or a list (every topology uses them)");
        }
        List<Long> seeds = seeds(doc, seedNode, "seeds");
        List<List<Long>> topologySeeds = new ArrayList<>();
        for (int i = 0; i < topologies.size(); i++) {
            topologySeeds.add(seeds);
        }
        String executor = optionalText(doc, root, "executor", "executor", DEFAULT_EXECUTOR);
        boolean plots = true;
        boolean report = true;
        JsonNode outputs = root.get("outputs");
        if (outputs != null && !outputs.isNull()) {
            if (!outputs.isObject()) {
                throw doc.error("outputs", "outputs must be a mapping such as {plots: true, report: true}");
            }
            checkKeys(doc, (ObjectNode) outputs, "outputs", List.of("plots", "report"));
            plots = bool(doc, outputs.get("plots"), "outputs.plots", true);
            report = bool(doc, outputs.get("report"), "outputs.report", true);
        }
        return new ExperimentSpec(name, description, null, null, null, null, 0, 0, List.of(), List.copyOf(topologyLabels),
                null, List.of(), List.of(), 0, 0, 0, DEFAULT_DEADLOCK_CYCLES, List.copyOf(seeds), executor, plots, report,
                Mode.SCHEDULABILITY, null, List.copyOf(topologySeeds), false, 0, 0, 0,
                CriticalLoadDetector.Settings.DEFAULT, 0, null, DEFAULT_CELL_PIXELS, List.copyOf(topologies),
                List.copyOf(schedulers), (int) permutations, null, timing);
    }

    /**
     * Number of points: patterns x schemes x loads x seeds (steady), patterns x schemes x seeds
     * (ramp, collective), with each pattern's own seeds.
     */
    public int pointCount() {
        int n = 0;
        if (mode == Mode.M2N) {
            for (int p = 0; p < patternLabels.size(); p++) {
                for (SchemeSpec s : schemes) {
                    if (s.appliesTo(patternLabels.get(p))) {
                        n += patternSeeds.get(p).size();
                    }
                }
            }
            return n;
        }
        int perSeed = mode == Mode.SCHEDULABILITY ? schedulers.size()
                : schemes.size() * (mode == Mode.STEADY ? loads.size() : 1);
        for (List<Long> s : patternSeeds) {
            n += perSeed * s.size();
        }
        return n;
    }

    /** The seeds of pattern {@code pattern} (index into {@link #patterns()}). */
    public List<Long> seedsOf(int pattern) {
        return patternSeeds.get(pattern);
    }

    /** Largest number of seeds of any pattern. */
    public int maxSeeds() {
        int m = 0;
        for (List<Long> s : patternSeeds) {
            m = Math.max(m, s.size());
        }
        return m;
    }

    private static Mode mode(ExperimentDocument doc, JsonNode node) {
        if (node == null || node.isNull()) {
            return DEFAULT_MODE;
        }
        List<String> words = new ArrayList<>();
        for (Mode m : Mode.values()) {
            words.add(m.word());
            if (node.isTextual() && m.word().equals(node.asText().trim())) {
                return m;
            }
        }
        String given = node.isTextual() ? node.asText().trim() : ExperimentDocument.kind(node);
        throw doc.error("mode", "mode '" + given + "' is not a mode" + Suggestions.hint(given, words)
                + "; use steady (load points), ramp (ramp load), collective (burst at cycle 0), schedulability "
                + "(circuit schedulers on random permutations) or m2n (M-to-N communications played from schedules)");
    }

    /** Keys of one mode given in a file of another mode are errors, never silently ignored. */
    private static void checkModeKeys(ExperimentDocument doc, ObjectNode root, Mode mode) {
        if (mode == Mode.SCHEDULABILITY) {
            for (String k : KEYS) {
                if (root.has(k) && !SCHEDULABILITY_KEYS.contains(k)) {
                    throw doc.keyError(k, "'" + k + "' is not used in mode schedulability (it runs circuit schedulers "
                            + "on random permutations, without packet simulation); "
                            + (k.equals("topology") ? "list the trees under 'topologies'"
                                    : k.equals("schemes") ? "list the schedulers under 'schedulers'" : "remove it"));
                }
            }
            return;
        }
        if (mode == Mode.M2N) {
            for (String k : KEYS) {
                if (root.has(k) && !M2N_KEYS.contains(k)) {
                    throw doc.keyError(k, "'" + k + "' is not used in mode m2n (it plays the communications' schedules "
                            + "until every packet is delivered); " + (k.equals("traffic")
                                    ? "describe the traffic under 'communications' (its packets are the hardware's "
                                            + "maximum-payload packets, so packetFlits and packetBytes do not apply)"
                                    : "remove it"));
                }
            }
            return;
        }
        if (root.has("communications")) {
            throw doc.keyError("communications", "'communications' is only used in mode m2n; remove it or set mode: m2n");
        }
        for (String k : SCHEDULABILITY_ONLY) {
            if (root.has(k)) {
                throw doc.keyError(k, "'" + k + "' is only used in mode schedulability; remove it or set mode: "
                        + "schedulability");
            }
        }
        for (String k : mode == Mode.STEADY ? UNSTEADY_ONLY : STEADY_ONLY) {
            if (root.has(k)) {
                throw doc.keyError(k, "'" + k + "' is not used in mode " + mode.word() + " ("
                        + (mode == Mode.STEADY ? "it applies to modes ramp and collective"
                                : mode == Mode.RAMP ? "the ramp injection offers the load and a point ends with the ramp"
                                        : "a collective point runs until every packet is delivered")
                        + "); remove it");
            }
        }
        if (mode != Mode.RAMP && root.has("criticalLoad")) {
            throw doc.keyError("criticalLoad", "'criticalLoad' is only used in mode ramp; remove it");
        }
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

    private static List<String> withDefault(List<String> labels) {
        List<String> out = new ArrayList<>();
        out.add(DEFAULT_SEEDS_KEY);
        out.addAll(labels);
        return out;
    }

    static long bounded(ExperimentDocument doc, JsonNode parent, String key, String path, long def, long min,
            long max) {
        JsonNode n = parent.get(key);
        if (n == null || n.isNull()) {
            return def;
        }
        long v = whole(doc, n, path);
        if (v < min || v > max) {
            throw doc.error(path, path + " = " + v + " is out of range; use " + min + " .. " + max);
        }
        return v;
    }

    // ------------------------------------------------------------------ pieces

    static void checkKeys(ExperimentDocument doc, ObjectNode node, String path, List<String> allowed) {
        Iterator<String> it = node.fieldNames();
        while (it.hasNext()) {
            String k = it.next();
            if (!allowed.contains(k)) {
                String p = path.isEmpty() ? k : path + "." + k;
                List<String> shown = allowed.contains("provenance") ? allowed.subList(0, allowed.size() - 1) : allowed;
                throw doc.keyError(p, "unknown key '" + k + "'" + (path.isEmpty() ? "" : " in " + path)
                        + Suggestions.hint(k, shown));
            }
        }
    }

    static ProviderChoice choice(ExperimentDocument doc, JsonNode node, String concept, String path,
            String defaultName) {
        if (node == null || node.isNull()) {
            if (defaultName == null) {
                throw doc.error(path, "'" + path + "' is required: name a " + concept + " provider, e.g. " + path.replaceAll(".*\\.", "")
                                + ": {name: <" + concept + ">, <parameter>: <value>}");
            }
            return new ProviderChoice(concept, defaultName, Map.of(), path);
        }
        if (node.isTextual()) {
            String n = node.asText().trim();
            if (n.isEmpty()) {
                throw doc.error(path, path + ": the provider name is empty");
            }
            return new ProviderChoice(concept, n, Map.of(), path);
        }
        if (!node.isObject()) {
            throw doc.error(path, path + " must name a " + concept + " provider, as a name or {name: ..., parameters}; found a "
                    + ExperimentDocument.kind(node));
        }
        JsonNode n = node.get("name");
        if (n == null || n.isNull()) {
            throw doc.error(path, path + " has no 'name': say which " + concept + " provider, e.g. {name: <" + concept + ">}");
        }
        if (!n.isTextual() || n.asText().isBlank()) {
            throw doc.error(path + ".name", path + ".name must be a provider name; found a " + ExperimentDocument.kind(n));
        }
        Map<String, Object> params = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (!e.getKey().equals("name")) {
                params.put(e.getKey(), plain(e.getValue()));
            }
        }
        return new ProviderChoice(concept, n.asText().trim(), params, path);
    }

    /** A YAML value as plain Java: String, Integer/Long, Double, Boolean, List, Map, or null. */
    static Object plain(JsonNode n) {
        return ExperimentDocument.YAML.convertValue(n, Object.class);
    }

    /** A pattern's name, or name-2, name-3 ... for repeated names, never two alike. */
    private static List<String> patternLabels(List<ProviderChoice> patterns) {
        List<String> labels = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (ProviderChoice p : patterns) {
            String label = p.name();
            for (int n = 2; !used.add(label); n++) {
                label = p.name() + "-" + n;
            }
            labels.add(label);
        }
        return labels;
    }

    private static List<Double> loads(ExperimentDocument doc, JsonNode node) {
        if (node == null || node.isNull()) {
            throw doc.error("loads", "'loads' is required: offered loads in flits/node/cycle, e.g. loads: [0.05, 0.1] or "
                    + "loads: {from: 0.05, to: 0.5, step: 0.05}");
        }
        List<Double> loads = new ArrayList<>();
        if (node.isObject()) {
            checkKeys(doc, (ObjectNode) node, "loads", RAMP_KEYS);
            double from = number(doc, node.get("from"), "loads.from");
            double to = number(doc, node.get("to"), "loads.to");
            double step = number(doc, node.get("step"), "loads.step");
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
                double v = number(doc, node.get(i), "loads[" + i + "]");
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
                throw doc.error(node.isArray() ? "loads[" + i + "]" : "loads", "load " + format(loads.get(i))
                        + " appears twice; list each load once");
            }
        }
        return loads;
    }

    private static void checkLoad(ExperimentDocument doc, double v, String path) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw doc.error(path, path + " = " + format(v) + " is not a valid offered load; use a value >= 0 flits/node/cycle");
        }
    }

    static List<Long> seeds(ExperimentDocument doc, JsonNode node, String path) {
        if (node == null || node.isNull()) {
            return DEFAULT_SEEDS;
        }
        List<Long> seeds = new ArrayList<>();
        if (node.isNumber()) {
            long n = whole(doc, node, path);
            if (n < 1 || n > 100_000) {
                throw doc.error(path, path + " = " + n + "; a count of seeds is 1 .. 100000 (or list the seeds, e.g. [1, 7])");
            }
            for (long s = 1; s <= n; s++) {
                seeds.add(s);
            }
            return seeds;
        }
        if (!node.isArray() || node.isEmpty()) {
            throw doc.error(path, path + " must be a count (3 = seeds 1, 2, 3), a non-empty list of whole numbers"
                    + (path.equals("seeds") ? ", or a mapping from pattern label (and 'default') to a count or list" : ""));
        }
        Set<Long> unique = new HashSet<>();
        for (int i = 0; i < node.size(); i++) {
            long s = whole(doc, node.get(i), path + "[" + i + "]");
            if (!unique.add(s)) {
                throw doc.error(path + "[" + i + "]", "seed " + s + " appears twice; list each seed once");
            }
            seeds.add(s);
        }
        return seeds;
    }

    static long cycles(ExperimentDocument doc, ObjectNode root, String key, long def, long min) {
        JsonNode n = root.get(key);
        if (n == null || n.isNull()) {
            return def;
        }
        long v = whole(doc, n, key);
        if (v < min) {
            throw doc.error(key, key + " = " + v + " is out of range; use a number of cycles >= " + min);
        }
        return v;
    }

    static long whole(ExperimentDocument doc, JsonNode n, String path) {
        if (n == null || !n.isNumber() || (!n.canConvertToExactIntegral() && !n.isIntegralNumber())) {
            throw doc.error(path, path + " must be a whole number; found a " + (n == null ? "missing value" : ExperimentDocument.kind(n)));
        }
        if (!n.canConvertToLong()) {
            throw doc.error(path, path + " = " + n.asText() + " is too large");
        }
        return n.asLong();
    }

    static double number(ExperimentDocument doc, JsonNode n, String path) {
        if (n == null || n.isNull()) {
            throw doc.error(path, path + " is required");
        }
        if (!n.isNumber()) {
            throw doc.error(path, path + " must be a number; found a " + ExperimentDocument.kind(n));
        }
        return n.asDouble();
    }

    static boolean bool(ExperimentDocument doc, JsonNode n, String path, boolean def) {
        if (n == null || n.isNull()) {
            return def;
        }
        if (!n.isBoolean()) {
            throw doc.error(path, path + " must be true or false; found a " + ExperimentDocument.kind(n));
        }
        return n.asBoolean();
    }

    private static String requiredText(ExperimentDocument doc, ObjectNode node, String key, String path) {
        JsonNode n = node.get(key);
        if (n == null || n.isNull()) {
            throw doc.error(path, "'" + path + "' is required");
        }
        if (!n.isTextual() && !n.isNumber()) {
            throw doc.error(path, path + " must be text; found a " + ExperimentDocument.kind(n));
        }
        return n.asText().trim();
    }

    static String optionalText(ExperimentDocument doc, ObjectNode node, String key, String path, String def) {
        JsonNode n = node.get(key);
        if (n == null || n.isNull()) {
            return def;
        }
        if (!n.isTextual() && !n.isNumber()) {
            throw doc.error(path, path + " must be text; found a " + ExperimentDocument.kind(n));
        }
        return n.asText().trim();
    }

    /** A load as written in ids and tables: shortest exact decimal, e.g. 0.05. */
    public static String format(double load) {
        if (Double.isNaN(load) || Double.isInfinite(load)) {
            return Double.toString(load);
        }
        return BigDecimal.valueOf(load).stripTrailingZeros().toPlainString();
    }
}
