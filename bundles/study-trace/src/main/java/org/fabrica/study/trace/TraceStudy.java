package org.fabrica.study.trace;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectiveEngineFactory;
import org.fabrica.collective.Groups;
import org.fabrica.collective.RootPolicy;
import org.fabrica.collective.RootPolicyFactory;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.study.PlayedStudies;
import org.fabrica.experiment.study.StudyChart;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyProvider;
import org.fabrica.experiment.study.StudyScheme;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.experiment.study.StudySummary;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.PacketFormat;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.kernel.SimulationException;
import org.fabrica.mapping.MappingContext;
import org.fabrica.mapping.MappingFactory;
import org.fabrica.mapping.Mappings;
import org.fabrica.network.NetworkModel;
import org.fabrica.params.Parameters;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.sweep.PointResult;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.trace.BarrierGenerator;
import org.fabrica.traffic.trace.BroadcastGenerator;
import org.fabrica.traffic.trace.HpccPtransGenerator;
import org.fabrica.traffic.trace.HpccPtransParameters;
import org.fabrica.traffic.trace.PtransGenerator;
import org.fabrica.traffic.trace.PtransParameters;
import org.fabrica.traffic.trace.ReplayParameters;
import org.fabrica.traffic.trace.Trace;
import org.fabrica.traffic.trace.TraceFormatException;
import org.fabrica.traffic.trace.TraceReader;
import org.fabrica.traffic.trace.TraceReplay;
import org.fabrica.traffic.trace.TraceWriter;
import org.fabrica.traffic.trace.otf2.Otf2FormatException;
import org.fabrica.traffic.trace.otf2.Otf2Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Mode {@code trace} (docs/traces.md, "Experiment files"): applications replayed from traces with
 * MPI semantics ({@link TraceReplay}). Its file has {@code workloads} instead of {@code traffic},
 * and {@code replay} for the protocol. One point per workload x scheme x seed, run until every
 * rank has finished; the execution time (the last rank's finish), per-rank finish and blocked
 * times and message latencies are reported with ratios to the {@code baseline} scheme.
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + TraceStudy.NAME,
        "fabrica.description=trace: applications replayed from traces with MPI semantics until every rank finishes"})
public final class TraceStudy implements StudyMode {
    /** The mode's word. */
    public static final String NAME = "trace";
    /** The mode's own top-level keys. */
    static final List<String> OWN_KEYS = List.of("workloads", "replay", "collective");

    static final String EXECUTION = "trace.execution";
    static final String EXECUTION_US = "trace.executionMicros";
    static final String FINISH_MIN_US = "trace.finish.minMicros";
    static final String BLOCKED_SHARE = "trace.blocked.share";
    static final String RECEIVE_WAIT_SHARE = "trace.blocked.receiveShare";
    static final String LATENCY_MEAN = "trace.message.latency.mean";
    static final String LATENCY_P99 = "trace.message.latency.p99";
    static final String LATENCY_MAX = "trace.message.latency.max";
    static final String MESSAGES = "trace.messages";
    static final String PACKETS = "trace.packets";
    static final String PROTOCOL_PACKETS = "trace.packets.protocol";
    static final String EVENTS = "trace.events";
    static final String RANKS = "trace.ranks";
    /** Largest replay whose rank activity is recorded and plotted (docs/traces.md, "Experiment files"). */
    static final int ACTIVITY_RANKS = 16;
    /** The largest payload a hardware model may declare: above it the model has no packet format of its own. */
    static final int MAX_PAYLOAD_BYTES = 1 << 20;
    /** Largest report of an application deadlock: the first ranks, then a count. */
    private static final int REPORTED_RANKS = 8;

    /** A workload resolved: its trace prepared once for every point. */
    record Resolved(TraceSpec.Workload spec, TraceReplay.Prepared trace, String digest, StudyProvider mapping) {
        int ranks() {
            return spec.copies() * trace.ranks();
        }
    }

    /**
     * The resolved workloads of a plan ({@link StudyPlan#state(Class)}).
     *
     * @param engine the collective engine, bound, or null without hardware barriers
     * @param rootPolicy its root policy, bound, or null
     */
    record Workloads(List<Resolved> workloads, int packetFlits, int payloadBytes, StudyProvider engine,
            StudyProvider rootPolicy) {
    }

    private final PlayedStudies played;
    /** The prepared traces of the workloads resolved lately: the variants of one file share them. */
    private final PreparedTraces prepared = new PreparedTraces();

