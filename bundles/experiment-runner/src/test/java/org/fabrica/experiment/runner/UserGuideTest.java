package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.plan.ExperimentSpec;
import org.fabrica.experiment.plan.RegisteredProvider;
import org.fabrica.experiment.plan.StudyCatalog;
import org.fabrica.params.ParameterDescriptor;
import org.junit.jupiter.api.Test;

/**
 * docs/user-guide.md stays true to the code: its provider tables are generated from the
 * Metatype schemas of the registered providers, and this test fails when a provider, a
 * parameter, a type, a default or a range is missing or different, or when a key of the
 * experiment file or its default is not documented. Regenerate the tables with
 * {@code mvn -o install -pl bundles/experiment-runner -Dfabrica.docs.update=true}.
 */
class UserGuideTest {
    static final Path GUIDE = Path.of("../../docs/user-guide.md");
    static final String BEGIN = "<!-- BEGIN GENERATED PROVIDERS (UserGuideTest; regenerate with -Dfabrica.docs.update=true) -->";
    static final String END = "<!-- END GENERATED PROVIDERS -->";

    @Test
    void providerTablesMatchTheMetatypeSchemas() throws IOException {
        String guide = Files.readString(GUIDE);
        String generated = generate(ClasspathProviders.registry());
        int b = guide.indexOf(BEGIN);
        int e = guide.indexOf(END);
        assertTrue(b >= 0 && e > b, "docs/user-guide.md lacks the generated provider block markers");
        if (Boolean.getBoolean("fabrica.docs.update")) {
            Files.writeString(GUIDE, guide.substring(0, b + BEGIN.length()) + "\n" + generated + guide.substring(e));
            return;
        }
        String block = guide.substring(b + BEGIN.length(), e);
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, Map<String, List<String>>> concept : rows(ClasspathProviders.registry()).entrySet()) {
            String section = section(block, "### " + concept.getKey() + "\n", "\n### ");
            if (section == null) {
                problems.add("no section '### " + concept.getKey() + "'");
                continue;
            }
            for (Map.Entry<String, List<String>> provider : concept.getValue().entrySet()) {
                String sub = section(section, "#### `" + provider.getKey() + "`", "\n#### ");
                if (sub == null) {
                    problems.add(concept.getKey() + " '" + provider.getKey() + "' is not documented");
                    continue;
                }
                for (String row : provider.getValue()) {
                    if (!sub.contains(row)) {
                        problems.add(concept.getKey() + " '" + provider.getKey() + "': missing or different row " + row);
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            fail("docs/user-guide.md is out of date (regenerate with -Dfabrica.docs.update=true):\n  "
                    + String.join("\n  ", problems));
        }
    }

    @Test
    void everyExperimentKeyAndDefaultIsDocumented() throws IOException {
        String guide = Files.readString(GUIDE);
        String reference = section(guide, "## Experiment file reference", "\n## ");
        assertTrue(reference != null, "docs/user-guide.md has no '## Experiment file reference' section");
        for (String key : ClasspathProviders.registry().studies().keys()) { // the common keys and every mode's
            assertTrue(reference.contains("| `" + key + "` |"), "key '" + key + "' is not in the reference table");
        }
        for (String key : ExperimentSpec.TRAFFIC_KEYS) {
            assertTrue(reference.contains("| `traffic." + key + "` |"), "traffic." + key + " is not documented");
        }
        for (String key : ExperimentSpec.SCHEME_KEYS) {
            assertTrue(reference.contains("| `schemes[]." + key + "` |"), "schemes[]." + key + " is not documented");
        }
        StudyCatalog modes = ClasspathProviders.registry().studies();
        assertEquals("steady", modes.defaultMode(), "the mode of a file without mode: (bundle study-load's)");
        Map<String, Object> defaults = new LinkedHashMap<>(ExperimentSpec.defaults(modes));
        for (String mode : modes.names()) {
            defaults.putAll(modes.get(mode).defaults()); // each mode's own keys
        }
        for (Map.Entry<String, Object> d : defaults.entrySet()) {
            String row = line(reference, "| `" + d.getKey() + "` |");
            assertTrue(row != null, "key '" + d.getKey() + "' has no row");
            String shown = d.getValue() instanceof String s && s.isEmpty() ? "\"\"" : format(d.getValue());
            assertTrue(row.contains("| " + shown + " |"), "default of '" + d.getKey() + "' is " + shown + ", the guide says: "
                    + row);
        }
    }

    @Test
    void theGeneratedBlockIsWhatTheGeneratorWrites() throws IOException {
        // the markers and the format the check relies on
        String generated = generate(ClasspathProviders.registry());
        assertTrue(generated.contains("### routing\n"));
        assertTrue(generated.contains("#### `dor`"));
        assertTrue(generated.contains("| `k` | int |"));
        assertEquals(1, count(Files.readString(GUIDE), BEGIN));
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    /** Per concept, per provider name: the table rows (name, type, default, range) it must have. */
    static Map<String, Map<String, List<String>>> rows(ProviderRegistry registry) {
        Map<String, Map<String, List<String>>> out = new LinkedHashMap<>();
        for (String concept : registry.concepts()) {
            out.put(concept, new LinkedHashMap<>());
        }
        for (RegisteredProvider p : registry.snapshot()) {
            Map<String, List<String>> c = out.get(p.concept());
            if (c == null || c.containsKey(p.name())) {
                continue; // not listed (sweep executors), or the preferred one of a name is documented
            }
            List<String> rows = new ArrayList<>();
            if (p.info().schema() != null) { // a study mode without settings has none
                for (ParameterDescriptor d : p.info().schema().parameters()) {
                    rows.add(rowStart(d));
                }
            }
            c.put(p.name(), rows);
        }
        return out;
    }

    static String generate(ProviderRegistry registry) {
        StringBuilder sb = new StringBuilder();
        Map<String, List<ProviderInfo>> byConcept = new LinkedHashMap<>();
        for (String concept : registry.concepts()) {
            byConcept.put(concept, new ArrayList<>());
        }
        List<String> seen = new ArrayList<>();
        for (RegisteredProvider p : registry.snapshot()) {
            if (byConcept.containsKey(p.concept()) && !seen.contains(p.concept() + "/" + p.name())) {
                seen.add(p.concept() + "/" + p.name());
                byConcept.get(p.concept()).add(p.info());
            }
        }
        for (Map.Entry<String, List<ProviderInfo>> e : byConcept.entrySet()) {
            sb.append("\n### ").append(e.getKey()).append("\n");
            if (e.getValue().isEmpty()) {
                sb.append("\nNo provider installed.\n");
            }
            for (ProviderInfo p : e.getValue()) {
                sb.append("\n#### `").append(p.name()).append("`\n\n").append(sentence(p.description()));
                sb.append(" Bundle `").append(p.bundle()).append("`.\n\n");
                boolean mode = "mode".equals(p.concept());
                if (mode) {
                    sb.append("A study mode (`mode: ").append(p.name()).append("`); ").append(p.schema() == null
                            ? "its keys are in the experiment file reference.\n"
                            : "its optional settings (`fabrica help mode " + p.name() + "`) below, every key in the"
                                    + " experiment file reference.\n\n");
                }
                if (p.schema() == null) {
                    continue;
                }
                if (p.schema().parameters().isEmpty()) {
                    sb.append("No parameters.\n");
                    continue;
                }
                sb.append("| parameter | type | default | range | description |\n|---|---|---|---|---|\n");
                for (ParameterDescriptor d : p.schema().parameters()) {
                    sb.append(rowStart(d)).append(' ').append(cell(d.description())).append(" |\n");
                }
            }
        }
        sb.append('\n');
        return sb.toString();
    }

    private static String rowStart(ParameterDescriptor d) {
        return "| `" + d.name() + "` | " + cell(d.type()) + " | " + (d.defaultValue() == null ? "required"
                : cell(format(d.defaultValue()))) + " | " + cell(d.range()) + " |";
    }

    static String format(Object v) {
        if (v == null) {
            return "";
        }
        if (v.getClass().isArray()) {
            List<String> items = new ArrayList<>();
            for (int i = 0; i < Array.getLength(v); i++) {
                items.add(format(Array.get(v, i)));
            }
            return "[" + String.join(", ", items) + "]";
        }
        if (v instanceof List<?> l) {
            List<String> items = new ArrayList<>();
            for (Object o : l) {
                items.add(format(o));
            }
            return "[" + String.join(", ", items) + "]";
        }
        return v.toString();
    }

    private static String sentence(String s) {
        String t = cell(s).trim();
        return t.isEmpty() || t.endsWith(".") ? t : t + ".";
    }

    private static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace('\n', ' ');
    }

    private static String section(String text, String heading, String next) {
        int s = text.indexOf(heading);
        if (s < 0) {
            return null;
        }
        int e = text.indexOf(next, s + heading.length());
        return text.substring(s, e < 0 ? text.length() : e);
    }

    private static String line(String text, String start) {
        for (String l : text.split("\n")) {
            if (l.startsWith(start)) {
                return l;
            }
        }
        return null;
    }
}
