package org.fabrica.experiment.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.results.PointArtefacts;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.results.ResultsStore;
import org.fabrica.experiment.results.SeriesTable;
import org.fabrica.plot.Chart;
import org.fabrica.plot.Series;
import org.fabrica.sweep.PointResult;

/**
 * The charts drawn from the points' series, chart kinds of
 * {@link org.fabrica.experiment.study.StudyChart}, built at the end of a run from the per-point
 * files under {@code series/} (so points kept from an earlier run count too):
 * <ul>
 * <li>{@code RampCurves}, per pattern: smoothed throughput and latency against smoothed offered load, one line
 * per scheme (seeds averaged window by window), the sources a throttle held back against the
 * offered load where schemes have an active throttle, and the ratio of every other scheme's curves
 * to the baseline's, as charts and as {@code series/ratios-<pattern>.csv};</li>
 * <li>{@code InFlight}, per pattern: packets in flight against time, one line per scheme (its first
 * seed), and, where schemes have an active throttle, the sources it held back against time;</li>
 * <li>{@code PairLatencies} ({@link #pairLatencies}) and {@code Execution} ({@link #execution}).</li>
 * </ul>
 * Long series are thinned to at most {@value #MAX_CHART_POINTS} points per line for drawing
 * (the CSV files keep every window).
 */
final class SeriesCharts {
    /** Most points drawn per line; a chart is 720 pixels wide. */
    static final int MAX_CHART_POINTS = 1500;

    /** Charts to draw, files to write (path relative to the folder -> text) and problems found. */
    record Built(List<ResultCharts.NamedChart> charts, Map<String, String> files, List<String> warnings) {
    }

    private SeriesCharts() {
    }

    /** Successful points of one pattern and scheme, by seed. */
    static List<PointResult> points(List<PointResult> results, String pattern, String scheme) {
        List<PointResult> out = new ArrayList<>();
        for (PointResult r : results) {
            if (!r.failed() && pattern.equals(r.notes().get("pattern")) && scheme.equals(r.notes().get("scheme"))) {
                out.add(r);
            }
        }
        out.sort(Comparator.comparingLong(r -> Long.parseLong(r.notes().getOrDefault("seed", "0"))));
        return out;
    }

    static SeriesTable read(Path dir, PointResult r, String suffix, List<String> warnings) {
        Path file = dir.resolve(ResultsStore.SERIES).resolve(PointArtefacts.stem(r.point().pointId()) + suffix);
        try {
            return SeriesTable.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            warnings.add("series of point " + r.point().pointId() + " missing (" + dir.relativize(file) + ")");
        } catch (IOException | IllegalArgumentException e) {
            warnings.add("series of point " + r.point().pointId() + " unreadable (" + dir.relativize(file) + "): "
                    + e.getMessage());
        }
        return null;
    }

    /**
     * Smoothed offered load, throughput and latency of one scheme, averaged over its seeds window by
     * window, and the sources its throttle held back per window (null when its series have no such
     * column: no active throttle).
     */
    record Mean(double[] offered, double[] throughput, double[] latency, double[] held, int seeds) {
    }

    static Mean mean(List<SeriesTable> tables) {
        int rows = Integer.MAX_VALUE;
        boolean held = false;
        for (SeriesTable t : tables) {
            rows = Math.min(rows, t.rows());
            held |= t.has(PointArtefacts.HELD);
        }
        String[] names = {PointArtefacts.OFFERED_SMOOTH, PointArtefacts.THROUGHPUT_SMOOTH,
            PointArtefacts.LATENCY_SMOOTH, PointArtefacts.HELD};
        double[][] cols = new double[names.length][];
        for (int c = 0; c < (held ? 4 : 3); c++) {
            cols[c] = new double[rows];
            double[] sum = new double[rows];
            int[] n = new int[rows];
            for (SeriesTable t : tables) {
                if (!t.has(names[c])) {
                    continue;
                }
                double[] v = t.column(names[c]);
                for (int i = 0; i < rows; i++) {
                    if (Double.isFinite(v[i])) {
                        sum[i] += v[i];
                        n[i]++;
                    }
                }
            }
            for (int i = 0; i < rows; i++) {
                cols[c][i] = n[i] == 0 ? Double.NaN : sum[i] / n[i];
            }
        }
        return new Mean(cols[0], cols[1], cols[2], cols[3], tables.size());
    }

