package org.fabrica.experiment.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabrica.experiment.results.MeanConfidence;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.results.ResultsStore;
import org.fabrica.experiment.study.StudySummary;
import org.fabrica.stats.CsvWriter;
import org.fabrica.sweep.PointResult;

/**
 * The summary tables a mode lists ({@link StudySummary.Tables}: ramp, collective, m2n, trace), patterns x schemes,
 * each cell the mean over the seeds of a point metric with its ratio to the baseline scheme: the critical load and
 * the peak throughput of ramp-load runs, the duration of collectives (docs/studies/spth.md, "What
 * a reproduction produces"). One model rendered as text (terminal), CSV and HTML, so the
 * three always agree.
 */
public final class ModeSummary {
    /**
     * One table.
     *
     * @param title what the table shows
     * @param metric the point metric averaged
     * @param unit its unit
     * @param patterns row labels
     * @param schemes column labels
     * @param baseline the scheme the ratios refer to
     * @param mean mean over the seeds where the metric is defined, [pattern][scheme]; NaN when none
     * @param ci95 half-width of the 95% confidence interval of that mean ({@link MeanConfidence}); NaN
     *        when the metric is defined for fewer than 2 seeds
     * @param points successful points, [pattern][scheme]
     * @param defined points where the metric is defined (e.g. a critical load was found)
     * @param diff mean over the seeds where both this scheme and the baseline have the metric of this
     *        scheme's value minus the baseline's, seed by seed (the same seed draws the same traffic for
     *        every scheme, so the pairs share it); NaN for the baseline and without a pair
     * @param diffCi95 half-width of that mean difference's 95% confidence interval; NaN for fewer than 2 pairs
     * @param pairs seeds where both have the metric
     */
    public record Table(String title, String metric, String unit, List<String> patterns, List<String> schemes,
            String baseline, double[][] mean, double[][] ci95, int[][] points, int[][] defined, double[][] diff,
            double[][] diffCi95, int[][] pairs) {

        /** Ratio of a cell to the baseline's cell of its pattern (NaN when either is undefined). */
        public double ratio(int pattern, int scheme) {
            int b = schemes.indexOf(baseline);
            double base = b < 0 ? Double.NaN : mean[pattern][b];
            return base > 0 || base < 0 ? mean[pattern][scheme] / base : Double.NaN;
        }
    }

    private ModeSummary() {
    }

    /** The tables a study mode lists ({@link StudySummary.Tables}), in their order; none for no table. */
    static List<Table> tables(List<StudySummary.Table> specs, List<String> patterns, List<String> schemes, String baseline,
            List<PointResult> results) {
        List<Table> out = new ArrayList<>();
        for (StudySummary.Table t : specs) {
            out.add(table(t.title(), t.metric(), t.unit(), patterns, schemes, baseline, results));
        }
        return out;
    }

    static Table table(String title, String metric, String unit, List<String> patterns, List<String> schemes,
            String baseline, List<PointResult> results) {
        List<List<List<Double>>> values = new ArrayList<>(); // [pattern][scheme] -> the defined values
        List<List<Map<String, Double>>> bySeed = new ArrayList<>(); // the same by seed, for the pairs
        for (int p = 0; p < patterns.size(); p++) {
            List<List<Double>> row = new ArrayList<>();
            List<Map<String, Double>> seeds = new ArrayList<>();
            for (int s = 0; s < schemes.size(); s++) {
                row.add(new ArrayList<>());
                seeds.add(new LinkedHashMap<>());
            }
            values.add(row);
            bySeed.add(seeds);
        }
        int[][] points = new int[patterns.size()][schemes.size()];
        for (PointResult r : results) {
            if (r.failed()) {
                continue;
            }
            int p = patterns.indexOf(r.notes().get("pattern"));
            int s = schemes.indexOf(r.notes().get("scheme"));
            if (p < 0 || s < 0) {
                continue;
            }
            points[p][s]++;
            double v = PointRecords.metric(r, metric);
            if (Double.isFinite(v)) {
                values.get(p).get(s).add(v);
                String seed = r.notes().get("seed");
                if (seed != null) {
                    bySeed.get(p).get(s).put(seed, v);
                }
            }
        }
        int n = patterns.size();
        int m = schemes.size();
        double[][] mean = new double[n][m];
        double[][] ci95 = new double[n][m];
        int[][] defined = new int[n][m];
        double[][] diff = new double[n][m];
        double[][] diffCi95 = new double[n][m];
        int[][] pairs = new int[n][m];
        int b = schemes.indexOf(baseline);
        for (int p = 0; p < n; p++) {
            for (int s = 0; s < m; s++) {
                List<Double> cell = values.get(p).get(s);
                mean[p][s] = MeanConfidence.mean(cell);
                ci95[p][s] = MeanConfidence.halfWidth(cell);
                defined[p][s] = cell.size();
                List<Double> d = b >= 0 && s != b
                        ? SeedPairs.differences(bySeed.get(p).get(s), bySeed.get(p).get(b)) : List.of();
                diff[p][s] = MeanConfidence.mean(d);
                diffCi95[p][s] = MeanConfidence.halfWidth(d);
                pairs[p][s] = d.size();
            }
        }
        return new Table(title, metric, unit, List.copyOf(patterns), List.copyOf(schemes), baseline, mean, ci95, points,
                defined, diff, diffCi95, pairs);
    }

