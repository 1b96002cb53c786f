package org.fabrica.experiment.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.study.StudyChart;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudySummary;
import org.fabrica.plot.Chart;
import org.fabrica.plot.Series;
import org.fabrica.sweep.PointResult;

/**
 * Draws what a study mode's results show ({@link StudyOutputs}, data of the study API) into the
 * results folder: the summary by its kind ({@link ModeSummary}, {@link SteadySummary},
 * {@link SchedulabilitySummary}) and every chart by its kind ({@link ResultCharts},
 * {@link SeriesCharts}, metric bars). The one place where a description becomes tables and charts;
 * the results store holds no list of modes.
 */
final class OutputsDrawing {
    /**
     * What the mode's outputs add to the results folder at the end of a run.
     *
     * @param charts charts drawn to plots/ and into the report, in order
     * @param summaryCsv the text of summary.csv, or null for none
     * @param files more files, path relative to the results folder -> text (e.g. series/ratios-*.csv)
     * @param warnings problems found (the run itself is not failed)
     * @param section the summary's own section of the report, in place of the per-pattern sections or
     *        before them ({@link ReportSection#inPlaceOfPatterns}); null for none
     */
    record Finished(List<ResultCharts.NamedChart> charts, String summaryCsv, Map<String, String> files,
            List<String> warnings, ReportSection section) {
    }

    /** A section of the report that a summary writes itself (its charts and tables). */
    @FunctionalInterface
    interface ReportSection {
        /** Appends the section's HTML to {@code h}; {@code inlineSvg} holds each chart's SVG by its stem. */
        void html(StringBuilder h, List<ResultCharts.NamedChart> charts, Map<String, String> inlineSvg);

        /**
         * Whether the section stands in place of the per-pattern sections (true, as schedulability's
         * topologies do) or comes before them (false, as the paired differences of load points).
         */
        default boolean inPlaceOfPatterns() {
            return true;
        }
    }

    private OutputsDrawing() {
    }

    /** The summary tables (terminal, summary.csv, report), patterns x schemes; empty for none. */
    static List<ModeSummary.Table> tables(ExperimentFacts facts, List<PointResult> results) {
        if (facts.outputs().summary() instanceof StudySummary.Tables t) {
            return ModeSummary.tables(t.tables(), facts.patterns(), facts.schemes(), facts.baseline(), results);
        }
        return List.of();
    }

    /** The note under the report's summary tables, plain text (shown only when there are tables). */
    static String tablesNote(StudyOutputs outputs) {
        return outputs.summary() instanceof StudySummary.Tables t ? t.note() : "";
    }

    /** Charts, summary.csv and derived files from the finished points (and their files under {@code dir}). */
    static Finished finish(Path dir, ExperimentFacts facts, List<PointResult> results, List<ModeSummary.Table> tables) {
        SeriesCharts.Built built = new SeriesCharts.Built(new ArrayList<>(), new LinkedHashMap<>(), new ArrayList<>());
        for (StudyChart chart : facts.outputs().charts()) {
            draw(chart, dir, facts, results, built);
        }
        StudySummary summary = facts.outputs().summary();
        if (summary instanceof StudySummary.LoadPoints) {
            // mean and confidence interval per load point for every sweep: points.csv has one row per seed
            List<SteadySummary.Row> rows = SteadySummary.rows(facts.patterns(), facts.schemes(), reference(facts),
                    results);
            if (SteadySummary.applies(results)) { // a scheme's routes came from a scheduler
                built.charts().addAll(SteadySummary.charts(facts.patterns(), facts.schemes(), rows));
            }
            return new Finished(built.charts(), SteadySummary.csv(rows), built.files(), built.warnings(),
                    SteadySummary.pairedSection(reference(facts), rows));
        }
        if (summary instanceof StudySummary.Circuits) {
            SchedulabilitySummary circuits = SchedulabilitySummary.of(facts.patterns(), facts.schemes(), results);
            built.charts().addAll(circuits.charts(facts.seriesNote()));
            return new Finished(built.charts(), SchedulabilitySummary.csv(circuits), built.files(), built.warnings(),
                    (h, charts, inlineSvg) -> {
                        h.append("<section>\n<h2>Schedulability</h2>\n<div class=\"charts\">\n");
                        for (ResultCharts.NamedChart c : charts) {
                            HtmlReport.figure(h, c, inlineSvg);
                        }
                        h.append("</div>\n");
                        SchedulabilitySummary.html(h, circuits);
                        h.append("<p class=\"note\">Also in summary.csv; every point in points.csv.</p>\n</section>\n");
                    });
        }
        return new Finished(built.charts(), ModeSummary.csv(tables), built.files(), built.warnings(), null);
    }

