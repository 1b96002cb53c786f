package org.fabrica.experiment.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.plot.Chart;
import org.fabrica.plot.Series;
import org.fabrica.stats.CsvWriter;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;

/**
 * What an experiment's variants show beside the per-load charts (docs/user-guide.md, "Variants"):
 * {@code variants.csv}, one row per pattern and column (a variant, or a variant and a scheme) with
 * its coordinates on the axes, the metric at its highest load (mean over seeds) and its ratio to the
 * previous value of its curve on the last axis ({@code <metric>.overPrevious}), and per pattern
 * the chart {@code plots/variants-<pattern>}: that metric against the last axis, one curve per
 * combination of the other axes (and scheme). A numeric last axis is drawn to scale as lines, on a
 * logarithmic ordinate when the values span more than two decades; one that spans more than a
 * factor 16 (sizes in powers of two; the abscissa is linear) is drawn as bars, one group per
 * value, unless the ordinate is logarithmic (bars have none); words are drawn as bars.
 */
public final class VariantCharts {
    /** File of the table, in the results folder. */
    public static final String CSV = "variants.csv";
    /** The metrics drawn when the experiment names none, the first one the points have. */
    static final List<String> DEFAULT_METRICS = List.of("accepted", "collective.duration");

    /**
     * The variants of a run.
     *
     * @param axes the axes' names (e.g. {@code traffic.packetBytes}; {@code variant} for a list)
     * @param values each axis's values, as labels
     * @param columns the results' columns (scheme labels of the points), in order
     * @param metric the metric to draw, or null for the first of {@link #DEFAULT_METRICS} present
     */
    public record Grid(List<String> axes, List<List<String>> values, List<Column> columns, String metric) {
        public Grid {
            axes = List.copyOf(axes);
            values = List.copyOf(values);
            columns = List.copyOf(columns);
        }
    }

    /**
     * A column of the results: its label in the points' scheme column, its variant's coordinates
     * (an index per axis) and its scheme's label ({@code ""} when the experiment has one scheme).
     */
    public record Column(String label, List<Integer> coordinates, String scheme) {
        public Column {
            coordinates = List.copyOf(coordinates);
        }
    }

    /** The charts, the table (null when no metric is found) and warnings. */
    record Drawn(List<ResultCharts.NamedChart> charts, String csv, List<String> warnings) {
    }

    private VariantCharts() {
    }

    static Drawn draw(Grid grid, List<String> patterns, List<PointResult> results) {
        String metric = grid.metric() != null ? grid.metric() : defaultMetric(results);
        if (metric == null || !present(results, metric)) {
            return new Drawn(List.of(), null, List.of("variants: no point has the metric "
                    + (metric == null ? String.join(" or ", DEFAULT_METRICS) : "'" + metric + "'")
                    + " to draw; name one of points.csv's metric columns in variants.chart"));
        }
        List<String> header = new ArrayList<>(List.of("pattern"));
        header.addAll(grid.axes());
        header.addAll(List.of("scheme", "load", "points", metric, metric + ".overPrevious"));
        CsvWriter csv = new CsvWriter(CSV, CsvWriter.LineEnd.CRLF, header);
        List<ResultCharts.NamedChart> charts = new ArrayList<>();
        int last = grid.axes().size() - 1;
        List<String> xValues = grid.values().get(last);
        // a numeric axis spanning more than a factor 16 (sizes in powers of two) crowds a linear
        // abscissa (the charts have no logarithmic one): bars then, one group per value
        boolean numericAxis = numeric(xValues);
        boolean wide = numericAxis && span(xValues) > 16;
        for (String pattern : patterns) {
            Map<String, double[]> curves = new LinkedHashMap<>();
            Map<String, Double> previous = new LinkedHashMap<>();
            String loadSeen = null;
            for (Column c : grid.columns()) {
                Cell cell = cell(results, pattern, c.label(), metric);
                String curve = curveLabel(grid, c, metric);
                // the gain over the curve's previous value on the last axis (e.g. of each added VC)
                Double before = previous.get(curve);
                double over = before == null || cell.points == 0 ? Double.NaN : cell.mean / before;
                csv.field(pattern);
                for (int a = 0; a < grid.axes().size(); a++) {
                    csv.field(grid.values().get(a).get(c.coordinates().get(a)));
                }
                csv.field(c.scheme()).field(cell.load).field(cell.points).field(cell.mean).field(over).endRecord();
                if (cell.points == 0) {
                    continue;
                }
                previous.put(curve, cell.mean);
                loadSeen = cell.load;
                double[] ys = curves.computeIfAbsent(curve, k -> nans(xValues.size()));
                ys[c.coordinates().get(last)] = cell.mean;
            }
            if (curves.isEmpty()) {
                continue;
            }
            List<Series> series = new ArrayList<>();
            double[] xs = new double[xValues.size()];
            for (int i = 0; i < xs.length; i++) {
                xs[i] = numericAxis ? Double.parseDouble(xValues.get(i)) : i;
            }
            for (Map.Entry<String, double[]> e : curves.entrySet()) {
                series.add(new Series(e.getKey(), xs, e.getValue()));
            }
            // values over more than two decades (e.g. one packet and 10,000) on a logarithmic ordinate,
            // which bars do not have: such a chart stays a line chart
            boolean logY = numericAxis && decades(curves.values()) > 2;
            boolean numeric = numericAxis && (!wide || logY);
            String title = metric + " against " + grid.axes().get(last) + ", " + pattern;
            String subtitle = (loadSeen == null || loadSeen.isEmpty() ? "" : "at each column's highest load; ")
                    + "mean over seeds; one " + (numeric ? "curve" : "bar") + " per "
                    + (last == 0 ? "scheme" : "value of the other axes");
            Chart chart = numeric ? new Chart(title, subtitle, grid.axes().get(last), metric, logY, series)
                    : Chart.bars(title, subtitle, grid.axes().get(last), metric, xValues, series);
            charts.add(new ResultCharts.NamedChart("variants-" + pattern, pattern, chart));
        }
        return new Drawn(charts, csv.text(), List.of());
    }