    /** True when some cell has a paired difference over 2 seeds or more (worth a table of its own). */
    static boolean paired(Table t) {
        for (int[] row : t.pairs()) {
            for (int k : row) {
                if (k >= 2) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A paired difference as text: "+523 ± 12 (10)", the mean, the interval's half-width and the pairs. */
    static String diffCell(Table t, int p, int s) {
        if (t.pairs()[p][s] == 0) {
            return "-";
        }
        double d = t.diff()[p][s];
        String sign = d > 0 ? "+" : "";
        double h = t.diffCi95()[p][s];
        return sign + value(d) + (Double.isFinite(h) ? " ± " + value(h) : "") + " (" + t.pairs()[p][s] + ")";
    }

    /** A cell as text: the mean, the ratio in parentheses (not for the baseline), and "k/n" when undefined for some seeds. */
    static String cell(Table t, int p, int s) {
        if (t.points()[p][s] == 0) {
            return "-";
        }
        if (t.defined()[p][s] == 0) {
            return "none";
        }
        StringBuilder sb = new StringBuilder(value(t.mean()[p][s]));
        if (!t.schemes().get(s).equals(t.baseline())) {
            double ratio = t.ratio(p, s);
            sb.append(" (").append(Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.3f", ratio) : "-").append(')');
        }
        if (t.defined()[p][s] < t.points()[p][s]) {
            sb.append(" [").append(t.defined()[p][s]).append('/').append(t.points()[p][s]).append(']');
        }
        return sb.toString();
    }

    static String value(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 1000 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.3f" : "%.4f", v);
    }

    /** Every table as fixed-width text, each with a title line; empty for no table. */
    public static String text(List<Table> tables) {
        StringBuilder sb = new StringBuilder();
        for (Table t : tables) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(t.title()).append(" (").append(t.unit()).append("; mean over seeds; in parentheses: ratio to ")
                    .append(t.baseline()).append(")\n");
            List<String[]> rows = new ArrayList<>();
            String[] header = new String[t.schemes().size() + 1];
            header[0] = "pattern";
            for (int s = 0; s < t.schemes().size(); s++) {
                header[s + 1] = t.schemes().get(s);
            }
            rows.add(header);
            for (int p = 0; p < t.patterns().size(); p++) {
                String[] row = new String[header.length];
                row[0] = t.patterns().get(p);
                for (int s = 0; s < t.schemes().size(); s++) {
                    row[s + 1] = cell(t, p, s);
                }
                rows.add(row);
            }
            TextTable.append(sb, rows);
            boolean partial = false;
            for (int p = 0; p < t.patterns().size(); p++) {
                for (int s = 0; s < t.schemes().size(); s++) {
                    partial |= t.defined()[p][s] < t.points()[p][s];
                }
            }
            if (partial) {
                sb.append("[k/n]: defined for k of n seeds (mean over those k); none: for no seed\n");
            }
            if (paired(t)) {
                sb.append('\n').append(pairedTitle(t)).append('\n');
                TextTable.append(sb, pairedRows(t));
            }
        }
        return sb.toString();
    }

    /** The title of a table's paired differences. */
    private static String pairedTitle(Table t) {
        return t.title() + " minus " + t.baseline() + ", seed by seed (" + t.unit()
                + "; mean ± half-width of its 95% confidence interval (pairs))";
    }

    /** A table's paired differences: a header (pattern, the other schemes than the baseline), a row per pattern. */
    private static List<String[]> pairedRows(Table t) {
        List<Integer> others = new ArrayList<>();
        for (int s = 0; s < t.schemes().size(); s++) {
            if (!t.schemes().get(s).equals(t.baseline())) {
                others.add(s);
            }
        }
        List<String[]> rows = new ArrayList<>();
        String[] head = new String[others.size() + 1];
        head[0] = "pattern";
        for (int i = 0; i < others.size(); i++) {
            head[i + 1] = t.schemes().get(others.get(i));
        }
        rows.add(head);
        for (int p = 0; p < t.patterns().size(); p++) {
            String[] row = new String[head.length];
            row[0] = t.patterns().get(p);
            for (int i = 0; i < others.size(); i++) {
                row[i + 1] = diffCell(t, p, others.get(i));
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * The tables as one CSV: a row per pattern and scheme, for each table its mean, the half-width of
     * the mean's 95% confidence interval ({@code <metric>.ci95}, empty for fewer than 2 seeds), the
     * ratio and the number of seeds with a value; then the paired difference to the baseline
     * ({@code <metric>.diff}, its {@code .diff.ci95} and {@code .pairs}; empty for the baseline).
     */
    public static String csv(List<Table> tables) {
        if (tables.isEmpty()) {
            return "";
        }
        Table first = tables.get(0);
        List<String> header = new ArrayList<>(List.of("pattern", "scheme", "points"));
        for (Table t : tables) {
            header.addAll(List.of(t.metric(), t.metric() + ".ci95", t.metric() + ".ratio", t.metric() + ".defined",
                    t.metric() + ".diff", t.metric() + ".diff.ci95", t.metric() + ".pairs"));
        }
        CsvWriter csv = new CsvWriter(ResultsStore.SUMMARY, CsvWriter.LineEnd.CRLF, header);
        for (int p = 0; p < first.patterns().size(); p++) {
            for (int s = 0; s < first.schemes().size(); s++) {
                csv.field(first.patterns().get(p)).field(first.schemes().get(s)).field(first.points()[p][s]);
                for (Table t : tables) {
                    csv.field(t.mean()[p][s]).field(t.ci95()[p][s]).field(t.ratio(p, s)).field(t.defined()[p][s])
                            .field(t.diff()[p][s]).field(t.diffCi95()[p][s]).field(t.pairs()[p][s]);
                }
                csv.endRecord();
            }
        }
        return csv.text();
    }

    /** A table as HTML. */
    static void html(StringBuilder h, Table t) {
        h.append("<h3>").append(HtmlReport.esc(t.title())).append(" <small>(").append(HtmlReport.esc(t.unit()))
                .append("; mean over seeds; in parentheses: ratio to ").append(HtmlReport.esc(t.baseline()))
                .append(")</small></h3>\n<table><thead><tr><th>pattern</th>");
        for (String s : t.schemes()) {
            h.append("<th>").append(HtmlReport.esc(s)).append("</th>");
        }
        h.append("</tr></thead><tbody>\n");
        for (int p = 0; p < t.patterns().size(); p++) {
            h.append("<tr><td>").append(HtmlReport.esc(t.patterns().get(p))).append("</td>");
            for (int s = 0; s < t.schemes().size(); s++) {
                h.append("<td>").append(HtmlReport.esc(cell(t, p, s))).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table>\n");
        if (paired(t)) {
            h.append("<p>").append(HtmlReport.esc(pairedTitle(t))).append("</p>\n");
            HtmlReport.rowsTable(h, pairedRows(t));
        }
    }
}
