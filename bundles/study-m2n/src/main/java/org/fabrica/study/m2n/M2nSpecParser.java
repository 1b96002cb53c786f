package org.fabrica.study.m2n;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyScheme;
import org.fabrica.params.Suggestions;

/**
 * Reads the file of an {@code m2n} experiment (docs/studies/rapidio-m2n.md; docs/user-guide.md, "Mode
 * m2n"). Structure and value ranges only: node numbers against the topology, schedulers against
 * the communications, and the hardware's packet format are checked when the mode resolves the file ({@link M2nStudy#resolve}).
 *
 * <pre>{@code
 * mode: m2n
 * topology: {name: extended-kary-ntree, k: 2, n: 3}
 * hardware: {name: rapidio-cps1848}
 * communications:
 *   - label: six-to-ten
 *     m: 6                      # M senders by contiguous mapping, or senders: [0, 1, 2]
 *     n: 10                     # N receivers by contiguous mapping, or receivers: [6, 7]
 *     messageBytes: 1024        # every message (case 1), or the unit s of multiples
 *     multiples: [1, 1, 2]      # case 2: receiver j gets multiples[j mod 3] x messageBytes
 *     sizes: [[...], ...]       # or an explicit M x N matrix of bytes (instead of messageBytes)
 *     rate: 1.0                 # fraction of the link rate at which each sender generates
 * schemes:
 *   - label: shuffle
 *     scheduler: {name: shuffle}
 *     routing: {name: smodk, topForced: true}
 *     queuing: 1vc              # optional, default 1vc
 *     throttle: none            # optional, default none
 *     communications: [six-to-ten]   # optional, default all
 * outputs: {pairs: [[0, 6], [5, 15]]}
 * }</pre>
 */
final class M2nSpecParser {
    static final List<String> COMMUNICATION_KEYS = List.of("label", "senders", "receivers", "m", "n", "messageBytes",
            "multiples", "sizes", "rate");
    static final List<String> M2N_SCHEME_KEYS = List.of("label", "scheduler", "routing", "queuing", "throttle",
            "communications");
    static final List<String> M2N_OUTPUT_KEYS = List.of("plots", "report", "pairs");
    private M2nSpecParser() {
    }

    /** A label of a communication or a scheme: as the runner's labels. */
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    /** What the mode reads of its file: its communications, schemes and pairs, and {@code outputs}. */
    record Read(M2nSpec spec, SpecReader.Outputs outputs) {
    }

    /**
     * Reads the mode's own keys ({@code communications}, {@code schemes}, {@code outputs}); the mode
     * has refused the keys of the other modes, the runner reads the common ones.
     */
    static Read parse(StudyFile doc, ObjectNode root) {
        List<M2nSpec.Communication> communications = communications(doc, root.get("communications"));
        List<String> labels = new ArrayList<>();
        for (M2nSpec.Communication c : communications) {
            labels.add(c.label());
        }
        List<M2nSpec.Scheme> schemes = schemes(doc, root.get("schemes"), labels);
        boolean plots = true;
        boolean report = true;
        List<int[]> pairs = new ArrayList<>();
        JsonNode outputs = root.get("outputs");
        if (outputs != null && !outputs.isNull()) {
            if (!outputs.isObject()) {
                throw doc.error("outputs", "outputs must be a mapping such as {plots: true, report: true, pairs: [[0, 6]]}");
            }
            SpecReader.checkKeys(doc, (ObjectNode) outputs, "outputs", M2N_OUTPUT_KEYS);
            plots = SpecReader.bool(doc, outputs.get("plots"), "outputs.plots", true);
            report = SpecReader.bool(doc, outputs.get("report"), "outputs.report", true);
            JsonNode p = outputs.get("pairs");
            if (p != null && !p.isNull()) {
                if (!p.isArray() || p.isEmpty()) {
                    throw doc.error("outputs.pairs", "outputs.pairs must be a non-empty list of [source, destination] "
                            + "pairs, e.g. [[0, 6], [5, 15]]");
                }
                for (int i = 0; i < p.size(); i++) {
                    String at = "outputs.pairs[" + i + "]";
                    JsonNode pair = p.get(i);
                    if (!pair.isArray() || pair.size() != 2) {
                        throw doc.error(at, at + " must be [source, destination]; found a " + ExperimentDocument.kind(pair));
                    }
                    pairs.add(new int[] {node(doc, pair.get(0), at + "[0]"), node(doc, pair.get(1), at + "[1]")});
                }
            }
        }
        return new Read(new M2nSpec(communications, schemes, pairs), new SpecReader.Outputs(plots, report));
    }

