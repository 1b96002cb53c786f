package org.fabrica.experiment.report;

import java.nio.file.Path;
import java.util.List;
import org.fabrica.sweep.PointResult;

/**
 * The results of modes that record series per point (ramp, collective, m2n): summary tables of
 * point metrics with their ratios to the baseline scheme ({@link ModeSummary}, also summary.csv)
 * and charts built per pattern from the point files under series/ ({@link SeriesCharts}).
 *
 * @param seriesNote how the series were measured, for chart subtitles
 * @param tableSpecs the summary tables, in order
 * @param charts the charts of one pattern
 * @param columns the report's columns per pattern
 * @param tablesNote the note under the report's summary tables
 */
public record SeriesOutputs(String seriesNote, List<ModeSummary.TableSpec> tableSpecs,
        SeriesCharts.PatternCharts charts, List<ReportColumn> columns, String tablesNote) implements StudyOutputs {
    public SeriesOutputs {
        tableSpecs = List.copyOf(tableSpecs);
        columns = List.copyOf(columns);
    }

    @Override
    public List<ModeSummary.Table> tables(ExperimentFacts facts, List<PointResult> results) {
        return ModeSummary.tables(tableSpecs, facts.patterns(), facts.schemes(), facts.baseline(), results);
    }

    @Override
    public Finished finish(Path dir, ExperimentFacts facts, List<PointResult> results, List<ModeSummary.Table> tables) {
        SeriesCharts.Built built = SeriesCharts.build(dir, facts, results, charts);
        return new Finished(built.charts(), ModeSummary.csv(tables), built.files(), built.warnings(), null);
    }

    @Override
    public String tablesNote(ExperimentFacts facts) {
        return tablesNote;
    }

    @Override
    public String text(ExperimentFacts facts, List<PointResult> results, int threads) {
        return ModeSummary.text(tables(facts, results));
    }
}
