package org.fabrica.study.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.params.Parameters;

/**
 * The workloads of a {@code trace} experiment and how they are replayed (docs/traces.md,
 * "Experiment files").
 *
 * <pre>{@code
 * mode: trace
 * workloads:
 *   - label: pingpong
 *     trace: pingpong.trace            # a file in Fabrica's trace format, relative to this file,
 *                                      # or an OTF2 archive's anchor file (NAME.otf2), imported
 *     copies: 1                        # copies side by side (default 1)
 *     mapping: linear                  # a mapping provider: linear (default) | random | {nodes: [0, 19]}
 *                                      # | {file: map.txt} | {name: <plugin>, ...}
 *   - label: ptrans
 *     generate: {name: hpcc-ptrans, ranks: 16, order: 640}   # instead of trace; or ptrans, barriers, broadcasts
 * replay: {packetBytes: 128, eagerBytes: 12288, computeScale: 1.0, barriers: software, broadcasts: software}
 * collective:                          # with replay.barriers or replay.broadcasts: hardware (docs/collectives.md)
 *   engine: {name: tree-barrier, root: switch}   # default tree-barrier; tree-multicast for broadcasts
 *   rootPolicy: lowest-max-hop
 * schemes: [{label: dor, routing: dor, queuing: dateline}]
 * }</pre>
 *
 * @param workloads the workloads, each a row of the summary tables
 * @param packetBytes payload bytes per packet; 0 = the hardware's maximum payload
 * @param eagerBytes the eager threshold in bytes
 * @param computeScale factor on every compute duration
 * @param hardwareBarriers whether the trace's barriers are performed by the network's collective
 *        engine ({@code replay.barriers: hardware}) instead of expanded into messages
 * @param hardwareBroadcasts whether the trace's broadcasts are multicasts of the network's
 *        collective engine ({@code replay.broadcasts: hardware}) instead of binomial trees of messages
 * @param engine the collective engine ({@code collective.engine}, default {@code tree-barrier}, or
 *        {@code tree-multicast} with hardware broadcasts)
 * @param rootPolicy the root policy of its trees ({@code collective.rootPolicy}, default {@code lowest-max-hop})
 * @param collectiveGiven whether the file has a {@code collective} section (unused, and said so in the
 *        run's summary, when barriers and broadcasts are software)
 */
