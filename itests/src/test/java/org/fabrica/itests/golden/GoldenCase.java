package org.fabrica.itests.golden;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One golden case: an example experiment file, the reduction it runs at (its case file) and its
 * expected tables (docs/golden-results.md). For {@code examples/<dir>/<name>.yaml}:
 *
 * <ul>
 *   <li>case file {@code examples/<dir>/expected/<name>.golden.yaml}: {@code set}, the list of
 *       {@code key=value} overrides exactly as given to {@code fabrica run --set}; optionally
 *       {@code unpinned}, a mapping of globs (relative to the results folder) of tables that are written
 *       but not compared, each with the reason;
 *   <li>expected tables in {@code examples/<dir>/expected/<name>/}, the same relative paths as in the
 *       results folder ({@code points.csv}, {@code summary.csv}, {@code series/...}).
 * </ul>
 *
 * {@code examples/quickstart.yaml} is {@code <dir>} = the examples folder itself.
 *
 * <p>A <em>variant case</em> pins the same example under further overrides (e.g. VOQ crossbar
 * access, which the example's comment gives as a {@code --set}): case file
 * {@code examples/<dir>/expected/<name>@<variant>.golden.yaml}, whose {@code set} holds every
 * override, and expected tables in {@code examples/<dir>/expected/<name>@<variant>/}.
 *
 * @param id the example's path below the examples folder without {@code .yaml}, e.g. {@code spth/ramp-32x32},
 *        then {@code @<variant>} for a variant case
 */
public record GoldenCase(String id, Path examplesRoot, List<String> set, Map<String, String> unpinned) {
    /** Overrides added to every case: the plots and the report are not compared, so they are not drawn. */
    public static final List<String> COMMON_SET = List.of("outputs.plots=false", "outputs.report=false");
    /**
     * Tables never pinned, with the reason: only the results folder's own tables
     * ({@code points.csv}, {@code summary.csv}, ...) are; a point's series and space-time tables
     * below it are derived from the same run and would add hundreds of files per example.
     */
    public static final Map<String, String> NOT_PINNED = Map.of("*/**",
            "per-point series and space-time tables (derived from the pinned runs; hundreds of files)");

    /** Points simulated at once. Results do not depend on it (runs are deterministic per seed). */
    public static final int THREADS = 2;
    /** The documented command that rewrites every expected file from the current code. */
    public static final String REGENERATE = "mvn -B verify -pl itests -am -Dfabrica.golden.update=true";

    private static final Set<String> KEYS = Set.of("set", "unpinned");
    private static final Pattern SAFE_SHELL = Pattern.compile("[A-Za-z0-9_./=:,+-]+");

    /** Separates an example's id from a variant's name in a case id. */
    public static final char VARIANT = '@';

    /** The example's experiment file. */
    public Path exampleFile() {
        return examplesRoot.resolve(exampleId(id) + ".yaml");
    }

    /** The id of a case's example: the case id without its variant. */
    public static String exampleId(String caseId) {
        int at = caseId.indexOf(VARIANT);
        return at < 0 ? caseId : caseId.substring(0, at);
    }

    /** The folder of the expected files of the example's directory. */
    public Path expectedFolder() {
        return exampleFile().resolveSibling("expected");
    }

    /** The case file. */
    public Path caseFile() {
        return expectedFolder().resolve(name() + ".golden.yaml");
    }

    /** The expected tables. */
    public Path expectedDir() {
        return expectedFolder().resolve(name());
    }

    /** The case's name: the example's file name without {@code .yaml}, with {@code @<variant>} for a variant case. */
    public String name() {
        int slash = id.lastIndexOf('/');
        return slash < 0 ? id : id.substring(slash + 1);
    }

    /** Every override of the run: the case's, then {@link #COMMON_SET}. */
    public Map<String, String> overrides() {
        Map<String, String> all = new LinkedHashMap<>();
        List<String> assignments = new ArrayList<>(set);
        assignments.addAll(COMMON_SET);
        for (String a : assignments) {
            int eq = a.indexOf('=');
            all.put(a.substring(0, eq).trim(), a.substring(eq + 1).trim());
        }
        return all;
    }

    /** The command that runs the same reduction with the launcher, from the project folder. */
    public String commandLine() {
        StringBuilder sb = new StringBuilder("./fabrica run ").append(examplesRoot.getFileName()).append('/')
                .append(exampleId(id)).append(".yaml --out results/golden/").append(id)
                .append(" --threads ").append(THREADS);
        for (Map.Entry<String, String> e : overrides().entrySet()) {
            sb.append(" --set ").append(shellWord(e.getKey() + "=" + e.getValue()));
        }
        return sb.toString();
    }

    /** A path below the examples folder as written from the project folder, e.g. {@code examples/spth/expected}. */
    public String projectPath(Path p) {
        return examplesRoot.getFileName() + "/" + examplesRoot.relativize(p).toString().replace(java.io.File.separatorChar, '/');
    }

    /** Maximum differences listed in a failure message (the count is always given). */
    public static final int MAX_LISTED = 40;

    /**
     * The failure message for differences: the example, every difference (table, row, column, expected
     * and actual value) up to {@link #MAX_LISTED}, where the actual results are, how to reproduce the
     * run and the command that regenerates the expected files.
     */
    public String failureMessage(List<GoldenComparison.Difference> diffs, Path actualDir) {
        StringBuilder sb = new StringBuilder();
        sb.append(projectPath(exampleFile())).append(": ").append(diffs.size())
                .append(diffs.size() == 1 ? " difference" : " differences").append(" from its golden results ")
                .append(projectPath(expectedDir())).append("/ (case ").append(projectPath(caseFile())).append(")\n");
        for (int i = 0; i < diffs.size() && i < MAX_LISTED; i++) {
            sb.append("  ").append(diffs.get(i)).append('\n');
        }
        if (diffs.size() > MAX_LISTED) {
            sb.append("  ... and ").append(diffs.size() - MAX_LISTED).append(" more\n");
        }
        sb.append("Actual results: ").append(actualDir).append('\n');
        sb.append("Same run with the launcher: ").append(commandLine()).append('\n');
        sb.append("If the change is deliberate (explain it in the commit), regenerate the expected files: ").append(REGENERATE)
                .append(" (only this example: add -Dfabrica.golden.only=").append(id).append("; docs/golden-results.md)");
        return sb.toString();
    }

    private static String shellWord(String s) {
        return SAFE_SHELL.matcher(s).matches() ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    /** Reads the case of {@code id} (e.g. {@code spth/ramp-32x32} or {@code osha-sasha/kns-2d-zipf1@voq}) from its file. */
    public static GoldenCase read(Path examplesRoot, String id) {
        Path example = examplesRoot.resolve(exampleId(id) + ".yaml");
        int slash = id.lastIndexOf('/');
        String name = slash < 0 ? id : id.substring(slash + 1);
        Path file = example.resolveSibling("expected").resolve(name + ".golden.yaml");
        if (!Files.isRegularFile(example)) {
            throw new IllegalArgumentException("no example " + example);
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no golden case file " + file + " for " + example
                    + ": write one (docs/golden-results.md) with the overrides that make it run in seconds");
        }
        JsonNode root;
        try {
            root = new YAMLMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the golden case file " + file + ": " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + ": a golden case file is a mapping with the keys " + KEYS);
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext();) {
            String key = it.next();
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException(file + ": unknown key '" + key + "'; valid: " + new TreeSet<>(KEYS));
            }
        }
        List<String> set = new ArrayList<>();
        JsonNode setNode = root.path("set");
        if (!setNode.isMissingNode() && !setNode.isNull()) {
            if (!setNode.isArray()) {
                throw new IllegalArgumentException(file + ": 'set' is a list of key=value strings");
            }
            for (JsonNode n : setNode) {
                String a = n.asText();
                if (!n.isTextual() || a.indexOf('=') <= 0) {
                    throw new IllegalArgumentException(file + ": 'set' entry " + n + " is not a key=value string");
                }
                set.add(a);
            }
        }
        Map<String, String> unpinned = new LinkedHashMap<>();
        JsonNode unpinnedNode = root.path("unpinned");
        if (!unpinnedNode.isMissingNode() && !unpinnedNode.isNull()) {
            if (!unpinnedNode.isObject()) {
                throw new IllegalArgumentException(file + ": 'unpinned' maps a glob of tables to the reason they are not compared");
            }
            unpinnedNode.fields().forEachRemaining(e -> unpinned.put(e.getKey(), e.getValue().asText()));
        }
        return new GoldenCase(id, examplesRoot, Collections.unmodifiableList(set), Collections.unmodifiableMap(unpinned));
    }

    /**
     * The ids of every experiment file below the examples folder: {@code *.yaml} outside the
     * {@code expected} folders, sorted.
     */
    public static List<String> exampleIds(Path examplesRoot) {
        List<String> ids = new ArrayList<>();
        try (Stream<Path> files = Files.walk(examplesRoot)) {
            files.filter(Files::isRegularFile).forEach(f -> {
                Path rel = examplesRoot.relativize(f);
                String s = rel.toString().replace(java.io.File.separatorChar, '/');
                boolean inExpected = false;
                for (Path part : rel) {
                    inExpected |= part.toString().equals("expected");
                }
                if (s.endsWith(".yaml") && !inExpected && !s.contains("/target/")) {
                    ids.add(s.substring(0, s.length() - ".yaml".length()));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the examples in " + examplesRoot, e);
        }
        Collections.sort(ids);
        return ids;
    }

    /**
     * The ids of every case file below the examples folder ({@code expected/<name>.golden.yaml} and
     * {@code expected/<name>@<variant>.golden.yaml}), sorted, whether or not its example exists.
     */
    public static List<String> caseIds(Path examplesRoot) {
        List<String> ids = new ArrayList<>();
        String suffix = ".golden.yaml";
        try (Stream<Path> files = Files.walk(examplesRoot)) {
            files.filter(Files::isRegularFile).forEach(f -> {
                String file = f.getFileName().toString();
                if (file.endsWith(suffix) && f.getParent().getFileName().toString().equals("expected")) {
                    Path dir = examplesRoot.relativize(f.getParent().getParent());
                    String prefix = dir.toString().isEmpty() ? "" : dir.toString().replace(java.io.File.separatorChar, '/') + "/";
                    ids.add(prefix + file.substring(0, file.length() - suffix.length()));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the golden cases in " + examplesRoot, e);
        }
        Collections.sort(ids);
        return ids;
    }
}
