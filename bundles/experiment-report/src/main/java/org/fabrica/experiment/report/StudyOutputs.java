package org.fabrica.experiment.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fabrica.sweep.PointResult;

/**
 * What a study mode's results show besides the common files (points.csv, points.json, the
 * report's frame): its summary tables, its charts and derived files, the columns of the report's
 * table per pattern, and the text printed when the run ends. A mode picks one of the
 * implementations here ({@link LoadPointOutputs}, {@link SeriesOutputs}, {@link CircuitOutputs})
 * or writes its own; the results store holds no list of modes.
 */
public interface StudyOutputs {
    /**
     * What the mode adds to the results folder at the end of a run.
     *
     * @param charts charts drawn to plots/ and into the report, in order
     * @param summaryCsv the text of summary.csv, or null for none
     * @param files more files, path relative to the results folder -> text (e.g. series/ratios-*.csv)
     * @param warnings problems found (the run itself is not failed)
     * @param section the mode's own section of the report, in place of the per-pattern sections or
     *        before them ({@link ReportSection#inPlaceOfPatterns}); null for none
     */
    record Finished(List<ResultCharts.NamedChart> charts, String summaryCsv, Map<String, String> files,
            List<String> warnings, ReportSection section) {
    }

    /** A section of the report that a mode writes itself (its charts and tables). */
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

    /** How the series were measured, for chart subtitles ("" when the mode records none). */
    String seriesNote();

    /** The summary tables (terminal, summary.csv, report), patterns x schemes; empty for none. */
    List<ModeSummary.Table> tables(ExperimentFacts facts, List<PointResult> results);

    /** Charts, summary.csv and derived files from the finished points (and their files under {@code dir}). */
    Finished finish(Path dir, ExperimentFacts facts, List<PointResult> results, List<ModeSummary.Table> tables);

    /** The report's table of each pattern: its metric columns, in order. */
    List<ReportColumn> columns();

    /** The note under the report's summary tables, plain text (shown only when there are tables). */
    String tablesNote(ExperimentFacts facts);

    /** The summary printed when the run ends; {@code threads} is the number of points run at once. */
    String text(ExperimentFacts facts, List<PointResult> results, int threads);
}
