package org.fabrica.shell;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.report.TextTable;
import org.fabrica.experiment.results.SteadyPoints;
import org.fabrica.stats.CsvReader;

/**
 * {@code fabrica compare A B}: two results folders side by side, point by point (points matched by
 * their {@code pointId}). Without metrics named it prints one line per metric the two share (the
 * median, smallest and largest ratio B/A over the points, and the largest difference); with
 * metrics named, a table per metric with every point.
 */
final class ResultsComparison {
    /** Columns of points.csv that identify a point or describe it; every other column is a metric. */
    static final Set<String> KEY_COLUMNS = Set.of("pointId", "index", "pattern", "scheme", "load", "seed", "status",
            "swaps", "failure");

    /** One folder's points: point id to metric values (NaN when empty), in file order. */
    record Points(String name, List<String> metrics, Map<String, Map<String, Double>> values) {
    }

    private ResultsComparison() {
    }

    /** Parses {@code text}, the points.csv of a results folder {@code folderOrFile} ({@link #readText}). */
    static Points read(Path folderOrFile, String text) {
        try {
            return parse(folderOrFile.toString(), text);
        } catch (IllegalArgumentException e) {
            throw new ExperimentException(e.getMessage());
        }
    }

    /** The text of {@code points.csv} of a results folder (or of the file itself). */
    static String readText(Path folderOrFile) {
        Path file = Files.isDirectory(folderOrFile) ? folderOrFile.resolve("points.csv") : folderOrFile;
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ExperimentException(file + ": cannot read it (" + e.getMessage() + "); compare takes two results "
                    + "folders (each with a points.csv), e.g. fabrica compare results/a results/b");
        }
    }

    static Points parse(String name, String csv) {
        List<List<String>> records = CsvReader.records(name, csv);
        if (records.isEmpty() || !records.get(0).contains("pointId")) {
            throw new IllegalArgumentException(name + ": not a points table (no pointId column)");
        }
        List<String> header = records.get(0);
        int id = header.indexOf("pointId");
        List<String> metrics = new ArrayList<>();
        for (String h : header) {
            if (!KEY_COLUMNS.contains(h)) {
                metrics.add(h);
            }
        }
        Map<String, Map<String, Double>> values = new LinkedHashMap<>();
        for (int r = 1; r < records.size(); r++) {
            List<String> rec = records.get(r);
            if (rec.size() != header.size()) {
                throw new IllegalArgumentException(name + ": row " + r + " has " + rec.size() + " fields, the header "
                        + header.size());
            }
            Map<String, Double> row = new LinkedHashMap<>();
            for (int c = 0; c < header.size(); c++) {
                if (!KEY_COLUMNS.contains(header.get(c))) {
                    row.put(header.get(c), SteadyPoints.cell(name, r, header.get(c), rec.get(c)));
                }
            }
            values.put(rec.get(id), row);
        }
        return new Points(name, metrics, values);
    }

    /**
     * The warning when the two folders share no point (nothing was compared), naming how many each
     * has; empty when at least one point is in both.
     */
    static java.util.Optional<String> noCommonPoint(Points a, Points b) {
        for (String p : a.values().keySet()) {
            if (b.values().containsKey(p)) {
                return java.util.Optional.empty();
            }
        }
        return java.util.Optional.of("no point is in both folders (A has " + a.values().size() + ", B has "
                + b.values().size() + "), so nothing was compared: their points differ in pattern, scheme, load or seed;"
                + " compare two runs of one experiment (e.g. before and after a change; only in A and only in B"
                + " above name the points)");
    }

    /** The comparison as text; {@code detail} metrics get a table of every point. */
    static String text(Points a, Points b, List<String> detail) {
        List<String> shared = new ArrayList<>();
        for (String m : a.metrics()) {
            if (b.metrics().contains(m)) {
                shared.add(m);
            }
        }
        for (String m : detail) {
            if (!shared.contains(m)) {
                throw new ExperimentException("metric '" + m + "' is not in both tables" + org.fabrica.params.Suggestions
                        .hint(m, shared));
            }
        }
        Set<String> both = new LinkedHashSet<>(a.values().keySet());
        both.retainAll(b.values().keySet());
        List<String> onlyA = new ArrayList<>(a.values().keySet());
        onlyA.removeAll(b.values().keySet());
        List<String> onlyB = new ArrayList<>(b.values().keySet());
        onlyB.removeAll(a.values().keySet());
        StringBuilder sb = new StringBuilder();
        sb.append("A = ").append(a.name()).append("\nB = ").append(b.name()).append('\n')
                .append(both.size()).append(" points in both");
        if (!onlyA.isEmpty() || !onlyB.isEmpty()) {
            sb.append(", ").append(onlyA.size()).append(" only in A, ").append(onlyB.size()).append(" only in B");
        }
        sb.append("\n\n");
        // no point in both: no table, the lists below say which points each folder has
        if (!both.isEmpty() && detail.isEmpty()) {
            TextTable t = new TextTable("METRIC", "POINTS", "SAME", "MEDIAN B/A", "MIN B/A", "MAX B/A", "MAX |B-A|")
                    .rightAlign(1, 2, 3, 4, 5, 6);
            for (String m : shared) {
                Stats s = stats(a, b, both, m);
                if (s.points > 0) {
                    t.row(m, s.points, s.same, ratio(s.median), ratio(s.min), ratio(s.max), num(s.maxDiff));
                }
            }
            sb.append(t.render());
            sb.append("\nSAME: points with equal values. Ratios skip points where A is 0. fabrica compare A B --metric M "
                    + "shows every point of M.\n");
        } else if (!both.isEmpty()) {
            for (String m : detail) {
                TextTable t = new TextTable("POINT", "A", "B", "B/A", "B-A").rightAlign(1, 2, 3, 4);
                for (String p : both) {
                    double x = a.values().get(p).get(m);
                    double y = b.values().get(p).get(m);
                    t.row(p, num(x), num(y), ratio(x != 0 ? y / x : Double.NaN), num(y - x));
                }
                Stats s = stats(a, b, both, m);
                sb.append(m).append('\n').append(t.render()).append("median B/A ").append(ratio(s.median)).append(" over ")
                        .append(s.points).append(" points\n\n");
            }
        }
        if (!onlyA.isEmpty()) {
            sb.append("only in A: ").append(String.join(", ", onlyA)).append('\n');
        }
        if (!onlyB.isEmpty()) {
            sb.append("only in B: ").append(String.join(", ", onlyB)).append('\n');
        }
        return TextTable.fit(sb.toString());
    }

    private record Stats(int points, int same, double median, double min, double max, double maxDiff) {
    }

    private static Stats stats(Points a, Points b, Set<String> both, String m) {
        List<Double> ratios = new ArrayList<>();
        int points = 0;
        int same = 0;
        double maxDiff = Double.NaN;
        for (String p : both) {
            double x = a.values().get(p).get(m);
            double y = b.values().get(p).get(m);
            if (Double.isNaN(x) || Double.isNaN(y)) {
                continue;
            }
            points++;
            if (x == y) {
                same++;
            }
            double d = Math.abs(y - x);
            maxDiff = Double.isNaN(maxDiff) ? d : Math.max(maxDiff, d);
            if (x != 0) {
                ratios.add(y / x);
            }
        }
        double[] r = ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double median = r.length == 0 ? Double.NaN
                : r.length % 2 == 1 ? r[r.length / 2] : (r[r.length / 2 - 1] + r[r.length / 2]) / 2;
        return new Stats(points, same, median, r.length == 0 ? Double.NaN : r[0],
                r.length == 0 ? Double.NaN : r[r.length - 1], maxDiff);
    }

    private static String ratio(double r) {
        return Double.isNaN(r) || Double.isInfinite(r) ? "-" : String.format(Locale.ROOT, "%.4f", r);
    }

    private static String num(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
