package org.fabrica.experiment.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fabrica.sweep.PointResult;

/**
 * The results of circuit schedulers on random permutations (schedulability mode,
 * docs/studies/levelwise.md): the schedulability ratios and times per request per topology and
 * scheduler ({@link SchedulabilitySummary}: summary.csv, charts, the report's own section, the
 * end-of-run text).
 *
 * @param seriesNote how the points were measured, for chart subtitles
 */
public record CircuitOutputs(String seriesNote) implements StudyOutputs {
    @Override
    public List<ModeSummary.Table> tables(ExperimentFacts facts, List<PointResult> results) {
        return List.of();
    }

    @Override
    public Finished finish(Path dir, ExperimentFacts facts, List<PointResult> results, List<ModeSummary.Table> tables) {
        SchedulabilitySummary circuits = SchedulabilitySummary.of(facts.patterns(), facts.schemes(), results);
        return new Finished(circuits.charts(facts.seriesNote()), SchedulabilitySummary.csv(circuits), Map.of(), List.of(),
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

    @Override
    public List<ReportColumn> columns() {
        return ReportColumn.LOAD_POINTS;
    }

    @Override
    public String tablesNote(ExperimentFacts facts) {
        return "";
    }

    @Override
    public String text(ExperimentFacts facts, List<PointResult> results, int threads) {
        String text = SchedulabilitySummary.text(SchedulabilitySummary.of(facts.patterns(), facts.schemes(), results));
        // points timed side by side had steady 2x-5x outliers on a 2-core machine
        // (docs/studies/levelwise.md, "Scheduling time per request")
        return threads > 1 && !text.isEmpty() ? text + "The points ran on " + threads + " threads at once: for times "
                + "per request that can be compared, run with --threads 1, more than once.\n" : text;
    }
}