record TraceSpec(List<Workload> workloads, int packetBytes, long eagerBytes, double computeScale,
        boolean hardwareBarriers, boolean hardwareBroadcasts, ProviderChoice engine, ProviderChoice rootPolicy,
        boolean collectiveGiven) {
    static final List<String> WORKLOAD_KEYS = List.of("label", "trace", "generate", "copies", "mapping");
    static final List<String> REPLAY_KEYS = List.of("packetBytes", "eagerBytes", "computeScale", "barriers",
            "broadcasts");
    static final List<String> COLLECTIVE_KEYS = List.of("engine", "rootPolicy");
    /** The engine of a replay whose barriers the hardware does (docs/collectives.md). */
    static final String DEFAULT_ENGINE = "tree-barrier";
    /** The word of {@code replay.barriers} and {@code replay.broadcasts} for the network's collective engine. */
    static final String HARDWARE = "hardware";
    /** The engine of a replay whose broadcasts the hardware does. */
    static final String DEFAULT_MULTICAST_ENGINE = "tree-multicast";
    /** The root policy of the engine's trees. */
    static final String DEFAULT_ROOT_POLICY = "lowest-max-hop";
    /** A label of a workload: as the runner's labels. */
    private static final java.util.regex.Pattern LABEL = java.util.regex.Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    /** Keys of {@code generate: {name: barriers, ...}} ({@link org.fabrica.traffic.trace.BarrierGenerator}). */
    static final List<String> BARRIER_KEYS = List.of("name", "ranks", "barriers", "computeNs");
    /** Keys of {@code generate: {name: broadcasts, ...}} ({@link org.fabrica.traffic.trace.BroadcastGenerator}). */
    static final List<String> BROADCAST_KEYS = List.of("name", "ranks", "broadcasts", "bytes", "root", "computeNs");
    /** {@code generate: {name: hpcc-ptrans, ...}}: its parameters are {@link org.fabrica.traffic.trace.HpccPtransParameters}. */
    static final String HPCC_PTRANS = "hpcc-ptrans";
    static final List<String> PTRANS_KEYS = List.of("name", "ranks", "gridRows", "gridColumns", "order", "elementBytes",
            "iterations", "computeNsPerElement", "computeNsPerBlock", "barrier");

    TraceSpec {
        workloads = List.copyOf(workloads);
    }

    /**
     * One workload.
     *
     * @param label unique label (the row of the tables, the first part of point ids)
     * @param path where it is in the file, e.g. {@code workloads[0]}
     * @param trace the trace file (absolute), or null when generated
     * @param generate the generator's settings ({@code name: ptrans} and its parameters), or null
     * @param copies copies side by side
     * @param mapping where the ranks run: a provider of the concept {@code mapping}
     * @param base the experiment file's directory, against which a mapping's files are read
     */
    record Workload(String label, String path, Path trace, ObjectNode generate, int copies, ProviderChoice mapping,
            Path base) {
    }

    static TraceSpec parse(StudyFile doc, ObjectNode root) {
        JsonNode node = root.get("workloads");
        if (node == null || node.isNull() || !node.isArray() || node.isEmpty()) {
            throw doc.error("workloads", "mode trace needs 'workloads': a non-empty list of {label, trace or generate},"
                    + " e.g. workloads: [{label: pingpong, trace: pingpong.trace}]");
        }
        Path base = baseDirectory(doc);
        List<Workload> out = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < node.size(); i++) {
            String p = "workloads[" + i + "]";
            JsonNode w = node.get(i);
            if (!w.isObject()) {
                throw doc.error(p, p + " must be a mapping with label and trace (a file) or generate (a generator);"
                        + " found a " + ExperimentDocument.kind(w));
            }
            ObjectNode o = (ObjectNode) w;
            SpecReader.checkKeys(doc, o, p, WORKLOAD_KEYS);
            String label = SpecReader.optionalText(doc, o, "label", p + ".label", "workload-" + (i + 1));
            if (!LABEL.matcher(label).matches()) {
                throw doc.error(p + ".label", "label '" + label
                        + "' must start with a letter or digit and use only letters, digits, '.', '_' and '-'");
            }
            if (!labels.add(label)) {
                throw doc.error(p + ".label", "label '" + label + "' is used by an earlier workload; give each its own"
                        + " label");
            }
            boolean hasTrace = o.has("trace") && !o.get("trace").isNull();
            boolean hasGenerate = o.has("generate") && !o.get("generate").isNull();
            if (hasTrace == hasGenerate) {
                throw doc.error(hasTrace ? p + ".generate" : p, p + ": give either trace (a trace file) or generate (a"
                        + " generator such as {name: ptrans, ranks: 16, order: 256}), " + (hasTrace ? "not both"
                                : "one of them"));
            }
            Path trace = null;
            ObjectNode generate = null;
            if (hasTrace) {
                trace = base.resolve(SpecReader.requiredText(doc, o, "trace", p + ".trace")).normalize();
            } else {
                JsonNode g = o.get("generate");
                if (!g.isObject()) {
                    throw doc.error(p + ".generate", p + ".generate must be a mapping such as {name: ptrans, ranks: 16,"
                            + " order: 256}");
                }
                generate = (ObjectNode) g;
                String name = SpecReader.requiredText(doc, generate, "name", p + ".generate.name");
                List<String> keys = switch (name) {
                    case "ptrans" -> PTRANS_KEYS;
                    case "barriers" -> BARRIER_KEYS;
                    case "broadcasts" -> BROADCAST_KEYS;
                    case HPCC_PTRANS -> null; // its Metatype interface checks its keys when bound
                    default -> throw doc.error(p + ".generate.name", "generator '" + name + "' is not known; the"
                            + " generators are hpcc-ptrans, ptrans, barriers and broadcasts");
                };
                if (keys != null) {
                    SpecReader.checkKeys(doc, generate, p + ".generate", keys);
                }
            }
            int copies = (int) SpecReader.bounded(doc, o, "copies", p + ".copies", 1, 1, 1_000_000);
            out.add(new Workload(label, p, trace, generate, copies, mapping(doc, o.get("mapping"), p + ".mapping"), base));
        }
        TraceSettings defaults = Parameters.defaults(TraceSettings.class);
        int packetBytes = defaults.replay_packetBytes();
        long eagerBytes = defaults.replay_eagerBytes();
        double computeScale = defaults.replay_computeScale();
        boolean hardwareBarriers = defaults.replay_barriers().equals(HARDWARE);
        boolean hardwareBroadcasts = defaults.replay_broadcasts().equals(HARDWARE);
        JsonNode replay = root.get("replay");
        if (replay != null && !replay.isNull()) {
            if (!replay.isObject()) {
                throw doc.error("replay", "replay must be a mapping such as {eagerBytes: 12288, computeScale: 1.0}");
            }
            SpecReader.checkKeys(doc, (ObjectNode) replay, "replay", REPLAY_KEYS);
            packetBytes = (int) SpecReader.bounded(doc, replay, "packetBytes", "replay.packetBytes", packetBytes, 0, 1 << 24);
            eagerBytes = SpecReader.bounded(doc, replay, "eagerBytes", "replay.eagerBytes", eagerBytes, 0, 1L << 40);
            hardwareBarriers = hardware(doc, replay, "barriers", "dissemination over messages", hardwareBarriers);
            hardwareBroadcasts = hardware(doc, replay, "broadcasts", "binomial trees of messages", hardwareBroadcasts);
            if (hardwareBarriers && hardwareBroadcasts) {
                throw doc.error("replay.broadcasts", "replay.barriers and replay.broadcasts are both hardware, but a run"
                        + " has one collective engine (a barrier engine such as tree-barrier, or a multicast engine such"
                        + " as tree-multicast); make one of them software");
            }
            if (replay.has("computeScale") && !replay.get("computeScale").isNull()) {
                computeScale = SpecReader.number(doc, replay.get("computeScale"), "replay.computeScale");
                if (!(computeScale >= 0) || computeScale > 1e6) {
                    throw doc.error("replay.computeScale", "replay.computeScale = " + computeScale
                            + "; use a factor from 0 (no compute) to 1e6 (1: as traced)");
                }
            }
        }
        JsonNode collective = root.get("collective");
        JsonNode engine = null;
        JsonNode policy = null;
        if (collective != null && !collective.isNull()) {
            if (!collective.isObject()) {
                throw doc.error("collective", "collective must be a mapping such as {engine: {name: tree-barrier, root:"
                        + " switch}, rootPolicy: lowest-max-hop}");
            }
            SpecReader.checkKeys(doc, (ObjectNode) collective, "collective", COLLECTIVE_KEYS);
            engine = collective.get("engine");
            policy = collective.get("rootPolicy");
            // without hardware barriers or broadcasts the section is not used (a variant may switch them to software)
        }
        return new TraceSpec(out, packetBytes, eagerBytes, computeScale, hardwareBarriers, hardwareBroadcasts,
                SpecReader.choice(doc, engine, "collective", "collective.engine",
                        hardwareBroadcasts ? DEFAULT_MULTICAST_ENGINE : DEFAULT_ENGINE),
                SpecReader.choice(doc, policy, "rootPolicy", "collective.rootPolicy", DEFAULT_ROOT_POLICY),
                collective != null && !collective.isNull());
    }

    /** {@code replay.<key>}: software (the default, {@code expansion}) or hardware (the collective engine). */
    private static boolean hardware(StudyFile doc, JsonNode replay, String key, String expansion, boolean absent) {
        JsonNode v = replay.get(key);
        if (v == null || v.isNull()) {
            return absent;
        }
        if (!v.isTextual() || !(v.asText().equals("software") || v.asText().equals(HARDWARE))) {
            throw doc.error("replay." + key, "replay." + key + " must be software (" + expansion + ", the default) or"
                    + " hardware (the network's collective engine); found " + ExperimentDocument.kind(v));
        }
        return v.asText().equals(HARDWARE);
    }

    /** Whether the network's collective engine performs the trace's barriers or broadcasts. */
    boolean usesEngine() {
        return hardwareBarriers || hardwareBroadcasts;
    }

    /**
     * A workload's mapping: a provider of the concept {@code mapping} ({@code linear} by default,
     * {@code random}, {@code {name: nodes, nodes: [...]}}, {@code {name: file, file: map.txt}}, or a
     * plugin's). {@code {nodes: [...]}} and {@code {file: ...}} without a name are short for the
     * providers of those names.
     */
    private static ProviderChoice mapping(StudyFile doc, JsonNode m, String p) {
        if (m != null && m.isObject() && !m.has("name") && m.size() == 1 && (m.has("nodes") || m.has("file"))) {
            ObjectNode named = ((ObjectNode) m).deepCopy();
            named.put("name", m.has("nodes") ? "nodes" : "file");
            m = named;
        }
        return SpecReader.choice(doc, m, "mapping", p, "linear");
    }

    /** The directory of the experiment file (relative paths in it are read from there); the working directory otherwise. */
    static Path baseDirectory(StudyFile doc) {
        try {
            Path parent = Path.of(doc.source()).toAbsolutePath().getParent();
            return parent != null && java.nio.file.Files.isDirectory(parent) ? parent : Path.of("").toAbsolutePath();
        } catch (java.nio.file.InvalidPathException e) {
            return Path.of("").toAbsolutePath();
        }
    }
}