    /** Ramp, one pattern: the smoothed curves per scheme and their ratios to the baseline. */
    static void rampCurves(Path dir, ExperimentFacts facts, String pattern, List<PointResult> results, Built out) {
        Map<String, Mean> means = new LinkedHashMap<>();
        Map<String, Double> windows = new LinkedHashMap<>();
        for (String scheme : facts.schemes()) {
            List<SeriesTable> tables = new ArrayList<>();
            for (PointResult r : points(results, pattern, scheme)) {
                SeriesTable t = read(dir, r, PointArtefacts.SERIES_SUFFIX, out.warnings());
                if (t != null && t.has(PointArtefacts.THROUGHPUT_SMOOTH)) {
                    tables.add(t);
                    if (t.rows() > 1) {
                        double[] cycle = t.column(PointArtefacts.WINDOW_START);
                        windows.put(scheme, cycle[1] - cycle[0]);
                    }
                }
            }
            if (!tables.isEmpty()) {
                means.put(scheme, mean(tables));
            }
        }
        if (means.isEmpty()) {
            return;
        }
        String stem = ResultCharts.stem(pattern);
        int maxSeeds = 0;
        for (Mean m : means.values()) {
            maxSeeds = Math.max(maxSeeds, m.seeds());
        }
        String sub = facts.seriesNote() + (maxSeeds > 1 ? "; mean of " + maxSeeds + " seeds" : "");
        List<Series> throughput = new ArrayList<>();
        List<Series> latency = new ArrayList<>();
        List<Series> held = new ArrayList<>();
        for (Map.Entry<String, Mean> e : means.entrySet()) {
            int style = facts.schemes().indexOf(e.getKey());
            throughput.add(thin(e.getKey(), e.getValue().offered(), e.getValue().throughput(), style));
            latency.add(thin(e.getKey(), e.getValue().offered(), e.getValue().latency(), style));
            if (e.getValue().held() != null) {
                held.add(thin(e.getKey(), e.getValue().offered(), e.getValue().held(), style));
            }
        }
        String x = "offered load (flits/node/cycle)";
        out.charts().add(new ResultCharts.NamedChart("ramp-throughput-" + stem, pattern, new Chart(pattern
                + ": throughput vs offered load (ramp)", sub, x, "throughput (flits/node/cycle)", false, throughput,
                false)));
        out.charts().add(new ResultCharts.NamedChart("ramp-latency-" + stem, pattern, new Chart(pattern
                + ": latency vs offered load (ramp)", sub + "; mean age of the packets received in a window", x,
                "average latency (cycles, log scale)", true, latency, false)));
        if (!held.isEmpty()) {
            out.charts().add(new ResultCharts.NamedChart("ramp-held-" + stem, pattern, new Chart(pattern
                    + ": sources the throttle held back vs offered load (ramp)",
                    sub + "; held per window, not smoothed; schemes with an active throttle",
                    x, "nodes with every queued packet held (mean over the window)", false, held, false)));
        }

        Mean base = means.get(facts.baseline());
        if (base == null || means.size() < 2) {
            return;
        }
        List<Series> throughputRatio = new ArrayList<>();
        List<Series> latencyRatio = new ArrayList<>();
        List<String> names = new ArrayList<>(List.of(PointArtefacts.WINDOW_START, PointArtefacts.OFFERED));
        List<double[]> cols = new ArrayList<>();
        int rows = base.offered().length;
        for (Map.Entry<String, Mean> e : means.entrySet()) {
            if (!e.getKey().equals(facts.baseline())) {
                rows = Math.min(rows, e.getValue().offered().length);
            }
        }
        double window = windows.getOrDefault(facts.baseline(), Double.NaN);
        double[] cycles = new double[rows];
        double[] offered = new double[rows];
        for (int i = 0; i < rows; i++) {
            cycles[i] = i * window;
            offered[i] = base.offered()[i];
        }
        cols.add(cycles);
        cols.add(offered);
        for (Map.Entry<String, Mean> e : means.entrySet()) {
            if (e.getKey().equals(facts.baseline())) {
                continue;
            }
            double[] tr = new double[rows];
            double[] lr = new double[rows];
            for (int i = 0; i < rows; i++) {
                tr[i] = e.getValue().throughput()[i] / base.throughput()[i];
                lr[i] = e.getValue().latency()[i] / base.latency()[i];
            }
            names.add(e.getKey() + ".throughput.ratio");
            cols.add(tr);
            names.add(e.getKey() + ".latency.ratio");
            cols.add(lr);
            int style = facts.schemes().indexOf(e.getKey());
            throughputRatio.add(thin(e.getKey(), offered, tr, style));
            latencyRatio.add(thin(e.getKey(), offered, lr, style));
        }
        out.files().put(ResultsStore.SERIES + "/ratios-" + stem + ".csv", new SeriesTable(names, cols).csv());
        String ratioSub = sub + "; smoothed curves divided window by window";
        out.charts().add(new ResultCharts.NamedChart("ramp-throughput-ratio-" + stem, pattern, new Chart(pattern
                + ": throughput ratio to " + facts.baseline(), ratioSub, x, "throughput / " + facts.baseline(), false,
                throughputRatio, false)));
        out.charts().add(new ResultCharts.NamedChart("ramp-latency-ratio-" + stem, pattern, new Chart(pattern
                + ": latency ratio to " + facts.baseline(), ratioSub, x, "latency / " + facts.baseline(), false,
                latencyRatio, false)));
    }

