package org.fabrica.experiment.runner.results;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabrica.sweep.PointResult;

/**
 * The results of load points (steady mode): latency and throughput against offered load per
 * pattern ({@link ResultCharts}); when a scheme's routes came from a scheduler, the routes
 * summary as summary.csv, its charts and its end-of-run text ({@link RoutesSummary}).
 */
public final class LoadPointOutputs implements StudyOutputs {
    @Override
    public String seriesNote() {
        return "";
    }

    @Override
    public List<ModeSummary.Table> tables(ExperimentFacts facts, List<PointResult> results) {
        return List.of();
    }

    @Override
    public Finished finish(Path dir, ExperimentFacts facts, List<PointResult> results, List<ModeSummary.Table> tables) {
        List<ResultCharts.NamedChart> charts = ResultCharts.charts(results, facts.patterns(), facts.schemes(),
                facts.seeds());
        String summary = null;
        if (RoutesSummary.applies(results)) { // a scheme's routes came from a scheduler
            List<RoutesSummary.Row> rows = RoutesSummary.rows(facts.patterns(), facts.schemes(), results);
            summary = RoutesSummary.csv(rows);
            charts = new ArrayList<>(charts);
            charts.addAll(RoutesSummary.charts(facts.patterns(), facts.schemes(), rows));
        }
        return new Finished(charts, summary, Map.of(), List.of(), null);
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
        if (RoutesSummary.applies(results)) {
            return RoutesSummary.text(RoutesSummary.rows(facts.patterns(), facts.schemes(), results));
        }
        return ModeSummary.text(List.of());
    }
}
