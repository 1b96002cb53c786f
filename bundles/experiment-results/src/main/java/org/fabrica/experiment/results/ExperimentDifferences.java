package org.fabrica.experiment.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What tells two resolved experiments apart, for the message that refuses a results folder holding
 * another experiment's journal: the settings, by path ({@code hardware.vls}, {@code schemes[2].queuing.name}),
 * whose values differ or that only one of the two has. The parts that do not enter the experiment id
 * (provenance, description, executor, outputs) are left out, as the id leaves them out.
 */
final class ExperimentDifferences {
    private static final List<String> IGNORED = List.of("provenance", "description", "executor", "outputs");

    /** One setting that differs; {@code there} or {@code here} is null where that experiment lacks it. */
    record Difference(String path, String there, String here) {
        @Override
        public String toString() {
            return path + " (" + (there == null ? "absent" : there) + " there, " + (here == null ? "absent" : here)
                    + " here)";
        }
    }

    private ExperimentDifferences() {
    }

    /**
     * The differences between the folder's experiment ({@code there}) and this run's ({@code here}),
     * in path order of here's settings, then those only there has.
     */
    static List<Difference> between(JsonNode there, JsonNode here) {
        Map<String, String> a = leaves(there);
        Map<String, String> b = leaves(here);
        List<Difference> out = new ArrayList<>();
        for (Map.Entry<String, String> e : b.entrySet()) {
            String old = a.get(e.getKey());
            if (!e.getValue().equals(old)) {
                out.add(new Difference(e.getKey(), old, e.getValue()));
            }
        }
        for (Map.Entry<String, String> e : a.entrySet()) {
            if (!b.containsKey(e.getKey())) {
                out.add(new Difference(e.getKey(), e.getValue(), null));
            }
        }
        return out;
    }

    /**
     * The differences as one clause for a message, at most {@code max} of them named, with a hint when
     * every one is a setting the folder's experiment lacks (a later Fabrica added them).
     */
    static String describe(List<Difference> differences, int max) {
        if (differences.isEmpty()) {
            return "";
        }
        StringBuilder s = new StringBuilder("they differ in ");
        for (int i = 0; i < Math.min(max, differences.size()); i++) {
            s.append(i == 0 ? "" : ", ").append(differences.get(i));
        }
        if (differences.size() > max) {
            s.append(" and ").append(differences.size() - max).append(" more");
        }
        if (differences.stream().allMatch(d -> d.there() == null)) {
            s.append("; every difference is a setting the folder's experiment lacks, added by a later Fabrica "
                    + "(at their defaults the journal would be continued): to continue it, leave them at their "
                    + "defaults or resume with the Fabrica that wrote it (its experiment.yaml's provenance names the "
                    + "version and, from builds that knew it, the commit)");
        }
        return s.toString();
    }

    private static Map<String, String> leaves(JsonNode root) {
        Map<String, String> out = new LinkedHashMap<>();
        if (root != null && root.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = root.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!IGNORED.contains(e.getKey())) {
                    collect(e.getKey(), e.getValue(), out);
                }
            }
        }
        return out;
    }

    private static void collect(String path, JsonNode n, Map<String, String> out) {
        if (n.isObject() && n.size() > 0) {
            Iterator<Map.Entry<String, JsonNode>> it = n.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                collect(path + "." + e.getKey(), e.getValue(), out);
            }
        } else if (n.isArray() && n.size() > 0) {
            for (int i = 0; i < n.size(); i++) {
                collect(path + "[" + i + "]", n.get(i), out);
            }
        } else {
            out.put(path, n.isValueNode() ? n.asText() : n.toString());
        }
    }
}