    /**
     * Collective, one pattern: packets in flight against time per scheme; and the sources the
     * throttle held back against time for the schemes whose series has them ({@code held-<pattern>}).
     */
    static void inFlight(Path dir, ExperimentFacts facts, String pattern, List<PointResult> results,
            Built out) {
        List<Series> lines = new ArrayList<>();
        List<Series> heldLines = new ArrayList<>();
        List<String> seeds = new ArrayList<>();
        for (String scheme : facts.schemes()) {
            List<PointResult> pts = points(results, pattern, scheme);
            if (pts.isEmpty()) {
                continue;
            }
            SeriesTable t = read(dir, pts.get(0), PointArtefacts.IN_FLIGHT_SUFFIX, out.warnings());
            if (t != null && t.has(PointArtefacts.IN_FLIGHT)) {
                int style = facts.schemes().indexOf(scheme);
                lines.add(thin(scheme, t.column(PointArtefacts.WINDOW_START), t.column(PointArtefacts.IN_FLIGHT), style));
                if (t.has(PointArtefacts.HELD)) {
                    heldLines.add(thin(scheme, t.column(PointArtefacts.WINDOW_START), t.column(PointArtefacts.HELD), style));
                }
                seeds.add(pts.get(0).notes().getOrDefault("seed", "?"));
            }
        }
        if (lines.isEmpty()) {
            return;
        }
        boolean oneSeed = seeds.stream().distinct().count() == 1;
        String sub = facts.seriesNote() + (oneSeed ? "; seed " + seeds.get(0) : "; first seed of each scheme");
        out.charts().add(new ResultCharts.NamedChart("inflight-" + ResultCharts.stem(pattern), pattern, new Chart(pattern
                + ": packets in flight (collective)", sub, "cycle", "packets generated and not delivered", false, lines,
                false)));
        if (!heldLines.isEmpty()) {
            out.charts().add(new ResultCharts.NamedChart("held-" + ResultCharts.stem(pattern), pattern, new Chart(pattern
                    + ": sources the throttle held back (collective)", sub + "; schemes with an active throttle",
                    "cycle", "nodes with every queued packet held (mean over the window)", false, heldLines, false)));
        }
    }

    /**
     * Mode m2n, per communication and scheme (its first seed): the latency of successive packets of
     * each recorded source-destination pair, one line per pair (the figures of
     * docs/studies/rapidio-m2n.md).
     */
    static void pairLatencies(Path dir, ExperimentFacts facts, String pattern, List<PointResult> results, Built out) {
        for (String scheme : facts.schemes()) {
            List<PointResult> pts = points(results, pattern, scheme);
            if (pts.isEmpty()) {
                continue;
            }
            SeriesTable t = read(dir, pts.get(0), PointArtefacts.SERIES_SUFFIX, out.warnings());
            if (t == null || !t.has("latency") || t.rows() == 0) {
                continue;
            }
            double[] src = t.column("source");
            double[] dst = t.column("destination");
            double[] packet = t.column("packet");
            double[] latency = t.column("latency");
            List<Series> lines = new ArrayList<>();
            int start = 0;
            for (int i = 1; i <= src.length; i++) {
                if (i == src.length || src[i] != src[start] || dst[i] != dst[start]) {
                    double[] x = java.util.Arrays.copyOfRange(packet, start, i);
                    double[] y = java.util.Arrays.copyOfRange(latency, start, i);
                    lines.add(thin((long) src[start] + " -> " + (long) dst[start], x, y, lines.size()));
                    start = i;
                }
            }
            out.charts().add(new ResultCharts.NamedChart("latency-" + ResultCharts.stem(pattern) + "-"
                    + ResultCharts.stem(scheme), pattern, new Chart(pattern + ", " + scheme
                            + ": latency of successive packets", "seed " + pts.get(0).notes().getOrDefault("seed", "?")
                            + "; generation to delivery, endpoint overheads included", "packet of the pair (generation order)",
                            "latency (cycles)", false, lines, lines.size() > 0 && src.length <= 200)));
        }
    }

