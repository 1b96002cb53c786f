package org.fabrica.experiment.study;

import java.util.List;
import java.util.Objects;

/**
 * What the results of a run show besides the common files (points.csv, points.json, the report's
 * frame), described as data: the summary (its tables, summary.csv and the text printed when the
 * run ends), the charts by kind, the columns of the report's table of each pattern and the note
 * under series charts. A mode returns it from {@link StudyMode#outputs}; the report bundle draws it,
 * kind by kind, so a mode says what its results show and imports no drawing code. Since 3.0.
 *
 * @param summary the summary tables, summary.csv and the end-of-run text
 * @param charts the charts, drawn in order, each kind over every pattern of the experiment
 * @param columns the report's table of each pattern: its metric columns, in order
 * @param seriesNote how the series were measured, for chart subtitles ("" when the mode records none)
 */
public record StudyOutputs(StudySummary summary, List<StudyChart> charts, List<Column> columns, String seriesNote) {
    /** The columns of load points (steady mode; also those of modes without their own). */
    public static final List<Column> LOAD_POINT_COLUMNS = List.of(
            new Column("offered", "offered"), new Column("accepted", "accepted"),
            new Column("latency.avg", "latency avg"), new Column("latency.p50", "p50"),
            new Column("latency.p99", "p99"), new Column("latency.max", "max"),
            new Column("latency.network.avg", "network latency"), new Column("hops.avg", "hops"),
            new Column("packets.measured", "packets"), new Column("sim.cycles", "cycles"),
            new Column("sim.wallSeconds", "wall s"));

    public StudyOutputs {
        Objects.requireNonNull(summary, "summary");
        charts = List.copyOf(charts);
        columns = List.copyOf(columns);
        Objects.requireNonNull(seriesNote, "seriesNote");
    }

    /**
     * A column of the report's table of a pattern: a point metric and its heading.
     *
     * @param metric the metric's name, e.g. {@code latency.avg}
     * @param heading the column heading, e.g. {@code latency avg}
     */
    public record Column(String metric, String heading) {
        public Column {
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(heading, "heading");
        }
    }
}
