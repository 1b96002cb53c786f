package org.fabrica.experiment.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.params.Suggestions;

/**
 * The study modes a run can use, by the word files write under {@code mode:}: the {@link StudyMode}
 * services the {@link ProviderLookup} holds (in a framework it tracks them; outside one, unit
 * tests and embedding register them with {@link ProviderLookup#add}).
 */
public final class StudyCatalog {
    private final Map<String, StudyMode> modes;
    /** The mode of a file without {@code mode:}, or null when no installed mode is the default. */
    private final String defaultMode;

    /** @param modes every mode by its name */
    public StudyCatalog(Map<String, StudyMode> modes) {
        this.modes = new TreeMap<>(modes);
        this.defaultMode = this.modes.entrySet().stream().filter(e -> e.getValue().isDefault()).map(Map.Entry::getKey)
                .findFirst().orElse(null); // sorted by name: the first that says so
    }

    /**
     * The mode of a file without {@code mode:}: the first by name that says it is the default
     * ({@link StudyMode#isDefault()}), or null when none does.
     */
    public String defaultMode() {
        return defaultMode;
    }

    /** The mode names, sorted. */
    public List<String> names() {
        return List.copyOf(modes.keySet());
    }

    /** The mode of that name, or null. */
    public StudyMode get(String name) {
        return modes.get(name);
    }

    /**
     * Every top-level key an experiment file may have: the common ones ({@link ExperimentSpec#KEYS}),
     * then every installed mode's own ({@link StudyMode#keys()}), {@code provenance} last.
     */
    public List<String> keys() {
        Set<String> all = new LinkedHashSet<>(ExperimentSpec.KEYS.subList(0, ExperimentSpec.KEYS.size() - 1));
        for (StudyMode m : modes.values()) {
            all.addAll(m.keys());
        }
        all.remove("provenance");
        List<String> out = new ArrayList<>(all);
        out.add("provenance"); // last: the key check leaves it out of its hints
        return out;
    }

    /** The installed modes by the top-level keys their files have (common keys included), each list sorted. */
    Map<String, List<String>> modesByKey() {
        Map<String, List<String>> out = new TreeMap<>();
        for (Map.Entry<String, StudyMode> m : modes.entrySet()) { // modes sorted by name: each list is too
            for (String k : m.getValue().keys()) {
                out.computeIfAbsent(k, x -> new ArrayList<>()).add(m.getKey());
            }
        }
        return out;
    }

    /**
     * The mode the file's {@code mode} key names (the default when it has none).
     *
     * @throws org.fabrica.experiment.ExperimentException listing the installed modes
     */
    public StudyMode find(ExperimentDocument doc, JsonNode node) {
        boolean absent = node == null || node.isNull();
        String given = absent ? defaultMode : node.isTextual() ? node.asText().trim() : null;
        StudyMode m = given == null ? null : modes.get(given);
        if (m != null) {
            return m;
        }
        StringBuilder use = new StringBuilder();
        int i = 0;
        for (Map.Entry<String, StudyMode> e : modes.entrySet()) {
            use.append(i == 0 ? "" : i == modes.size() - 1 ? " or " : ", ").append(e.getKey()).append(" (")
                    .append(e.getValue().description()).append(')');
            i++;
        }
        if (absent) {
            throw doc.error("mode", "the file has no 'mode' and no installed mode is the default"
                    + (modes.isEmpty() ? "; no study mode is installed" : "; add mode: with " + use));
        }
        String shown = given != null ? given : ExperimentDocument.kind(node);
        throw doc.error("mode", "mode '" + shown + "' is not a mode" + Suggestions.hint(shown, modes.keySet())
                + (modes.isEmpty() ? "; no study mode is installed" : "; use " + use));
    }
}