    private static List<M2nSpec.Communication> communications(StudyFile doc, JsonNode node) {
        if (node == null || node.isNull() || !node.isArray() || node.isEmpty()) {
            throw doc.error("communications", "mode m2n needs 'communications': a non-empty list of {label, senders or m,"
                    + " receivers or n, messageBytes or sizes}, e.g. communications: [{label: six-to-ten, m: 6, n: 10,"
                    + " messageBytes: 1024}]");
        }
        List<M2nSpec.Communication> out = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < node.size(); i++) {
            String p = "communications[" + i + "]";
            JsonNode c = node.get(i);
            if (!c.isObject()) {
                throw doc.error(p, p + " must be a mapping with label, senders or m, receivers or n, and messageBytes or "
                        + "sizes; found a " + ExperimentDocument.kind(c));
            }
            SpecReader.checkKeys(doc, (ObjectNode) c, p, COMMUNICATION_KEYS);
            String label = SpecReader.optionalText(doc, (ObjectNode) c, "label", p + ".label", "communication-" + (i + 1));
            if (!LABEL.matcher(label).matches()) {
                throw doc.error(p + ".label", "label '" + label
                        + "' must start with a letter or digit and use only letters, digits, '.', '_' and '-'");
            }
            if (!labels.add(label)) {
                throw doc.error(p + ".label", "label '" + label + "' is used by an earlier communication; give each its "
                        + "own label");
            }
            int[] senders = group(doc, c, "senders", "m", p);
            int[] receivers = group(doc, c, "receivers", "n", p);
            int m = senders != null ? senders.length : (int) count(doc, c, "m", p);
            int n = receivers != null ? receivers.length : (int) count(doc, c, "n", p);
            long messageBytes = 0;
            long[] multiples = null;
            long[][] sizes = null;
            boolean hasBytes = c.has("messageBytes") && !c.get("messageBytes").isNull();
            boolean hasSizes = c.has("sizes") && !c.get("sizes").isNull();
            if (hasBytes == hasSizes) {
                throw doc.error(hasSizes ? p + ".sizes" : p, p + ": give either messageBytes (every message, or the unit"
                        + " of multiples) or sizes (an M x N matrix of bytes), " + (hasBytes ? "not both" : "one of them"));
            }
            if (hasBytes) {
                messageBytes = SpecReader.whole(doc, c.get("messageBytes"), p + ".messageBytes");
                if (messageBytes < 1 || messageBytes > (1L << 40)) {
                    throw doc.error(p + ".messageBytes", p + ".messageBytes = " + messageBytes
                            + " is out of range; use 1 .. 2^40 bytes");
                }
                JsonNode mul = c.get("multiples");
                if (mul != null && !mul.isNull()) {
                    if (!mul.isArray() || mul.isEmpty()) {
                        throw doc.error(p + ".multiples", p + ".multiples must be a non-empty list of whole numbers >= 1"
                                + " (receiver j gets multiples[j mod length] x messageBytes), e.g. [1, 1, 2]");
                    }
                    multiples = new long[mul.size()];
                    for (int k = 0; k < mul.size(); k++) {
                        multiples[k] = SpecReader.whole(doc, mul.get(k), p + ".multiples[" + k + "]");
                        if (multiples[k] < 1 || multiples[k] > 1_000_000) {
                            throw doc.error(p + ".multiples[" + k + "]", p + ".multiples[" + k + "] = " + multiples[k]
                                    + " is out of range; use 1 .. 1000000");
                        }
                    }
                }
            } else {
                if (c.has("multiples")) {
                    throw doc.keyError(p + ".multiples", p + ".multiples scales messageBytes; with an explicit sizes "
                            + "matrix write the multiples into the matrix");
                }
                sizes = matrix(doc, c.get("sizes"), p + ".sizes", m, n);
            }
            double rate = 1.0;
            if (c.has("rate") && !c.get("rate").isNull()) {
                rate = SpecReader.number(doc, c.get("rate"), p + ".rate");
                if (!(rate > 0 && rate <= 1)) {
                    throw doc.error(p + ".rate", p + ".rate = " + rate + "; use a fraction of the link rate in (0, 1]");
                }
            }
            out.add(new M2nSpec.Communication(label, p, senders, receivers, m, n, messageBytes, multiples, sizes, rate));
        }
        return out;
    }

    /** An explicit node list under {@code listKey}, or null when the count key is given instead. */
    private static int[] group(StudyFile doc, JsonNode c, String listKey, String countKey, String p) {
        boolean list = c.has(listKey) && !c.get(listKey).isNull();
        boolean count = c.has(countKey) && !c.get(countKey).isNull();
        if (list == count) {
            throw doc.error(list ? p + "." + countKey : p, p + ": give either " + listKey + " (a list of end nodes) or "
                    + countKey + " (a count placed by contiguous mapping), " + (list ? "not both" : "one of them"));
        }
        if (!list) {
            return null;
        }
        JsonNode a = c.get(listKey);
        if (!a.isArray() || a.isEmpty()) {
            throw doc.error(p + "." + listKey, p + "." + listKey + " must be a non-empty list of end nodes, e.g. [0, 1]");
        }
        int[] nodes = new int[a.size()];
        Set<Integer> seen = new HashSet<>();
        for (int k = 0; k < a.size(); k++) {
            String at = p + "." + listKey + "[" + k + "]";
            nodes[k] = node(doc, a.get(k), at);
            if (!seen.add(nodes[k])) {
                throw doc.error(at, "node " + nodes[k] + " is listed twice in " + p + "." + listKey + "; list each once");
            }
        }
        return nodes;
    }

    private static long count(StudyFile doc, JsonNode c, String key, String p) {
        long v = SpecReader.whole(doc, c.get(key), p + "." + key);
        if (v < 1 || v > 1_000_000) {
            throw doc.error(p + "." + key, p + "." + key + " = " + v + " is out of range; use 1 .. 1000000");
        }
        return v;
    }

    private static int node(StudyFile doc, JsonNode n, String at) {
        long v = SpecReader.whole(doc, n, at);
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw doc.error(at, at + " = " + v + " is not an end node; nodes are numbered from 0");
        }
        return (int) v;
    }

    private static long[][] matrix(StudyFile doc, JsonNode node, String at, int m, int n) {
        if (!node.isArray() || node.size() != m) {
            throw doc.error(at, at + " must be a list of " + m + " rows (one per sender) of " + n
                    + " sizes in bytes (one per receiver)");
        }
        long[][] s = new long[m][n];
        boolean any = false;
        for (int i = 0; i < m; i++) {
            JsonNode row = node.get(i);
            if (!row.isArray() || row.size() != n) {
                throw doc.error(at + "[" + i + "]", at + "[" + i + "] must list " + n + " sizes in bytes, one per receiver");
            }
            for (int j = 0; j < n; j++) {
                s[i][j] = SpecReader.whole(doc, row.get(j), at + "[" + i + "][" + j + "]");
                if (s[i][j] < 0 || s[i][j] > (1L << 40)) {
                    throw doc.error(at + "[" + i + "][" + j + "]", "size " + s[i][j] + " is out of range; use 0 (no message)"
                            + " .. 2^40 bytes");
                }
                any |= s[i][j] > 0;
            }
        }
        if (!any) {
            throw doc.error(at, at + " has no message (every size is 0); give at least one size > 0");
        }
        return s;
    }

    private static List<M2nSpec.Scheme> schemes(StudyFile doc, JsonNode sch, List<String> communications) {
        if (sch == null || sch.isNull() || !sch.isArray() || sch.isEmpty()) {
            throw doc.error("schemes", "mode m2n needs 'schemes': a non-empty list of {label, scheduler, routing}, e.g. "
                    + "[{label: shuffle, scheduler: shuffle, routing: {name: smodk, topForced: true}}]");
        }
        List<M2nSpec.Scheme> out = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < sch.size(); i++) {
            String p = "schemes[" + i + "]";
            JsonNode s = sch.get(i);
            if (!s.isObject()) {
                throw doc.error(p, p + " must be a mapping with scheduler, routing and optionally label, queuing, throttle "
                        + "and communications; found a " + ExperimentDocument.kind(s));
            }
            SpecReader.checkKeys(doc, (ObjectNode) s, p, M2N_SCHEME_KEYS);
            ProviderChoice scheduler = SpecReader.choice(doc, s.get("scheduler"), "scheduler", p + ".scheduler", null);
            ProviderChoice routing = SpecReader.choice(doc, s.get("routing"), "routing", p + ".routing", null);
            ProviderChoice queuing = SpecReader.choice(doc, s.get("queuing"), "queuing", p + ".queuing",
                    M2nStudy.DEFAULT_QUEUING);
            ProviderChoice throttle = SpecReader.choice(doc, s.get("throttle"), "throttle", p + ".throttle",
                    SpecReader.DEFAULT_THROTTLE);
            String label = SpecReader.optionalText(doc, (ObjectNode) s, "label", p + ".label",
                    scheduler.name() + "-" + routing.name());
            if (!LABEL.matcher(label).matches()) {
                throw doc.error(p + ".label", "label '" + label
                        + "' must start with a letter or digit and use only letters, digits, '.', '_' and '-'");
            }
            if (!labels.add(label)) {
                throw doc.error(p + ".label", "label '" + label + "' is used by an earlier scheme; give each scheme its own"
                        + " label");
            }
            List<String> on = new ArrayList<>();
            JsonNode c = s.get("communications");
            if (c != null && !c.isNull()) {
                if (!c.isArray() || c.isEmpty()) {
                    throw doc.error(p + ".communications", p + ".communications must be a non-empty list of "
                            + "communication labels");
                }
                for (int k = 0; k < c.size(); k++) {
                    String at = p + ".communications[" + k + "]";
                    String l = c.get(k).asText().trim();
                    if (!communications.contains(l)) {
                        throw doc.error(at, at + ": '" + l + "' is not the label of a communication"
                                + Suggestions.hint(l, communications));
                    }
                    on.add(l);
                }
            }
            out.add(new M2nSpec.Scheme(new StudyScheme(label, routing, queuing, throttle, null, on), scheduler));
        }
        return out;
    }
}
