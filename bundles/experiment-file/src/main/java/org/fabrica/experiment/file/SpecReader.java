package org.fabrica.experiment.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.params.Suggestions;

/**
 * The pieces every study mode reads its keys with: key checks, provider choices, whole numbers,
 * cycles, seeds, text. Each error names the key path and its place in the file
 * ({@link ExperimentDocument#error}).
 */
public final class SpecReader {
    /** The seeds of a file that names none. */
    public static final List<Long> DEFAULT_SEEDS = List.of(1L);
    /** Key of the per-pattern seeds mapping that applies to the patterns it does not name. */
    public static final String DEFAULT_SEEDS_KEY = "default";
    /** The top-level key that selects statistics collectors (the packet modes'). */
    public static final String STATISTICS_KEY = "statistics";
    /** The throttle of a scheme that names none (every mode's). */
    public static final String DEFAULT_THROTTLE = "none";

    private SpecReader() {
    }

    public static long bounded(StudyFile doc, JsonNode parent, String key, String path, long def, long min,
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

    public static void checkKeys(StudyFile doc, ObjectNode node, String path, List<String> allowed) {
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

    public static ProviderChoice choice(StudyFile doc, JsonNode node, String concept, String path,
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
    public static Object plain(JsonNode n) {
        return ExperimentDocument.YAML.convertValue(n, Object.class);
    }

    /** A pattern's name, or name-2, name-3 ... for repeated names, never two alike. */
    public static List<String> patternLabels(List<ProviderChoice> patterns) {
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

    public static List<String> withDefault(List<String> labels) {
        List<String> out = new ArrayList<>();
        out.add(DEFAULT_SEEDS_KEY);
        out.addAll(labels);
        return out;
    }

    public static List<Long> seeds(StudyFile doc, JsonNode node, String path) {
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

    public static long cycles(StudyFile doc, ObjectNode root, String key, long def, long min) {
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

    public static long whole(StudyFile doc, JsonNode n, String path) {
        if (n == null || !n.isNumber() || (!n.canConvertToExactIntegral() && !n.isIntegralNumber())) {
            throw doc.error(path, path + " must be a whole number; found a " + (n == null ? "missing value" : ExperimentDocument.kind(n)));
        }
        if (!n.canConvertToLong()) {
            throw doc.error(path, path + " = " + n.asText() + " is too large; a whole number here is at most "
                    + Long.MAX_VALUE + " (and each key's own range is smaller)");
        }
        return n.asLong();
    }

    public static double number(StudyFile doc, JsonNode n, String path) {
        if (n == null || n.isNull()) {
            throw doc.error(path, path + " is required");
        }
        if (!n.isNumber()) {
            throw doc.error(path, path + " must be a number; found a " + ExperimentDocument.kind(n));
        }
        return n.asDouble();
    }

    public static boolean bool(StudyFile doc, JsonNode n, String path, boolean def) {
        if (n == null || n.isNull()) {
            return def;
        }
        if (!n.isBoolean()) {
            throw doc.error(path, path + " must be true or false; found a " + ExperimentDocument.kind(n));
        }
        return n.asBoolean();
    }

    public static String requiredText(StudyFile doc, ObjectNode node, String key, String path) {
        JsonNode n = node.get(key);
        if (n == null || n.isNull()) {
            throw doc.error(path, "'" + path + "' is required");
        }
        if (!n.isTextual() && !n.isNumber()) {
            throw doc.error(path, path + " must be text; found a " + ExperimentDocument.kind(n));
        }
        return n.asText().trim();
    }

    public static String optionalText(StudyFile doc, ObjectNode node, String key, String path, String def) {
        JsonNode n = node.get(key);
        if (n == null || n.isNull()) {
            return def;
        }
        if (!n.isTextual() && !n.isNumber()) {
            throw doc.error(path, path + " must be text; found a " + ExperimentDocument.kind(n));
        }
        return n.asText().trim();
    }

    /**
     * Refuses the {@code statistics} key in a mode that does not run statistics collectors, saying
     * {@code why} and which installed modes do ({@link StudyFile#modesReading}).
     */
    public static void refuseStatistics(StudyFile doc, ObjectNode root, String mode, String why) {
        if (root.has(STATISTICS_KEY)) {
            List<String> modes = doc.modesReading(STATISTICS_KEY);
            int n = modes.size();
            String which = n == 0 ? "" : " (" + (n == 1 ? modes.get(0) : String.join(", ", modes.subList(0, n - 1))
                    + " and " + modes.get(n - 1)) + ")";
            throw doc.keyError(STATISTICS_KEY, "'statistics' is not supported in mode " + mode + " (" + why
                    + "); statistics collectors run in the modes that simulate the file's traffic" + which
                    + "; remove it");
        }
    }

    /**
     * Refuses every top-level key of the file that mode {@code mode} does not read: the keys of
     * other installed modes that the mode's own checks do not name, naming the modes that read them
     * ({@link StudyFile#modesReading}).
     */
    public static void refuseOthers(StudyFile doc, ObjectNode root, String mode, List<String> keys) {
        Iterator<String> it = root.fieldNames();
        while (it.hasNext()) {
            String k = it.next();
            if (!keys.contains(k) && !k.equals("provenance")) {
                List<String> others = doc.modesReading(k);
                if (others.isEmpty()) {
                    throw doc.keyError(k, "'" + k + "' is not used in mode " + mode + "; remove it");
                }
                throw doc.keyError(k, "'" + k + "' is only used in mode" + (others.size() == 1 ? " " : "s ")
                        + String.join(", ", others) + "; remove it or set mode: " + others.get(0));
            }
        }
    }

    /**
     * Whether a run draws its plots and writes its report.
     *
     * @param plots {@code outputs.plots}, default true
     * @param report {@code outputs.report}, default true
     */
    public record Outputs(boolean plots, boolean report) {
    }

    /**
     * The file's {@code outputs} mapping of a mode whose outputs are only {@code plots} and
     * {@code report}; both true when the file gives none.
     *
     * @throws org.fabrica.experiment.ExperimentException naming the key and its place in the file
     */
    public static Outputs outputs(StudyFile doc, ObjectNode root) {
        JsonNode outputs = root.get("outputs");
        if (outputs == null || outputs.isNull()) {
            return new Outputs(true, true);
        }
        if (!outputs.isObject()) {
            throw doc.error("outputs", "outputs must be a mapping such as {plots: true, report: true}");
        }
        checkKeys(doc, (ObjectNode) outputs, "outputs", List.of("plots", "report"));
        return new Outputs(bool(doc, outputs.get("plots"), "outputs.plots", true),
                bool(doc, outputs.get("report"), "outputs.report", true));
    }
}
