package org.fabrica.experiment.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fabrica.experiment.results.MeanConfidence;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.results.ResultsStore;
import org.fabrica.plot.Chart;
import org.fabrica.plot.Series;
import org.fabrica.stats.CsvWriter;
import org.fabrica.sweep.PointResult;

/**
 * The summary of a schedulability experiment (docs/studies/levelwise.md, "Workload and
 * experiment"): per topology and scheduler the mean, minimum and maximum schedulability ratio
 * over every permutation of every seed and the scheduling time per request, and per topology the
 * improvement of the first scheduler (level-wise in the study's experiment) over the better of the
 * others (the local schedulers). One model rendered as text (terminal), CSV and HTML, so the
 * three always agree.
 *
 * @param topologies row labels
 * @param schedulers column labels; the first is the one compared with the others
 * @param mean mean ratio, [topology][scheduler] (mean over seeds of the per-seed means; NaN when no point)
 * @param meanCi95 half-width of the 95% confidence interval of that mean over the seeds
 *        ({@link MeanConfidence}; NaN for fewer than 2 seeds)
 * @param min smallest ratio of any permutation
 * @param max largest ratio of any permutation
 * @param nanosPerRequest time of plan() per request, in ns: the median over seeds of each point's
 *        median over its timed passes
 * @param timing per cell {q1, q3, min, max} of the time per request: the quartiles are medians
 *        over seeds of the points' quartiles, min and max are over every timed pass of every seed
 * @param cpuClock true when every point of the summary timed with thread CPU time, false when
 *        some fell back to wall time
 * @param nodes end nodes of each topology (requests per permutation; 0 when no point succeeded)
 * @param points successful points per cell
 */