    /** @param played the runner's reading, resolution and building of files whose mode plays its own packets */
    @Activate
    public TraceStudy(@Reference PlayedStudies played) {
        this.played = played;
    }

    @Override
    public Class<TraceSettings> settingsType() {
        return TraceSettings.class;
    }

    static TraceSpec of(StudySpec spec) {
        return spec.settings(TraceSpec.class);
    }

    static Workloads workloads(StudyPlan plan) {
        return plan.state(Workloads.class);
    }

    @Override
    public String description() {
        return "applications replayed from traces";
    }

    @Override
    public List<String> keys() {
        return played.keys(OWN_KEYS);
    }

    @Override
    public StudySpec read(StudyFile doc, String name, String description) {
        ObjectNode root = doc.root();
        SpecReader.refuseStatistics(doc, root, NAME, "it replays the workloads and reports their execution itself");
        List<String> keys = keys();
        for (String k : (Iterable<String>) root::fieldNames) { // every key is known by now: some mode reads it
            if (root.has(k) && !keys.contains(k)) {
                throw doc.keyError(k, "'" + k + "' is not used in mode trace (it replays the workloads until every rank"
                        + " finishes); " + (k.equals("traffic") ? "describe what runs under 'workloads' (trace files or"
                                + " generators); packets are the hardware's maximum-payload packets or replay.packetBytes"
                                : "remove it"));
            }
        }
        SpecReader.refuseOthers(doc, root, NAME, keys);
        TraceSpec trace = TraceSpec.parse(doc, root);
        List<StudyScheme> schemes = played.schemes(doc, NAME);
        List<String> labels = new ArrayList<>();
        for (TraceSpec.Workload w : trace.workloads()) {
            labels.add(w.label());
        }
        SpecReader.Outputs outputs = SpecReader.outputs(doc, root);
        return played.read(doc, name, description, this, new PlayedStudies.Options(NAME, "workload", labels, schemes,
                outputs.plots(), outputs.report(), trace));
    }

    /**
     * Binds the providers, reads or generates every workload's trace and prepares it, derives the
     * packet length, checks every workload's mapping against the topology and builds every
     * scheme's network once.
     */
    @Override
    public StudyPlan resolve(StudyFile doc, StudySpec spec, ProviderCatalog providers) {
        TraceSpec trace = of(spec);
        long firstSeed = spec.seedsOf(0).get(0);
        StudyPlan plan = played.resolve(doc, spec, providers, (topo, model, router) -> {
            PacketFormat format = model.packetFormat();
            boolean hasFormat = format != null && format.maxPayloadBytes() <= MAX_PAYLOAD_BYTES;
            int payload = trace.packetBytes();
            if (payload == 0 && !hasFormat) {
                throw doc.error("replay", "this hardware model has no packet format (no maximum payload per packet), so"
                        + " give the payload of a packet: replay: {packetBytes: 128}");
            }
            if (payload == 0) {
                payload = format.maxPayloadBytes();
            } else if (hasFormat && payload > format.maxPayloadBytes()) {
                throw doc.error("replay.packetBytes", "replay.packetBytes = " + payload + " is above the hardware's"
                        + " maximum payload of " + format.maxPayloadBytes() + " bytes; use at most that, or leave it out");
            }
            int flits = hasFormat ? format.flits(payload, router.flitBytes())
                    : (int) Math.max(1, (payload + (long) router.flitBytes() - 1) / router.flitBytes());
            List<Resolved> resolved = new ArrayList<>();
            List<StudyProvider> bound = new ArrayList<>();
            for (TraceSpec.Workload w : trace.workloads()) {
                StudyProvider mapping = played.bind(doc, w.mapping(), providers);
                bound.add(mapping);
                Resolved r = load(doc, w, mapping, trace);
                long ranks = (long) w.copies() * r.trace().ranks();
                if (ranks > topo.nodes()) {
                    throw doc.error(w.path() + ".copies", w.path() + ": " + w.copies() + " copies of " + r.trace().ranks()
                            + " ranks need " + ranks + " nodes, but " + topo.describe() + " has " + topo.nodes()
                            + "; every rank needs a node of its own: use fewer copies or a larger topology");
                }
                try {
                    mapping(r, topo, firstSeed);
                } catch (MappingFailure e) { // names the provider and its bundle
                    throw doc.error(w.path() + ".mapping", e.getMessage(), e);
                } catch (IllegalArgumentException e) {
                    throw doc.error(w.path() + ".mapping", w.path() + ".mapping: " + e.getMessage(), e);
                }
                resolved.add(r);
            }
            StudyProvider engine = trace.usesEngine() ? played.bind(doc, trace.engine(), providers) : null;
            StudyProvider rootPolicy = trace.usesEngine() ? played.bind(doc, trace.rootPolicy(), providers) : null;
            if (engine != null) {
                bound.add(engine);
                bound.add(rootPolicy);
            }
            Workloads state = new Workloads(List.copyOf(resolved), flits, payload, engine, rootPolicy);
            ReplayParameters replay = new ReplayParameters(payload, trace.eagerBytes(), trace.computeScale(),
                    router.cycleNanoseconds());
            long[] packets = new long[resolved.size()];
            for (int w = 0; w < packets.length; w++) {
                packets[w] = resolved.get(w).spec().copies() * resolved.get(w).trace().packets(replay);
            }
            // progress: deliveries of the known total
            return new PlayedStudies.Played(state, flits, bound, point -> packets[point.pattern()]);
        });
        for (int s = 0; s < spec.schemeLabels().size(); s++) {
            played.build(doc, plan, new StudyPoint(-1, "validation", 0, s, Double.NaN, firstSeed), new Replayed());
        }
        return plan;
    }

