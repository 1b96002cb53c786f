package org.fabrica.experiment.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.SpecReader;

/**
 * An experiment's {@code variants}: copies of the experiment that differ in keys which are not a
 * scheme's (a packet size, a buffer size, a rail count), run in one sweep, each variant a column of
 * the results beside the schemes (docs/user-guide.md, "Variants"). Two forms:
 * <pre>
 * variants:                                  # a list: each variant names its keys
 *   - {label: small, traffic.packetBytes: 128}
 *   - {label: large, traffic.packetBytes: 1024}
 *
 * variants:                                  # a grid: every combination of the axes
 *   grid:
 *     - {traffic.packetBytes: [128, 1024], hardware.mtuBytes: [128, 1024]}   # keys of one axis move together
 *     - {hardware.dataVcBytes: [1024, 4096]}
 *   skipRefused: true                        # leave out combinations the experiment refuses
 *   chart: accepted                          # the metric drawn against the last axis
 * </pre>
 * A variant's keys are paths as in {@code --set} and are applied after the file and the command
 * line's overrides. Every variant must keep the experiment's mode, pattern labels and scheme labels
 * (they are the results' rows); the experiment without its variants must itself be valid.
 *
 * @param variants the variants in sweep order
 * @param axes the grid's axes (one per list element of {@code grid}); for the list form one axis,
 *        {@code variant}, whose values are the labels
 * @param skipRefused whether a grid combination the experiment refuses is left out (listed in the
 *        summary) rather than an error
 * @param chart the metric the variant chart draws (null: the mode's headline metric)
 * @param given the variants as the resolved experiment writes them (as given: the list with labels, or the grid)
 */
public record Variants(List<Variant> variants, List<Axis> axes, boolean skipRefused, String chart, JsonNode given) {
    public static final String KEY = "variants";
    /** Most variants one experiment may have (each is resolved and checked like an experiment). */
    static final int MAX = 1000;

    /**
     * One variant.
     *
     * @param index position in the sweep
     * @param label its name in the results' scheme column
     * @param set path to value (YAML text), applied as overrides
     * @param coordinates the index of its value on each axis
     */
    public record Variant(int index, String label, Map<String, String> set, List<Integer> coordinates) {
        /** How messages name it. */
        public String origin() {
            return "variants[" + index + "] (" + label + "):";
        }
    }

    /**
     * An axis of the grid: its name (its first key) and its values as labels (the first key's value).
     */
    public record Axis(String name, List<String> values) {
        /** Whether every value is a number (the chart then draws it as a numeric axis). */
        boolean numeric() {
            for (String v : values) {
                try {
                    Double.parseDouble(v);
                } catch (NumberFormatException e) {
                    return false;
                }
            }
            return !values.isEmpty();
        }
    }