public record SchedulabilitySummary(List<String> topologies, List<String> schedulers, double[][] mean,
        double[][] meanCi95, double[][] min, double[][] max, double[][] nanosPerRequest, double[][][] timing,
        boolean cpuClock, long[] nodes, int[][] points) {
    static final String RATIO_MEAN = "ratio.mean";
    static final String RATIO_MIN = "ratio.min";
    static final String RATIO_MAX = "ratio.max";
    static final String TIME_PER_REQUEST = "time.perRequest";
    static final String[] TIME_SPREAD = {"time.perRequest.q1", "time.perRequest.q3", "time.perRequest.min",
        "time.perRequest.max"};
    static final String TIME_CPU = "time.cpu";
    static final String REQUESTS = "requests";
    static final String PERMUTATIONS = "permutations";

    /** Aggregates the successful points (notes {@code pattern} = topology, {@code scheme} = scheduler). */
    public static SchedulabilitySummary of(List<String> topologies, List<String> schedulers, List<PointResult> results) {
        int t = topologies.size();
        int s = schedulers.size();
        List<List<List<Double>>> means = new ArrayList<>(); // [topology][scheduler] -> per point its mean ratio
        double[][] min = new double[t][s];
        double[][] max = new double[t][s];
        List<List<List<double[]>>> samples = new ArrayList<>(); // [topology][scheduler] -> per point {median, q1, q3, min, max}
        int[][] points = new int[t][s];
        long[] nodes = new long[t];
        boolean cpu = true;
        for (int i = 0; i < t; i++) {
            List<List<double[]>> row = new ArrayList<>();
            List<List<Double>> meanRow = new ArrayList<>();
            for (int j = 0; j < s; j++) {
                row.add(new ArrayList<>());
                meanRow.add(new ArrayList<>());
            }
            samples.add(row);
            means.add(meanRow);
        }
        for (int i = 0; i < t; i++) {
            java.util.Arrays.fill(min[i], Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(max[i], Double.NEGATIVE_INFINITY);
        }
        for (PointResult r : results) {
            if (r.failed()) {
                continue;
            }
            int i = topologies.indexOf(r.notes().get("pattern"));
            int j = schedulers.indexOf(r.notes().get("scheme"));
            if (i < 0 || j < 0) {
                continue;
            }
            points[i][j]++;
            means.get(i).get(j).add(PointRecords.metric(r, RATIO_MEAN));
            min[i][j] = Math.min(min[i][j], PointRecords.metric(r, RATIO_MIN));
            max[i][j] = Math.max(max[i][j], PointRecords.metric(r, RATIO_MAX));
            samples.get(i).get(j).add(new double[] {PointRecords.metric(r, TIME_PER_REQUEST),
                PointRecords.metric(r, TIME_SPREAD[0]), PointRecords.metric(r, TIME_SPREAD[1]),
                PointRecords.metric(r, TIME_SPREAD[2]), PointRecords.metric(r, TIME_SPREAD[3])});
            cpu &= PointRecords.metric(r, TIME_CPU) == 1;
            double perms = PointRecords.metric(r, PERMUTATIONS);
            if (perms > 0) {
                nodes[i] = Math.round(PointRecords.metric(r, REQUESTS) / perms);
            }
        }
        double[][] nanos = new double[t][s];
        double[][][] timing = new double[t][s][];
        double[][] mean = new double[t][s];
        double[][] meanCi = new double[t][s];
        for (int i = 0; i < t; i++) {
            for (int j = 0; j < s; j++) {
                int n = points[i][j];
                mean[i][j] = MeanConfidence.mean(means.get(i).get(j));
                meanCi[i][j] = MeanConfidence.halfWidth(means.get(i).get(j));
                List<double[]> cell = samples.get(i).get(j);
                nanos[i][j] = median(cell, 0);
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                for (double[] c : cell) {
                    lo = Math.min(lo, c[3]);
                    hi = Math.max(hi, c[4]);
                }
                timing[i][j] = n == 0 ? new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN}
                        : new double[] {median(cell, 1), median(cell, 2), lo, hi};
                if (n == 0) {
                    min[i][j] = Double.NaN;
                    max[i][j] = Double.NaN;
                }
            }
        }
        return new SchedulabilitySummary(List.copyOf(topologies), List.copyOf(schedulers), mean, meanCi, min, max, nanos,
                timing, cpu, nodes, points);
    }

    /** Median of column {@code c} of the rows (NaN when none). */
    private static double median(List<double[]> rows, int c) {
        if (rows.isEmpty()) {
            return Double.NaN;
        }
        double[] v = new double[rows.size()];
        for (int k = 0; k < v.length; k++) {
            v[k] = rows.get(k)[c];
        }
        java.util.Arrays.sort(v);
        int h = v.length / 2;
        return v.length % 2 == 1 ? v[h] : (v[h - 1] + v[h]) / 2;
    }

    /** What the time table measures, for its heading. */
    String clockNote() {
        return cpuClock ? "thread CPU time of plan() per request" : "WALL time of plan() per request: thread CPU time "
                + "was not available for every point";
    }

    /** Index of the best scheduler other than the first on a topology (largest mean ratio), -1 when none. */
    public int bestOther(int topology) {
        int best = -1;
        for (int j = 1; j < schedulers.size(); j++) {
            if (Double.isFinite(mean[topology][j]) && (best < 0 || mean[topology][j] > mean[topology][best])) {
                best = j;
            }
        }
        return best;
    }

    /** Improvement of the first scheduler over the best other, in percentage points (NaN when undefined). */
    public double improvementPoints(int topology) {
        int b = bestOther(topology);
        return b < 0 ? Double.NaN : 100 * (mean[topology][0] - mean[topology][b]);
    }

    /** Relative improvement of the first scheduler over the best other (first / best - 1; NaN when undefined). */
    public double improvementRelative(int topology) {
        int b = bestOther(topology);
        return b < 0 || !(mean[topology][b] > 0) ? Double.NaN : mean[topology][0] / mean[topology][b] - 1;
    }

    private String cell(int i, int j) {
        if (points[i][j] == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.4f [%.4f, %.4f]", mean[i][j], min[i][j], max[i][j]);
    }

    private String improvement(int i) {
        double pp = improvementPoints(i);
        if (!Double.isFinite(pp)) {
            return "-";
        }
        return String.format(Locale.ROOT, "%+.2f pp (%+.1f%%) vs %s", pp, 100 * improvementRelative(i),
                schedulers.get(bestOther(i)));
    }

    private String time(int i, int j) {
        return points[i][j] == 0 ? "-" : String.format(Locale.ROOT, "%.0f [%.0f, %.0f]", nanosPerRequest[i][j],
                timing[i][j][2], timing[i][j][3]);
    }

    private String nodes(int i) {
        return nodes[i] == 0 ? "-" : Long.toString(nodes[i]);
    }

    /** Two fixed-width tables: the ratios with the improvement, and the time per request. */
    public static String text(SchedulabilitySummary s) {
        if (s.topologies.isEmpty() || s.schedulers.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        sb.append("Schedulability ratio (granted / requests; mean [min, max] over every permutation; improvement: ")
                .append(s.schedulers.get(0)).append(" over the better of the others)\n");
        List<String[]> rows = new ArrayList<>();
        String[] header = new String[s.schedulers.size() + 2];
        header[0] = "topology";
        for (int j = 0; j < s.schedulers.size(); j++) {
            header[j + 1] = s.schedulers.get(j);
        }
        header[header.length - 1] = "improvement";
        rows.add(header);
        for (int i = 0; i < s.topologies.size(); i++) {
            String[] row = new String[header.length];
            row[0] = s.topologies.get(i);
            for (int j = 0; j < s.schedulers.size(); j++) {
                row[j + 1] = s.cell(i, j);
            }
            row[header.length - 1] = s.improvement(i);
            rows.add(row);
        }
        TextTable.append(sb, rows);
        sb.append("\nScheduling time per request (ns, ").append(s.clockNote())
                .append("; median [min, max] over the timed passes; machine-dependent)\n");
        rows = new ArrayList<>();
        String[] h2 = new String[s.schedulers.size() + 2];
        h2[0] = "topology";
        h2[1] = "nodes";
        for (int j = 0; j < s.schedulers.size(); j++) {
            h2[j + 2] = s.schedulers.get(j);
        }
        rows.add(h2);
        for (int i = 0; i < s.topologies.size(); i++) {
            String[] row = new String[h2.length];
            row[0] = s.topologies.get(i);
            row[1] = s.nodes(i);
            for (int j = 0; j < s.schedulers.size(); j++) {
                row[j + 2] = s.time(i, j);
            }
            rows.add(row);
        }
        TextTable.append(sb, rows);
        return sb.toString();
    }

    /**
     * A row per topology and scheduler: points, ratio mean (with the half-width of its 95% confidence
     * interval over the seeds), min, max, ns per request (median), the topology's improvement, then
     * the spread of the time per request, the clock and the nodes.
     */
    public static String csv(SchedulabilitySummary s) {
        CsvWriter csv = new CsvWriter(ResultsStore.SUMMARY, CsvWriter.LineEnd.CRLF, "topology", "scheduler", "points",
                "ratio.mean", "ratio.mean.ci95", "ratio.min", "ratio.max", "time.perRequest", "improvement.points",
                "improvement.relative", "improvement.over", "time.perRequest.q1", "time.perRequest.q3",
                "time.perRequest.min", "time.perRequest.max", "time.clock", "nodes");
        for (int i = 0; i < s.topologies.size(); i++) {
            int b = s.bestOther(i);
            for (int j = 0; j < s.schedulers.size(); j++) {
                csv.field(s.topologies.get(i)).field(s.schedulers.get(j)).field(s.points[i][j]).field(s.mean[i][j])
                        .field(s.meanCi95[i][j]).field(s.min[i][j]).field(s.max[i][j]).field(s.nanosPerRequest[i][j])
                        .field(s.improvementPoints(i)).field(s.improvementRelative(i))
                        .field(b < 0 ? "" : s.schedulers.get(b));
                for (double v : s.timing[i][j]) {
                    csv.field(v);
                }
                csv.field(s.cpuClock ? "thread-cpu" : "wall").field(s.nodes[i]).endRecord();
            }
        }
        return csv.text();
    }

    /** Stem and pseudo-pattern of the chart (it spans every topology). */
    static final String CHART_STEM = "schedulability";

    /** The paper's figure: mean schedulability ratio per topology, one bar per scheduler. */
    List<ResultCharts.NamedChart> charts(String subtitle) {
        List<Series> series = new ArrayList<>();
        double[] x = new double[topologies.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        for (int j = 0; j < schedulers.size(); j++) {
            double[] y = new double[topologies.size()];
            for (int i = 0; i < y.length; i++) {
                y[i] = mean[i][j];
            }
            series.add(new Series(schedulers.get(j), x, y, j));
        }
        return List.of(new ResultCharts.NamedChart(CHART_STEM, CHART_STEM, Chart.bars("Schedulability ratio on random "
                + "permutations", subtitle, "topology",
                "schedulability ratio (granted / requests)", topologies, series)));
    }

    /** The two tables as HTML. */
    static void html(StringBuilder h, SchedulabilitySummary s) {
        h.append("<h3>Schedulability ratio <small>(mean [min, max] over every permutation; improvement: ")
                .append(HtmlReport.esc(s.schedulers.isEmpty() ? "" : s.schedulers.get(0)))
                .append(" over the better of the others)</small></h3>\n<table><thead><tr><th>topology</th>");
        for (String x : s.schedulers) {
            h.append("<th>").append(HtmlReport.esc(x)).append("</th>");
        }
        h.append("<th>improvement</th></tr></thead><tbody>\n");
        for (int i = 0; i < s.topologies.size(); i++) {
            h.append("<tr><td>").append(HtmlReport.esc(s.topologies.get(i))).append("</td>");
            for (int j = 0; j < s.schedulers.size(); j++) {
                h.append("<td>").append(HtmlReport.esc(s.cell(i, j))).append("</td>");
            }
            h.append("<td>").append(HtmlReport.esc(s.improvement(i))).append("</td></tr>\n");
        }
        h.append("</tbody></table>\n<h3>Scheduling time per request <small>(ns, ").append(HtmlReport.esc(s.clockNote()))
                .append("; median [min, max] over the timed passes; machine-dependent)</small></h3>\n"
                        + "<table><thead><tr><th>topology</th><th>nodes</th>");
        for (String x : s.schedulers) {
            h.append("<th>").append(HtmlReport.esc(x)).append("</th>");
        }
        h.append("</tr></thead><tbody>\n");
        for (int i = 0; i < s.topologies.size(); i++) {
            h.append("<tr><td>").append(HtmlReport.esc(s.topologies.get(i))).append("</td><td>")
                    .append(HtmlReport.esc(s.nodes(i))).append("</td>");
            for (int j = 0; j < s.schedulers.size(); j++) {
                h.append("<td>").append(HtmlReport.esc(s.time(i, j))).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table>\n");
    }
}