    /** A mapping provider's failure, naming it ({@link StudyProvider#describe()}). */
    static final class MappingFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MappingFailure(String message, RuntimeException cause) {
            super(message, cause);
        }
    }

    /** Reads (or generates) a workload's trace and prepares it; errors name the key and the trace's line. */
    private Resolved load(StudyFile doc, TraceSpec.Workload w, StudyProvider mapping,
            TraceSpec spec) {
        String flags = " barriers " + spec.hardwareBarriers() + " broadcasts " + spec.hardwareBroadcasts();
        if (w.trace() == null) { // generated: the same generator's parameters give the same trace
            String key = "generate " + w.generate() + flags;
            TraceReplay.Prepared known = prepared.get(key);
            return new Resolved(w, known != null ? known : prepared.put(key, prepare(generate(doc, w), spec)), null,
                    mapping);
        }
        Trace trace;
        String digest;
        if (w.trace() != null && w.trace().getFileName().toString().endsWith(".otf2")) {
            try {
                trace = Otf2Importer.importArchive(w.trace(), false).trace();
            } catch (Otf2FormatException e) {
                throw doc.error(w.path() + ".trace", w.path() + ".trace: " + e.getMessage() + "; or convert the archive"
                        + " with ./fabrica trace import and give the .trace file", e);
            }
            // the digest of what is replayed: the imported trace's canonical text
            digest = sha256(TraceWriter.toText(trace).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } else {
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(w.trace());
            } catch (NoSuchFileException e) {
                throw doc.error(w.path() + ".trace", w.path() + ".trace: no such file " + w.trace()
                        + " (a relative path is read from the experiment file's directory)", e);
            } catch (IOException e) {
                throw doc.error(w.path() + ".trace", w.path() + ".trace: cannot read " + w.trace() + ": " + e.getMessage(), e);
            }
            digest = sha256(bytes);
            String key = "file " + digest + flags; // the same bytes give the same trace
            TraceReplay.Prepared known = prepared.get(key);
            if (known != null) {
                return new Resolved(w, known, digest, mapping);
            }
            try {
                trace = TraceReader.parse(new String(bytes, java.nio.charset.StandardCharsets.UTF_8), w.trace().toString());
            } catch (TraceFormatException e) {
                throw doc.error(w.path() + ".trace", w.path() + ".trace: " + e.getMessage(), e);
            }
            return new Resolved(w, prepared.put(key, prepare(trace, spec)), digest, mapping);
        }
        return new Resolved(w, prepare(trace, spec), digest, mapping);
    }

    private static TraceReplay.Prepared prepare(Trace trace, TraceSpec spec) {
        return TraceReplay.prepare(trace, spec.hardwareBarriers(), spec.hardwareBroadcasts());
    }

    /** A generated workload's trace ({@code generate: {name: ...}}). */
    private static Trace generate(StudyFile doc, TraceSpec.Workload w) {
        String name = w.generate().get("name").asText();
        if (name.equals(TraceSpec.HPCC_PTRANS)) {
            return hpccPtrans(doc, w);
        }
        if (name.equals("barriers")) {
            return barriers(doc, w);
        }
        if (name.equals("broadcasts")) {
            return broadcasts(doc, w);
        }
        try {
            return PtransGenerator.generate(ptrans(doc, w));
        } catch (IllegalArgumentException e) {
            throw doc.error(w.path() + ".generate", w.path() + ".generate: " + e.getMessage(), e);
        }
    }

    /** {@code generate: {name: hpcc-ptrans, ranks: 576, order: N, ...}} ({@link HpccPtransGenerator}). */
    private static Trace hpccPtrans(StudyFile doc, TraceSpec.Workload w) {
        String p = w.path() + ".generate";
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : w.generate().properties()) {
            if (!e.getKey().equals("name")) {
                values.put(e.getKey(), SpecReader.plain(e.getValue()));
            }
        }
        try {
            return HpccPtransGenerator.generate(Parameters.bind(HpccPtransParameters.class, values, p));
        } catch (IllegalArgumentException e) {
            throw doc.error(p, p + ": " + e.getMessage(), e);
        }
    }

    /** {@code generate: {name: barriers, ranks: P, barriers: 10, computeNs: 0}} ({@link BarrierGenerator}). */
    private static Trace barriers(StudyFile doc, TraceSpec.Workload w) {
        ObjectNode g = w.generate();
        String p = w.path() + ".generate";
        if (!g.has("ranks") || g.get("ranks").isNull()) {
            throw doc.error(p + ".ranks", p + ".ranks is required: the processes taking part in every barrier");
        }
        int ranks = (int) SpecReader.bounded(doc, g, "ranks", p + ".ranks", 0, 1, 1 << 20);
        int count = (int) SpecReader.bounded(doc, g, "barriers", p + ".barriers", 10, 1, BarrierGenerator.MAX_BARRIERS);
        long computeNs = SpecReader.bounded(doc, g, "computeNs", p + ".computeNs", 0, 0, 1L << 40);
        return BarrierGenerator.generate(ranks, count, computeNs);
    }

    /**
     * {@code generate: {name: broadcasts, ranks: P, broadcasts: 10, bytes: 256, root: 0 | rotate,
     * computeNs: 0}} ({@link BroadcastGenerator}).
     */
    private static Trace broadcasts(StudyFile doc, TraceSpec.Workload w) {
        ObjectNode g = w.generate();
        String p = w.path() + ".generate";
        if (!g.has("ranks") || g.get("ranks").isNull()) {
            throw doc.error(p + ".ranks", p + ".ranks is required: the processes taking part in every broadcast");
        }
        int ranks = (int) SpecReader.bounded(doc, g, "ranks", p + ".ranks", 0, 1, 1 << 20);
        int count = (int) SpecReader.bounded(doc, g, "broadcasts", p + ".broadcasts", 10, 1,
                BroadcastGenerator.MAX_BROADCASTS);
        long bytes = SpecReader.bounded(doc, g, "bytes", p + ".bytes", 8, 0, 1L << 40);
        int root = 0;
        JsonNode r = g.get("root");
        if (r != null && !r.isNull()) {
            if (r.isTextual() && r.asText().equals("rotate")) {
                root = BroadcastGenerator.ROTATE;
            } else if (!r.isIntegralNumber()) {
                throw doc.error(p + ".root", p + ".root must be a rank (0 .. " + (ranks - 1) + ") or rotate (broadcast b"
                        + " from rank b mod ranks); found " + ExperimentDocument.kind(r));
            } else {
                root = (int) SpecReader.bounded(doc, g, "root", p + ".root", 0, 0, ranks - 1);
            }
        }
        long computeNs = SpecReader.bounded(doc, g, "computeNs", p + ".computeNs", 0, 0, 1L << 40);
        return BroadcastGenerator.generate(ranks, count, bytes, root, computeNs);
    }

    private static PtransParameters ptrans(StudyFile doc, TraceSpec.Workload w) {
        ObjectNode g = w.generate();
        String p = w.path() + ".generate";
        if (!g.has("order") || g.get("order").isNull()) {
            throw doc.error(p + ".order", p + ".order is required: the matrix order n (an n x n matrix)");
        }
        long order = SpecReader.bounded(doc, g, "order", p + ".order", 0, 1, 1L << 31);
        boolean grid = g.has("gridRows") || g.has("gridColumns");
        PtransParameters params;
        if (grid) {
            if (g.has("ranks")) {
                throw doc.error(p + ".ranks", p + ": give either ranks (a near-square grid) or gridRows and gridColumns,"
                        + " not both");
            }
            int rows = (int) SpecReader.bounded(doc, g, "gridRows", p + ".gridRows", 1, 1, 1 << 20);
            int cols = (int) SpecReader.bounded(doc, g, "gridColumns", p + ".gridColumns", 1, 1, 1 << 20);
            params = new PtransParameters(rows, cols, order, PtransParameters.DOUBLE_BYTES, 1, 0, 0, false);
        } else {
            int ranks = (int) SpecReader.bounded(doc, g, "ranks", p + ".ranks", 0, 1, 1 << 20);
            if (ranks == 0) {
                throw doc.error(p + ".ranks", p + ".ranks is required (or gridRows and gridColumns)");
            }
            params = PtransParameters.of(ranks, order);
        }
        params = params.withElementBytes((int) SpecReader.bounded(doc, g, "elementBytes", p + ".elementBytes",
                PtransParameters.DOUBLE_BYTES, 1, 1 << 16));
        params = params.withIterations((int) SpecReader.bounded(doc, g, "iterations", p + ".iterations", 1, 1, 1 << 16));
        double perElement = g.has("computeNsPerElement") && !g.get("computeNsPerElement").isNull()
                ? SpecReader.number(doc, g.get("computeNsPerElement"), p + ".computeNsPerElement") : 0;
        long perBlock = SpecReader.bounded(doc, g, "computeNsPerBlock", p + ".computeNsPerBlock", 0, 0, 1L << 40);
        params = params.withCompute(perElement, perBlock);
        return params.withBarrier(SpecReader.bool(doc, g.get("barrier"), p + ".barrier", false));
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }

    /**
     * The node of every global rank of a workload for a point of {@code seed}: the workload's
     * mapping provider asked, its answer checked (a plugin that places two ranks on one node is
     * named).
     *
     * @throws MappingFailure when the provider throws, naming it
     */
    @SuppressWarnings({"unchecked", "rawtypes"}) // the parameter type is the factory's own, checked by binding
    static int[] mapping(Resolved w, Topology topology, long seed) {
        MappingContext context = new MappingContext(w.trace().ranks(), w.spec().copies(), topology,
                new RandomStreams(seed).stream("mapping", 0).nextLong(), w.spec().base());
        int[] map;
        try {
            map = ((MappingFactory) w.mapping().factory(MappingFactory.class)).map(context, w.mapping().parameters());
        } catch (RuntimeException e) {
            throw new MappingFailure(w.mapping().describe() + ": " + message(e), e);
        }
        Mappings.check(map, context, "mapping '" + w.mapping().choice().name() + "'");
        return map;
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

    /** A mapping for the header: its name and the parameters the file gave. */
    private static String describe(StudyProvider mapping) {
        Map<String, Object> given = mapping.choice().parameters();
        return mapping.choice().name() + (given.isEmpty() ? "" : " " + given);
    }

    /** A point's traffic: a fresh replay of its workload; the replay stays here for the point's measurement. */
    private static class Replayed implements StudyTraffic {
        TraceReplay replay;

        @Override
        public Packets packets(StudyPlan plan, StudyPoint point, RandomStreams streams) {
            Workloads state = workloads(plan);
            Resolved w = state.workloads().get(point.pattern());
            TraceSpec spec = of(plan.spec());
            ReplayParameters parameters = new ReplayParameters(state.payloadBytes(), spec.eagerBytes(),
                    spec.computeScale(), plan.router().cycleNanoseconds());
            int[] map = mapping(w, plan.topology(), point.seed());
            replay = TraceReplay.of(w.trace(), w.spec().copies(), map, plan.topology().nodes(), parameters);
            CollectiveEngine engine = null;
            Groups groups = null;
            String engineName = null;
            if (replay.hardwareBarriers() || replay.hardwareBroadcasts()) {
                StudyProvider p = state.rootPolicy();
                RootPolicy policy = provider(p, () -> ((RootPolicyFactory) p.factory(RootPolicyFactory.class))
                        .create(p.parameters()));
                Groups g = new Groups(plan.topology(), replay.groups(), policy, p.choice().name(),
                        streams.stream("collective", 0).nextLong());
                groups = g;
                StudyProvider e = state.engine();
                engine = provider(e, () -> ((CollectiveEngineFactory) e.factory(CollectiveEngineFactory.class))
                        .create(g, e.parameters()));
                engineName = e.label();
            }
            return new Packets(replay.pattern(), replay.injection(), "trace replay of " + w.spec().label(), engine,
                    groups, engineName);
        }
    }

    /** Calls a provider's code; a failure names the provider. */
    private static <T> T provider(StudyProvider p, java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw new IllegalStateException(p.describe() + ": " + message(e), e);
        }
    }

    @Override
    public List<StudyPoint> points(StudySpec spec) {
        return played.pointsPerSeed(spec, NAME);
    }

    @Override
    public String loadNote(StudyPoint point) {
        return NAME;
    }

    @Override
    public PointResult run(StudyJob job) {
        Measurement m = new Measurement(job.plan());
        return job.simulate(m, m);
    }

    /** The replay with its observer; the point ends when the network has nothing left to do. */
    private static final class Measurement extends Replayed implements StudyMeasurement {
        private final StudyPlan plan;
        private NetworkModel network;

        Measurement(StudyPlan plan) {
            this.plan = plan;
        }

        @Override
        public NetworkObserver observer(int nodes) {
            if (replay.ranks() <= ACTIVITY_RANKS) {
                replay.recordActivity();
            }
            return replay.observer();
        }

        @Override
        public NetworkObserver cycleObserver(NetworkModel network) {
            this.network = network; // read at the end (its collective counters); nothing sampled between cycles
            return null;
        }

        @Override
        public Outcome outcome(long end, End how) {
            boolean finished = replay.finished();
            if (!finished && how == End.NETWORK_DONE) {
                List<String> unfinished = replay.unfinished();
                StringBuilder sb = new StringBuilder("application deadlock: " + unfinished.size() + " of "
                        + replay.ranks() + " ranks wait for messages that can no longer come (the network was empty at"
                        + " cycle " + end + ")");
                for (int i = 0; i < Math.min(REPORTED_RANKS, unfinished.size()); i++) {
                    sb.append("\n  ").append(unfinished.get(i));
                }
                if (unfinished.size() > REPORTED_RANKS) {
                    sb.append("\n  ... and ").append(unfinished.size() - REPORTED_RANKS).append(" more");
                }
                long lost = network.collectiveCounters().getOrDefault("dropped", 0L);
                if (lost > 0) {
                    sb.append("\n").append(lost).append(" collective packets were lost to link errors (network"
                            + " bitErrorRate) and the barrier engine does not recover them: set"
                            + " collective.engine.reliable: true, or lower the error rate");
                }
                sb.append("\nfix the trace (every receive needs a matching send; with rendezvous, a blocking send needs"
                        + " its receive posted) or raise replay.eagerBytes if it relies on eager sends");
                throw new SimulationException(sb.toString());
            }
            double ns = plan.router().cycleNanoseconds();
            List<Metric> metrics = new ArrayList<>();
            long exec = replay.executionCycles();
            metrics.add(new Metric(EXECUTION, finished ? exec : Double.NaN, "cycles",
                    "execution time: the cycle the last rank finished (every rank starts at cycle 0)"));
            metrics.add(new Metric(EXECUTION_US, finished ? exec * ns / 1000 : Double.NaN, "us",
                    "execution time in microseconds (" + StudyPoint.format(ns) + " ns cycles)"));
            int ranks = replay.ranks();
            long minFinish = Long.MAX_VALUE;
            double blocked = 0;
            double receiving = 0;
            double lived = 0;
            double[][] table = new double[7][ranks];
            int perCopy = ranks / replay.copies();
            for (int g = 0; g < ranks; g++) {
                long f = replay.finishCycle(g);
                minFinish = f < 0 ? minFinish : Math.min(minFinish, f);
                blocked += replay.blockedCycles(g);
                receiving += replay.receiveWaitCycles(g);
                lived += Math.max(0, f);
                table[0][g] = g;
                table[1][g] = g / perCopy;
                table[2][g] = replay.node(g);
                table[3][g] = f < 0 ? Double.NaN : f;
                table[4][g] = f < 0 ? Double.NaN : f * ns / 1000;
                table[5][g] = replay.blockedCycles(g);
                table[6][g] = replay.receiveWaitCycles(g);
            }
            metrics.add(new Metric(FINISH_MIN_US, finished ? minFinish * ns / 1000 : Double.NaN, "us",
                    "the first rank's finish"));
            metrics.add(new Metric(BLOCKED_SHARE, lived > 0 ? blocked / lived : Double.NaN, "fraction",
                    "share of the ranks' time (start to finish) spent blocked in send, recv, wait and waitall"));
            metrics.add(new Metric(RECEIVE_WAIT_SHARE, lived > 0 ? receiving / lived : Double.NaN, "fraction",
                    "share of the ranks' time spent waiting for receives (blocked intervals ended by a message's"
                            + " arrival; the rest of the blocked share waited for sends)"));
            long[] lat = replay.messageLatencies();
            Arrays.sort(lat);
            double mean = 0;
            for (long l : lat) {
                mean += l;
            }
            metrics.add(new Metric(LATENCY_MEAN, lat.length == 0 ? Double.NaN : mean / lat.length, "cycles",
                    "mean message latency: send posted to the last packet's arrival (rendezvous handshake included)"));
            metrics.add(new Metric(LATENCY_P99, lat.length == 0 ? Double.NaN
                    : lat[(int) Math.min(lat.length - 1, Math.ceil(0.99 * lat.length) - 1)], "cycles",
                    "99th percentile of message latency"));
            metrics.add(new Metric(LATENCY_MAX, lat.length == 0 ? Double.NaN : lat[lat.length - 1], "cycles",
                    "largest message latency"));
            metrics.add(new Metric(MESSAGES, replay.messages(), "messages", "messages of the replay, collectives expanded"));
            metrics.add(new Metric(PACKETS, replay.packets(), "packets", "packets sent, protocol packets included"));
            metrics.add(new Metric(PROTOCOL_PACKETS, replay.packets(1) + replay.packets(2), "packets",
                    "rendezvous requests and clears to send"));
            metrics.add(new Metric(EVENTS, replay.events(), "events", "trace events executed, collectives expanded"));
            metrics.add(new Metric(RANKS, ranks, "ranks", "ranks of the replay (copies x ranks of the trace)"));
            String endNote = finished ? "every rank finished; execution time " + exec + " cycles"
                    : "maxCycles = " + plan.spec().maxCycles() + " reached before every rank finished";
            Table nodes = new Table(List.of("rank", "copy", "node", "finish", "finishMicros", "blocked",
                    "receiveWait"), List.of(table));
            return new Outcome(metrics, !finished, endNote, new Tables(ranks <= ACTIVITY_RANKS ? activity(ranks)
                    : null, null, nodes));
        }

        /** Every rank's compute and blocked intervals, one row each: rank, start, end, kind (0 compute, 1 blocked). */
        private Table activity(int ranks) {
            List<double[]> rows = new ArrayList<>();
            for (int g = 0; g < ranks; g++) {
                long[] a = replay.activity(g);
                for (int k = 0; k < a.length; k += 3) {
                    rows.add(new double[] {g, a[k], a[k + 1], a[k + 2]});
                }
            }
            double[][] cols = new double[4][rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                for (int c = 0; c < 4; c++) {
                    cols[c][i] = rows.get(i)[c];
                }
            }
            return new Table(List.of("rank", "start", "end", "kind"), List.of(cols));
        }
    }

    /** The resolved trace experiment: every workload with its trace's digest, every default filled in. */
    @Override
    public ObjectNode resolved(StudyPlan plan) {
        TraceSpec trace = of(plan.spec());
        Workloads state = workloads(plan);
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        ArrayNode ws = r.putArray("workloads");
        for (Resolved w : state.workloads()) {
            ObjectNode o = ws.addObject();
            o.put("label", w.spec().label());
            if (w.spec().trace() != null) {
                o.put("trace", w.spec().trace().toString());
                o.put("traceSha256", w.digest());
            } else {
                o.set("generate", w.spec().generate().deepCopy());
            }
            o.put("copies", w.spec().copies());
            o.set("mapping", played.node(w.mapping()));
        }
        ObjectNode replay = r.putObject("replay");
        replay.put("packetBytes", state.payloadBytes());
        replay.put("eagerBytes", trace.eagerBytes());
        replay.put("computeScale", trace.computeScale());
        if (trace.hardwareBarriers()) {
            replay.put("barriers", "hardware");
        }
        if (trace.hardwareBroadcasts()) {
            replay.put("broadcasts", "hardware");
        }
        if (trace.usesEngine()) {
            ObjectNode c = r.putObject("collective");
            c.set("engine", played.node(state.engine()));
            c.set("rootPolicy", played.node(state.rootPolicy()));
        }
        ArrayNode sch = r.putArray("schemes");
        for (int s = 0; s < plan.spec().schemeLabels().size(); s++) {
            sch.add(played.scheme(plan, s));
        }
        return played.resolved(plan, r);
    }

    @Override
    public String summary(StudyPlan plan) {
        StudySpec spec = plan.spec();
        Workloads state = workloads(plan);
        TraceSpec trace = of(spec);
        RouterParameters router = plan.router();
        Topology topo = plan.topology();
        List<Long> seeds = spec.seedsOf(0);
        StringBuilder sb = new StringBuilder();
        sb.append(spec.name()).append(": trace mode, ").append(state.workloads().size()).append(" workload(s), ")
                .append(spec.schemeLabels().size()).append(" scheme(s), ").append(seeds.size()).append(" seed(s) = ")
                .append(plan.points().size()).append(" points\n");
        sb.append("  topology  ").append(topo.describe()).append(", ").append(topo.nodes()).append(" nodes: ")
                .append(played.provider(plan, "topology").label()).append('\n');
        sb.append("  hardware  ").append(router.vcs()).append(" VCs x ").append(router.bufferFlits()).append(" flits, ")
                .append(org.fabrica.params.Parameters.enumName(router.flowControl())).append(", ")
                .append(router.cycleNanoseconds()).append(" ns cycles, ").append(router.flitBytes())
                .append("-byte flits: ").append(played.provider(plan, "hardware").label()).append('\n');
        sb.append("  packets   ").append(state.payloadBytes()).append(" payload bytes in ").append(state.packetFlits())
                .append(" flits (a message's last packet padded; protocol packets are full packets too)\n");
        sb.append("  replay    eager up to ").append(trace.eagerBytes()).append(" bytes, rendezvous above; compute x ")
                .append(StudyPoint.format(trace.computeScale())).append("; barriers ")
                .append(trace.hardwareBarriers() ? "hardware" : "software").append(", broadcasts ")
                .append(trace.hardwareBroadcasts() ? "hardware" : "software");
        if (trace.usesEngine()) {
            sb.append(" (engine ").append(state.engine().label()).append(", root policy ")
                    .append(state.rootPolicy().label()).append(')');
        } else if (trace.collectiveGiven()) {
            sb.append("; the collective section is not used (no barriers or broadcasts: hardware)");
        }
        sb.append('\n');
        for (Resolved w : state.workloads()) {
            sb.append("  workload  ").append(w.spec().label()).append(": ")
                    .append(w.spec().trace() != null ? w.spec().trace().getFileName().toString()
                            : w.spec().generate().get("name").asText() + " generator")
                    .append(", ").append(w.trace().ranks()).append(" ranks x ").append(w.spec().copies())
                    .append(" copies, ").append(w.trace().messages()).append(" messages of ").append(w.trace().bytes())
                    .append(" bytes per copy, mapping ").append(describe(w.mapping())).append('\n');
        }
        for (int s = 0; s < spec.schemeLabels().size(); s++) {
            String path = "schemes[" + s + "]";
            sb.append("  scheme    ").append(spec.schemeLabels().get(s)).append(": routing ")
                    .append(played.provider(plan, path + ".routing").label()).append(", queuing ")
                    .append(played.provider(plan, path + ".queuing").label()).append('\n');
        }
        sb.append("  run       until every rank finishes (at most ").append(spec.maxCycles()).append(" cycles); ratios to '")
                .append(spec.baseline()).append("'; seeds ").append(seeds).append('\n');
        sb.append("  id        ").append(plan.experimentId());
        return sb.toString();
    }

    @Override
    public StudyOutputs outputs(StudyPlan plan) {
        return new StudyOutputs(new StudySummary.Tables(
                List.of(new StudySummary.Table("Execution time", EXECUTION_US, "us"),
                        new StudySummary.Table("Execution time", EXECUTION, "cycles"),
                        new StudySummary.Table("Share of time blocked", BLOCKED_SHARE, "fraction"),
                        new StudySummary.Table("Mean message latency", LATENCY_MEAN, "cycles"),
                        new StudySummary.Table("99th percentile message latency", LATENCY_P99, "cycles")),
                "; per-rank finish and blocked times in series/ (and, up to " + ACTIVITY_RANKS
                        + " ranks, their compute and blocked intervals)"),
                List.of(new StudyChart.Execution(EXECUTION_US)), StudyOutputs.LOAD_POINT_COLUMNS,
                "messages cut into " + workloads(plan).packetFlits() + "-flit packets");
    }
}