    /** The variants of the document, or null when it has none. */
    public static Variants read(ExperimentDocument doc) {
        JsonNode node = doc.root().get(KEY);
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isArray()) {
            return list(doc, (ArrayNode) node);
        }
        if (node.isObject()) {
            return grid(doc, (ObjectNode) node);
        }
        throw doc.error(KEY, "variants is a list of variants ({label: ..., key.path: value, ...}) or a grid "
                + "({grid: [{key.path: [values]}, ...]}); found a " + ExperimentDocument.kind(node));
    }

    private static Variants list(ExperimentDocument doc, ArrayNode node) {
        if (node.isEmpty()) {
            throw doc.error(KEY, "variants is empty: give at least one, e.g. - {label: small, traffic.packetBytes: 128},"
                    + " or remove the key");
        }
        check(doc, node.size());
        List<Variant> out = new ArrayList<>();
        Set<String> labels = new LinkedHashSet<>();
        for (int i = 0; i < node.size(); i++) {
            String path = KEY + "[" + i + "]";
            JsonNode v = node.get(i);
            if (!v.isObject()) {
                throw doc.error(path, path + " must be a mapping of key paths to values, e.g. {label: small, "
                        + "traffic.packetBytes: 128}; found a " + ExperimentDocument.kind(v));
            }
            Map<String, String> set = new LinkedHashMap<>();
            String label = null;
            for (Map.Entry<String, JsonNode> e : v.properties()) {
                if (e.getKey().equals("label")) {
                    if (!e.getValue().isValueNode() || e.getValue().asText().isBlank()) {
                        throw doc.error(path + ".label", path + ".label must be a name; found a "
                                + ExperimentDocument.kind(e.getValue()));
                    }
                    label = e.getValue().asText().trim();
                } else {
                    set.put(key(doc, e.getKey(), path), text(e.getValue()));
                }
            }
            if (set.isEmpty()) {
                throw doc.error(path, path + " changes no key; give key paths and values, e.g. {label: small, "
                        + "traffic.packetBytes: 128}");
            }
            if (label == null) {
                label = defaultLabel(set);
            }
            if (!labels.add(label)) {
                throw doc.error(path, path + ": a second variant labelled '" + label + "'; labels name the results' "
                        + "columns and must differ");
            }
            out.add(new Variant(i, label, set, List.of(i)));
        }
        return new Variants(out, List.of(new Axis("variant", List.copyOf(labels))), false, null, given(out));
    }

    private static Variants grid(ExperimentDocument doc, ObjectNode node) {
        SpecReader.checkKeys(doc, node, KEY, List.of("grid", "skipRefused", "chart"));
        JsonNode g = node.get("grid");
        if (g == null || !g.isArray() || g.isEmpty()) {
            throw doc.error(KEY + ".grid", "variants.grid is a list of axes, each a mapping of key paths to lists of "
                    + "values of one length, e.g. grid: [{traffic.packetBytes: [128, 1024]}, {hardware.dataVcBytes: "
                    + "[1024, 4096]}]");
        }
        List<Axis> axes = new ArrayList<>();
        List<List<Map<String, String>>> axisSets = new ArrayList<>();
        long combinations = 1;
        for (int a = 0; a < g.size(); a++) {
            String path = KEY + ".grid[" + a + "]";
            JsonNode axis = g.get(a);
            if (!axis.isObject() || axis.isEmpty()) {
                throw doc.error(path, path + " must be a mapping of key paths to lists of values, e.g. "
                        + "{traffic.packetBytes: [128, 1024]}");
            }
            int length = -1;
            String first = null;
            List<Map<String, String>> sets = new ArrayList<>();
            List<String> values = new ArrayList<>();
            for (Map.Entry<String, JsonNode> e : axis.properties()) {
                String key = key(doc, e.getKey(), path);
                JsonNode list = e.getValue();
                if (!list.isArray() || list.isEmpty()) {
                    throw doc.error(path + "." + e.getKey(), path + "." + e.getKey() + " must be a non-empty list of "
                            + "values, e.g. [128, 1024]; found a " + ExperimentDocument.kind(list));
                }
                if (length < 0) {
                    length = list.size();
                    first = key;
                    for (int v = 0; v < length; v++) {
                        sets.add(new LinkedHashMap<>());
                        values.add(label(list.get(v)));
                    }
                } else if (list.size() != length) {
                    throw doc.error(path + "." + e.getKey(), "the keys of one axis move together, so their lists have "
                            + "one length: " + first + " has " + length + " values, " + key + " has " + list.size()
                            + "; make them equal, or put " + key + " on an axis of its own");
                }
                for (int v = 0; v < length; v++) {
                    sets.get(v).put(key, text(list.get(v)));
                }
            }
            if (new LinkedHashSet<>(values).size() != values.size()) {
                throw doc.error(path + "." + first, "the values of " + first + " repeat (" + values + "); an axis's "
                        + "first key names its points, so they must differ");
            }
            axes.add(new Axis(first, List.copyOf(values)));
            axisSets.add(sets);
            combinations *= length;
            check(doc, combinations);
        }
        List<Variant> out = new ArrayList<>();
        int[] at = new int[axes.size()];
        for (int i = 0; i < combinations; i++) {
            Map<String, String> set = new LinkedHashMap<>();
            List<Integer> coordinates = new ArrayList<>();
            StringBuilder label = new StringBuilder();
            for (int a = 0; a < axes.size(); a++) {
                for (Map.Entry<String, String> e : axisSets.get(a).get(at[a]).entrySet()) {
                    if (set.containsKey(e.getKey())) {
                        throw doc.error(KEY + ".grid[" + a + "]", e.getKey() + " is on two axes; put each key on one");
                    }
                    set.put(e.getKey(), e.getValue());
                }
                coordinates.add(at[a]);
                label.append(label.length() == 0 ? "" : ", ").append(shortName(axes.get(a).name())).append('=')
                        .append(axes.get(a).values().get(at[a]));
            }
            out.add(new Variant(i, label.toString(), set, List.copyOf(coordinates)));
            for (int a = axes.size() - 1; a >= 0; a--) { // the last axis varies fastest
                if (++at[a] < axes.get(a).values().size()) {
                    break;
                }
                at[a] = 0;
            }
        }
        boolean skip = SpecReader.bool(doc, node.get("skipRefused"), KEY + ".skipRefused", false);
        String chart = SpecReader.optionalText(doc, node, "chart", KEY + ".chart", null);
        return new Variants(out, List.copyOf(axes), skip, chart, node.deepCopy());
    }

    /** The variants with only those at {@code kept} (indexes into {@link #variants}), renumbered. */
    public Variants keep(List<Integer> kept) {
        List<Variant> out = new ArrayList<>();
        for (int i : kept) {
            Variant v = variants.get(i);
            out.add(new Variant(out.size(), v.label(), v.set(), v.coordinates()));
        }
        return new Variants(out, axes, skipRefused, chart, given);
    }

    private static void check(ExperimentDocument doc, long count) {
        if (count > MAX) {
            throw doc.error(KEY, "more than " + MAX + " variants (" + count + "); each is a whole experiment: split the "
                    + "study into several files");
        }
    }

    private static String key(ExperimentDocument doc, String key, String path) {
        String k = key.trim();
        String top = k.split("[.\\[]", 2)[0];
        if (List.of("name", "description", "mode", KEY, "executor", "outputs", "schemes").contains(top)
                || k.startsWith("traffic.patterns")) {
            throw doc.keyError(path + "." + key, "a variant cannot change " + k + ": name, description, mode, executor, "
                    + "outputs, the schemes and the traffic patterns are the same in every variant (they label the "
                    + "results); change them in the file, or run a second experiment");
        }
        return k;
    }

    /** A value as the text an override takes: its JSON, which is YAML too (a string stays a string). */
    private static String text(JsonNode value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private static String label(JsonNode value) {
        return value.isValueNode() ? value.asText() : value.toString();
    }

    private static String shortName(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? path : path.substring(dot + 1);
    }

    private static String defaultLabel(Map<String, String> set) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : set.entrySet()) {
            String v = e.getValue();
            try {
                v = label(JSON.readTree(v)); // a string without its JSON quotes
            } catch (JsonProcessingException ex) {
                // keep the text as it is
            }
            sb.append(sb.length() == 0 ? "" : ", ").append(shortName(e.getKey())).append('=').append(v);
        }
        return sb.toString();
    }

    private static ArrayNode given(List<Variant> variants) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (Variant v : variants) {
            ObjectNode o = a.addObject();
            o.put("label", v.label());
            for (Map.Entry<String, String> e : v.set().entrySet()) {
                try {
                    o.set(e.getKey(), ExperimentDocument.YAML.readTree(e.getValue()));
                } catch (JsonProcessingException ex) {
                    o.put(e.getKey(), e.getValue());
                }
            }
        }
        return a;
    }
}