    /**
     * Mode trace, one workload: its execution time per scheme as bars (the mean over the seeds,
     * in microseconds), and the finish time of every rank per scheme (first seed) from the points'
     * per-rank tables (docs/traces.md, "Experiment files").
     */
    static void execution(Path dir, ExperimentFacts facts, String pattern, String metric, List<PointResult> results,
            Built out) {
        List<String> schemes = new ArrayList<>();
        List<Double> times = new ArrayList<>();
        List<Series> finish = new ArrayList<>();
        for (String scheme : facts.schemes()) {
            List<PointResult> pts = points(results, pattern, scheme);
            double sum = 0;
            int n = 0;
            for (PointResult r : pts) {
                double v = PointRecords.metric(r, metric);
                if (Double.isFinite(v)) {
                    sum += v;
                    n++;
                }
            }
            if (n == 0) {
                continue;
            }
            schemes.add(scheme);
            times.add(sum / n);
            SeriesTable t = read(dir, pts.get(0), PointArtefacts.NODES_SUFFIX, out.warnings());
            if (t != null && t.has("rank") && t.has("finishMicros")) {
                finish.add(thin(scheme, t.column("rank"), t.column("finishMicros"), facts.schemes().indexOf(scheme)));
            }
        }
        if (schemes.isEmpty()) {
            return;
        }
        double[] x = new double[schemes.size()];
        double[] y = new double[schemes.size()];
        for (int i = 0; i < y.length; i++) {
            x[i] = i;
            y[i] = times.get(i);
        }
        String stem = ResultCharts.stem(pattern);
        out.charts().add(new ResultCharts.NamedChart("execution-" + stem, pattern, new Chart(pattern
                + ": execution time", "the last rank's finish; mean over seeds", "scheme", "execution time (us)", false,
                List.of(new Series("execution time", x, y, 0)), false, List.copyOf(schemes), false)));
        if (!finish.isEmpty()) {
            out.charts().add(new ResultCharts.NamedChart("finish-" + stem, pattern, new Chart(pattern
                    + ": finish time of every rank", "first seed of each scheme", "rank (copy x ranks + rank)",
                    "finish (us)", false, finish, finish.get(0).x().length <= 64)));
        }
        for (String scheme : schemes) {
            activity(dir, facts, pattern, scheme, points(results, pattern, scheme).get(0), out);
        }
        List<String> patterns = facts.patterns();
        if (patterns.size() > 1 && pattern.equals(patterns.get(patterns.size() - 1))) {
            executionOverWorkloads(facts, metric, results, out);
        }
    }

    /**
     * Mode trace, several workloads: {@code plots/execution}, every workload's execution time
     * (mean over seeds, us) as grouped bars, one bar per scheme (or variant): how a time grows
     * from workload to workload, e.g. a barrier's latency with its process count.
     */
    private static void executionOverWorkloads(ExperimentFacts facts, String metric, List<PointResult> results,
            Built out) {
        List<String> patterns = facts.patterns();
        List<Series> series = new ArrayList<>();
        int style = 0;
        for (String scheme : facts.schemes()) {
            double[] x = new double[patterns.size()];
            double[] y = new double[patterns.size()];
            boolean any = false;
            for (int i = 0; i < patterns.size(); i++) {
                x[i] = i;
                double sum = 0;
                int n = 0;
                for (PointResult r : points(results, patterns.get(i), scheme)) {
                    double v = PointRecords.metric(r, metric);
                    if (Double.isFinite(v)) {
                        sum += v;
                        n++;
                    }
                }
                y[i] = n == 0 ? Double.NaN : sum / n;
                any |= n > 0;
            }
            if (any) {
                series.add(new Series(scheme, x, y, style));
            }
            style++;
        }
        if (!series.isEmpty()) {
            out.charts().add(new ResultCharts.NamedChart("execution", "all workloads", Chart.bars(
                    "execution time per workload", "the last rank's finish; mean over seeds", "workload",
                    "execution time (us)", List.copyOf(patterns), series)));
        }
    }