    /** The summary printed when the run ends; {@code threads} is the number of points run at once. */
    static String text(ExperimentFacts facts, List<PointResult> results, int threads) {
        StudySummary summary = facts.outputs().summary();
        if (summary instanceof StudySummary.LoadPoints) {
            List<SteadySummary.Row> rows = SteadySummary.rows(facts.patterns(), facts.schemes(), reference(facts),
                    results);
            String paired = SteadySummary.pairedText(reference(facts), rows);
            if (SteadySummary.applies(results)) {
                return SteadySummary.text(rows) + paired;
            }
            return paired.isEmpty() ? ModeSummary.text(List.of()) : paired;
        }
        if (summary instanceof StudySummary.Circuits) {
            String text = SchedulabilitySummary.text(SchedulabilitySummary.of(facts.patterns(), facts.schemes(), results));
            // points timed side by side had steady 2x-5x outliers on a 2-core machine
            // (docs/studies/levelwise.md, "Scheduling time per request")
            return threads > 1 && !text.isEmpty() ? text + "The points ran on " + threads + " threads at once: for "
                    + "times per request that can be compared, run with --threads 1, more than once.\n" : text;
        }
        return ModeSummary.text(tables(facts, results));
    }

    /** The reference of the paired differences: the experiment's baseline, else its first scheme. */
    private static String reference(ExperimentFacts facts) {
        return facts.baseline() != null ? facts.baseline() : facts.schemes().isEmpty() ? null : facts.schemes().get(0);
    }

    /** One chart kind over every pattern, added to {@code out}. */
    private static void draw(StudyChart chart, Path dir, ExperimentFacts facts, List<PointResult> results,
            SeriesCharts.Built out) {
        if (chart instanceof StudyChart.LoadCurves c) {
            out.charts().addAll(ResultCharts.charts(results, facts.patterns(), facts.schemes(), facts.seeds(), c.unit(),
                    c.window()));
            return;
        }
        for (String pattern : facts.patterns()) {
            if (chart instanceof StudyChart.RampCurves) {
                SeriesCharts.rampCurves(dir, facts, pattern, results, out);
            } else if (chart instanceof StudyChart.InFlight) {
                SeriesCharts.inFlight(dir, facts, pattern, results, out);
            } else if (chart instanceof StudyChart.PairLatencies) {
                SeriesCharts.pairLatencies(dir, facts, pattern, results, out);
            } else if (chart instanceof StudyChart.Execution e) {
                SeriesCharts.execution(dir, facts, pattern, e.metric(), results, out);
            } else if (chart instanceof StudyChart.MetricBars b) {
                metricBars(b, facts, pattern, results, out);
            } else {
                throw new IllegalArgumentException("no drawing for chart kind " + chart);
            }
        }
    }

    /** A bar group per scheme, one bar per metric, each the mean over the scheme's points where it is defined. */
    private static void metricBars(StudyChart.MetricBars b, ExperimentFacts facts, String pattern,
            List<PointResult> results, SeriesCharts.Built out) {
        List<String> schemes = facts.schemes();
        double[] x = new double[schemes.size()];
        for (int s = 0; s < x.length; s++) {
            x[s] = s;
        }
        List<Series> series = new ArrayList<>();
        for (StudyChart.Bar bar : b.bars()) {
            double[] y = new double[schemes.size()];
            for (int s = 0; s < y.length; s++) {
                y[s] = mean(SeriesCharts.points(results, pattern, schemes.get(s)), bar.metric());
            }
            series.add(new Series(bar.label(), x, y, series.size()));
        }
        out.charts().add(new ResultCharts.NamedChart(b.stem() + "-" + ResultCharts.stem(pattern), pattern,
                Chart.bars(pattern + ": " + b.title(), b.subtitle(), "scheme", b.axis(), schemes, series)));
    }

    /** The mean of a metric over points where it is finite; NaN for none. */
    private static double mean(List<PointResult> points, String metric) {
        double sum = 0;
        int n = 0;
        for (PointResult r : points) {
            double v = PointRecords.metric(r, metric);
            if (Double.isFinite(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }
}
