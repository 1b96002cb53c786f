package org.fabrica.itests.golden;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Compares the results tables of a run with the expected (golden) ones, cell by cell
 * (docs/golden-results.md):
 *
 * <ul>
 *   <li>every CSV table of the results folder, except those the case declares unpinned, must be
 *       among the expected tables and the other way round;
 *   <li>rows are matched by their key columns ({@code pointId}, else the leading columns that name
 *       what a row is about: pattern, scheme, load, topology, scheduler, node, source, destination,
 *       packet, cycle); missing, extra and reordered rows are differences;
 *   <li>columns are matched by name; missing, extra and reordered columns are differences, except the
 *       {@link #EXCLUDED_COLUMNS} (wall-clock measurements), which are neither stored nor compared;
 *   <li>two integer cells must be equal; any other two numbers may differ by
 *       {@link #RELATIVE_TOLERANCE} relative to the larger magnitude; anything else (text, an empty
 *       cell) must be equal as text.
 * </ul>
 */
public final class GoldenComparison {
    /**
     * Relative tolerance for cells that are not both integers. Runs are deterministic per seed, so the
     * tolerance only absorbs formatting (e.g. {@code 408} against {@code 408.0}, or the last digit of a
     * sum taken in another order).
     */
    public static final double RELATIVE_TOLERANCE = 1e-9;

    /**
     * Columns measured with a clock: they differ from run to run and are never stored or compared.
     * Column name and the reason.
     */
    public static final Map<String, String> EXCLUDED_COLUMNS = excluded();

    /** Column names that identify a row when a table has no {@code pointId}, in any leading combination. */
    public static final List<String> KEY_NAMES = List.of("pattern", "scheme", "load", "topology", "scheduler",
            "node", "source", "destination", "packet", "cycle");

    private static final Pattern INTEGER = Pattern.compile("[-+]?\\d+");

    private GoldenComparison() {
    }

    private static Map<String, String> excluded() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("sim.wallSeconds", "wall time of a point's simulation");
        m.put("sim.routerCyclesPerSecond", "simulation speed: routers x cycles / wall time");
        m.put("sim.cpuSeconds", "CPU time of the thread that ran a point's simulation");
        m.put("sim.routerCyclesPerCpuSecond", "simulation speed: routers x cycles / CPU time");
        m.put("time.perRequest", "schedulability: thread CPU time of plan() per request (ns), median of the timed passes");
        m.put("time.perRequest.q1", "schedulability: first quartile of the same time");
        m.put("time.perRequest.q3", "schedulability: third quartile of the same time");
        m.put("time.perRequest.min", "schedulability: fastest timed pass");
        m.put("time.perRequest.max", "schedulability: slowest timed pass");
        m.put("time.perRequest.wall", "schedulability: wall time of plan() per request (ns)");
        m.put("time.jitMillis", "schedulability: JIT compilation time of the JVM during the timed passes");
        m.put("time.warmupPasses", "schedulability: untimed passes that fit into timing.warmup seconds of wall time");
        return Collections.unmodifiableMap(m);
    }

    /** One difference between the expected and the actual results. */
    public record Difference(String table, String row, String column, String expected, String actual) {
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(table);
            if (row != null) {
                sb.append(", row ").append(row);
            }
            if (column != null) {
                sb.append(", column ").append(column);
            }
            return sb.append(": expected ").append(show(expected)).append(", actual ").append(show(actual)).toString();
        }

        private static String show(String value) {
            return value.isEmpty() ? "(empty)" : value;
        }
    }

    /** Whether two cells are the same result (see the class comment). */
    public static boolean sameValue(String expected, String actual) {
        if (expected.equals(actual)) {
            return true;
        }
        boolean expectedInteger = INTEGER.matcher(expected).matches();
        boolean actualInteger = INTEGER.matcher(actual).matches();
        if (expectedInteger && actualInteger) {
            return new BigInteger(expected).equals(new BigInteger(actual));
        }
        Double e = number(expected);
        Double a = number(actual);
        if (e == null || a == null) {
            return false;
        }
        if (e.isNaN() || a.isNaN() || e.isInfinite() || a.isInfinite()) {
            return e.equals(a);
        }
        double scale = Math.max(Math.abs(e), Math.abs(a));
        return Math.abs(e - a) <= RELATIVE_TOLERANCE * scale;
    }

    private static Double number(String s) {
        if (s.isEmpty() || !(Character.isDigit(s.charAt(s.length() - 1)) || s.endsWith("NaN") || s.endsWith("Infinity"))) {
            return null; // Double.parseDouble also takes "1d", "1f": not numbers here
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The columns identifying a row of a table with this header; empty when rows are identified by position. */
    public static List<String> keyColumns(List<String> header) {
        if (header.contains("pointId")) {
            return List.of("pointId");
        }
        List<String> keys = new ArrayList<>();
        for (String column : header) {
            if (!KEY_NAMES.contains(column)) {
                break;
            }
            keys.add(column);
        }
        return keys;
    }

    /** Compares one table; {@code table} names it in the differences. */
    public static List<Difference> compareTables(String table, CsvTable expectedTable, CsvTable actualTable) {
        CsvTable expected = expectedTable.withoutColumns(EXCLUDED_COLUMNS.keySet());
        CsvTable actual = actualTable.withoutColumns(EXCLUDED_COLUMNS.keySet());
        List<Difference> diffs = new ArrayList<>();

        List<String> expectedColumns = expected.header();
        List<String> actualColumns = actual.header();
        for (String c : expectedColumns) {
            if (!actualColumns.contains(c)) {
                diffs.add(new Difference(table, null, c, "the column", "no such column"));
            }
        }
        for (String c : actualColumns) {
            if (!expectedColumns.contains(c)) {
                diffs.add(new Difference(table, null, c, "no such column", "a column"));
            }
        }
        List<String> commonInExpectedOrder = new ArrayList<>(expectedColumns);
        commonInExpectedOrder.retainAll(actualColumns);
        List<String> commonInActualOrder = new ArrayList<>(actualColumns);
        commonInActualOrder.retainAll(expectedColumns);
        if (!commonInExpectedOrder.equals(commonInActualOrder)) {
            diffs.add(new Difference(table, null, null, "columns in the order " + commonInExpectedOrder,
                    "the order " + commonInActualOrder));
        }

        // Rows are keyed by the expected table's key columns (the actual one must have them too).
        List<String> keys = keyColumns(expectedColumns);
        if (!actualColumns.containsAll(keys)) {
            keys = List.of();
        }
        Map<String, List<String>> expectedRows = keyed(expected, keys);
        Map<String, List<String>> actualRows = keyed(actual, keys);
        for (String k : expectedRows.keySet()) {
            if (!actualRows.containsKey(k)) {
                diffs.add(new Difference(table, k, null, "the row", "no such row"));
            }
        }
        for (String k : actualRows.keySet()) {
            if (!expectedRows.containsKey(k)) {
                diffs.add(new Difference(table, k, null, "no such row", "a row"));
            }
        }
        List<String> rowsInExpectedOrder = new ArrayList<>(expectedRows.keySet());
        rowsInExpectedOrder.retainAll(actualRows.keySet());
        List<String> rowsInActualOrder = new ArrayList<>(actualRows.keySet());
        rowsInActualOrder.retainAll(expectedRows.keySet());
        for (int i = 0; i < rowsInExpectedOrder.size(); i++) {
            if (!rowsInExpectedOrder.get(i).equals(rowsInActualOrder.get(i))) {
                diffs.add(new Difference(table, null, null, "row " + rowsInExpectedOrder.get(i) + " at position " + (i + 1),
                        "row " + rowsInActualOrder.get(i) + " there (rows in another order)"));
                break;
            }
        }

        Map<String, Integer> expectedIndex = index(expectedColumns);
        Map<String, Integer> actualIndex = index(actualColumns);
        for (Map.Entry<String, List<String>> e : expectedRows.entrySet()) {
            List<String> actualRow = actualRows.get(e.getKey());
            if (actualRow == null) {
                continue;
            }
            for (String c : commonInExpectedOrder) {
                String ev = cell(e.getValue(), expectedIndex.get(c));
                String av = cell(actualRow, actualIndex.get(c));
                if (!sameValue(ev, av)) {
                    diffs.add(new Difference(table, e.getKey(), c, ev, av));
                }
            }
        }
        return diffs;
    }

    private static Map<String, Integer> index(List<String> columns) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            index.putIfAbsent(columns.get(i), i);
        }
        return index;
    }

    private static String cell(List<String> row, int i) {
        return i < row.size() ? row.get(i) : "";
    }

    /** Rows by key, in table order; a key seen again gets {@code #2}, {@code #3}, ... */
    private static Map<String, List<String>> keyed(CsvTable t, List<String> keys) {
        List<Integer> keyIndexes = new ArrayList<>();
        for (String k : keys) {
            keyIndexes.add(t.header().indexOf(k));
        }
        Map<String, List<String>> rows = new LinkedHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        int position = 0;
        for (List<String> row : t.rows()) {
            position++;
            String key;
            if (keys.isEmpty()) {
                key = "#" + position;
            } else if (keys.size() == 1) {
                key = cell(row, keyIndexes.get(0));
            } else {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < keys.size(); i++) {
                    sb.append(i > 0 ? " " : "").append(keys.get(i)).append('=').append(cell(row, keyIndexes.get(i)));
                }
                key = sb.toString();
            }
            int n = seen.merge(key, 1, Integer::sum);
            rows.put(n == 1 ? key : key + " #" + n, row);
        }
        return rows;
    }

    /**
     * The pinned tables of a folder: every {@code *.csv} below it, as paths relative to it with
     * {@code /}, sorted, without those matching an {@code unpinned} glob. Empty for a missing folder.
     */
    public static List<String> tables(Path dir, Iterable<String> unpinned) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<PathMatcher> matchers = new ArrayList<>();
        for (String glob : unpinned) {
            matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + glob));
        }
        Set<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.walk(dir)) {
            files.filter(Files::isRegularFile).filter(f -> f.getFileName().toString().endsWith(".csv")).forEach(f -> {
                Path rel = dir.relativize(f);
                if (matchers.stream().noneMatch(m -> m.matches(rel))) {
                    names.add(rel.toString().replace(java.io.File.separatorChar, '/'));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the tables in " + dir, e);
        }
        return new ArrayList<>(names);
    }

    /**
     * Compares the pinned tables of a results folder with an expected folder (which holds only
     * tables, written by {@link #writeExpected}).
     */
    public static List<Difference> compareFolders(Path expectedDir, Path actualDir, Iterable<String> unpinned) {
        List<String> expectedTables = tables(expectedDir, List.of());
        List<String> actualTables = tables(actualDir, unpinned);
        List<Difference> diffs = new ArrayList<>();
        if (expectedTables.isEmpty()) {
            diffs.add(new Difference(expectedDir.toString(), null, null, "expected tables", "none: the expected files are missing"));
            return diffs;
        }
        Set<String> all = new LinkedHashSet<>(expectedTables);
        all.addAll(actualTables);
        for (String t : new TreeSet<>(all)) {
            boolean inExpected = expectedTables.contains(t);
            boolean inActual = actualTables.contains(t);
            if (inExpected && !inActual) {
                diffs.add(new Difference(t, null, null, "the table", "no such table written"));
            } else if (!inExpected) {
                diffs.add(new Difference(t, null, null, "no such table", "a table written"));
            } else {
                diffs.addAll(compareTables(t, CsvTable.read(expectedDir.resolve(t)), CsvTable.read(actualDir.resolve(t))));
            }
        }
        return diffs;
    }

    /**
     * Replaces the expected folder by the pinned tables of a results folder, without the excluded
     * columns. Returns the tables written.
     */
    public static List<String> writeExpected(Path actualDir, Path expectedDir, Iterable<String> unpinned) {
        deleteTree(expectedDir);
        List<String> written = tables(actualDir, unpinned);
        for (String t : written) {
            CsvTable.read(actualDir.resolve(t)).withoutColumns(EXCLUDED_COLUMNS.keySet()).write(expectedDir.resolve(t));
        }
        return written;
    }

    /** Deletes a folder and everything in it (nothing when it does not exist). */
    public static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            List<Path> paths = new ArrayList<>(s.toList());
            Collections.reverse(paths);
            for (Path p : paths) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }
}