    /**
     * Mode trace, small replays: the activity of every rank over time (Gantt-like), from the
     * point's series of compute and blocked intervals. Rank r's line runs at height r while it is
     * in the library (posting, sending), r + 0.3 while it computes, r - 0.3 while it is blocked,
     * and ends when the rank finishes.
     */
    private static void activity(Path dir, ExperimentFacts facts, String pattern, String scheme, PointResult point,
            Built out) {
        SeriesTable t = readIfPresent(dir, point, PointArtefacts.SERIES_SUFFIX);
        SeriesTable nodes = readIfPresent(dir, point, PointArtefacts.NODES_SUFFIX);
        if (t == null || nodes == null || !t.has("kind") || !nodes.has("finishMicros") || !nodes.has("finish")) {
            return;
        }
        double us = Double.NaN; // microseconds per cycle, from the ranks' finish in both units
        for (int r = 0; r < nodes.rows() && !(us > 0); r++) { // 0 / 0 for a rank finished at 0 gives NaN
            us = nodes.column("finishMicros")[r] / nodes.column("finish")[r];
        }
        if (!(us > 0) || Double.isInfinite(us)) {
            return;
        }
        double[] rank = t.column("rank");
        double[] start = t.column("start");
        double[] end = t.column("end");
        double[] kind = t.column("kind");
        double[] finish = nodes.column("finish");
        List<Series> lines = new ArrayList<>();
        int row = 0;
        for (int r = 0; r < finish.length; r++) {
            List<double[]> pts = new ArrayList<>();
            pts.add(new double[] {0, r});
            while (row < rank.length && rank[row] == r) {
                double y = r + (kind[row] == 0 ? 0.3 : -0.3);
                pts.add(new double[] {start[row] * us, r});
                pts.add(new double[] {start[row] * us, y});
                pts.add(new double[] {end[row] * us, y});
                pts.add(new double[] {end[row] * us, r});
                row++;
            }
            if (Double.isFinite(finish[r])) {
                pts.add(new double[] {finish[r] * us, r}); // the same product as the intervals' ends: equal x stays in order
            }
            double[] x = new double[pts.size()];
            double[] y = new double[pts.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = pts.get(i)[0];
                y[i] = pts.get(i)[1];
            }
            lines.add(new Series("rank " + r, x, y, r));
        }
        out.charts().add(new ResultCharts.NamedChart("activity-" + ResultCharts.stem(pattern) + "-"
                + ResultCharts.stem(scheme), pattern, new Chart(pattern + ", " + scheme + ": activity of every rank",
                        "seed " + point.notes().getOrDefault("seed", "?") + "; rank + 0.3: computing, rank - 0.3: blocked;"
                                + " the line ends at the rank's finish", "time (us)", "rank", false, lines, false)));
    }

    /** A point's file under series/, or null when the point wrote none (no warning: the file is optional). */
    private static SeriesTable readIfPresent(Path dir, PointResult r, String suffix) {
        Path file = dir.resolve(ResultsStore.SERIES).resolve(PointArtefacts.stem(r.point().pointId()) + suffix);
        if (!Files.exists(file)) {
            return null;
        }
        return read(dir, r, suffix, new ArrayList<>());
    }

    /** A line of at most {@link #MAX_CHART_POINTS} points: every k-th point, and the last. */
    static Series thin(String label, double[] x, double[] y, int style) {
        int n = Math.min(x.length, y.length);
        int step = Math.max(1, (n + MAX_CHART_POINTS - 1) / MAX_CHART_POINTS);
        int m = n == 0 ? 0 : (n - 1) / step + 1 + ((n - 1) % step == 0 ? 0 : 1);
        double[] tx = new double[m];
        double[] ty = new double[m];
        int k = 0;
        for (int i = 0; i < n; i += step) {
            tx[k] = x[i];
            ty[k] = y[i];
            k++;
        }
        if (k < m) {
            tx[k] = x[n - 1];
            ty[k] = y[n - 1];
        }
        return new Series(label, tx, ty, style);
    }
}