    private record Cell(String load, int points, double mean) {
    }

    /** The mean of the metric over the column's successful points at its highest load (all of them when loads are words). */
    private static Cell cell(List<PointResult> results, String pattern, String column, String metric) {
        double highest = Double.NEGATIVE_INFINITY;
        boolean words = false;
        for (PointResult r : results) {
            if (mine(r, pattern, column)) {
                try {
                    highest = Math.max(highest, Double.parseDouble(r.notes().getOrDefault("load", "")));
                } catch (NumberFormatException e) {
                    words = true;
                }
            }
        }
        double sum = 0;
        int n = 0;
        String load = "";
        for (PointResult r : results) {
            if (!mine(r, pattern, column)) {
                continue;
            }
            String l = r.notes().getOrDefault("load", "");
            if (!words) {
                if (Double.parseDouble(l) != highest) {
                    continue;
                }
            }
            load = l;
            for (Metric m : r.metrics()) {
                if (m.name().equals(metric) && Double.isFinite(m.value())) {
                    sum += m.value();
                    n++;
                }
            }
        }
        return new Cell(load, n, n == 0 ? Double.NaN : sum / n);
    }

    private static boolean mine(PointResult r, String pattern, String column) {
        return !r.failed() && pattern.equals(r.notes().get("pattern")) && column.equals(r.notes().get("scheme"));
    }

    private static String curveLabel(Grid grid, Column c, String metric) {
        StringBuilder sb = new StringBuilder();
        for (int a = 0; a < grid.axes().size() - 1; a++) {
            sb.append(sb.length() == 0 ? "" : ", ").append(shortName(grid.axes().get(a))).append('=')
                    .append(grid.values().get(a).get(c.coordinates().get(a)));
        }
        if (!c.scheme().isEmpty()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(c.scheme());
        }
        return sb.length() == 0 ? metric : sb.toString();
    }

    private static String shortName(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? path : path.substring(dot + 1);
    }

    private static String defaultMetric(List<PointResult> results) {
        for (String m : DEFAULT_METRICS) {
            if (present(results, m)) {
                return m;
            }
        }
        return null;
    }

    private static boolean present(List<PointResult> results, String metric) {
        for (PointResult r : results) {
            for (Metric m : r.metrics()) {
                if (m.name().equals(metric)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean numeric(List<String> values) {
        for (String v : values) {
            try {
                Double.parseDouble(v);
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }

    /** Decades between the smallest and the largest value drawn (0 when a value is not positive). */
    private static double decades(java.util.Collection<double[]> curves) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double[] ys : curves) {
            for (double y : ys) {
                if (Double.isNaN(y)) {
                    continue;
                }
                if (y <= 0) {
                    return 0;
                }
                min = Math.min(min, y);
                max = Math.max(max, y);
            }
        }
        return max > 0 ? Math.log10(max / min) : 0;
    }

    /** Largest over smallest value (infinite when a value is not positive). */
    private static double span(List<String> values) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (String v : values) {
            double d = Double.parseDouble(v);
            min = Math.min(min, d);
            max = Math.max(max, d);
        }
        return min > 0 ? max / min : Double.POSITIVE_INFINITY;
    }

    private static double[] nans(int n) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, Double.NaN);
        return a;
    }
}
