package org.fabrica.experiment.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.study.StudyChart;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudySummary;
import org.fabrica.plot.Series;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A mode's outputs described as data (the study API) and drawn here, by summary and chart kind. */
class OutputsDrawingTest {
    @TempDir
    Path dir;

    private static PointResult point(int index, String pattern, String scheme, long seed, String failure,
            Map<String, Double> metrics) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("pattern", pattern);
        notes.put("scheme", scheme);
        notes.put("seed", Long.toString(seed));
        List<Metric> m = new ArrayList<>();
        metrics.forEach((k, v) -> m.add(new Metric(k, v, "", "")));
        return new PointResult(new SweepPoint("e", "p" + index, index), m, notes, failure, 1);
    }

    private static ExperimentFacts facts(List<String> patterns, StudyOutputs outputs) {
        return new ExperimentFacts("e", "", "id", "0", "", patterns, List.of("a", "b"), 2, "", List.of(), "burst", "a",
                outputs.seriesNote(), "", outputs);
    }

    private static final StudyChart.MetricBars BARS = new StudyChart.MetricBars("burst", "burst completion",
            "mean over the seeds that completed", "cycles",
            List.of(new StudyChart.Bar("completion", "completion"), new StudyChart.Bar("bound", "link bound")));

    @Test
    void metricBarsGroupTheMeanOfEveryMetricBySchemeAndLeaveOutFailedAndUndefinedPoints() {
        List<PointResult> results = List.of(
                point(0, "uniform", "a", 1, null, Map.of("completion", 100.0, "bound", 50.0)),
                point(1, "uniform", "a", 2, null, Map.of("completion", 120.0, "bound", 50.0)),
                point(2, "uniform", "a", 3, "deadlock", Map.of("completion", 1e9, "bound", 50.0)),
                point(3, "uniform", "b", 1, null, Map.of("completion", Double.NaN, "bound", 40.0)),
                point(4, "uniform", "b", 2, null, Map.of("completion", 80.0, "bound", 40.0)));
        StudyOutputs outputs = new StudyOutputs(new StudySummary.Tables(List.of(), ""), List.of(BARS),
                StudyOutputs.LOAD_POINT_COLUMNS, "");
        OutputsDrawing.Finished done = OutputsDrawing.finish(dir, facts(List.of("uniform"), outputs), results,
                List.of());
        assertEquals(1, done.charts().size());
        ResultCharts.NamedChart c = done.charts().get(0);
        assertEquals("burst-uniform", c.stem());
        assertEquals("uniform: burst completion", c.chart().title());
        assertEquals("cycles", c.chart().yLabel());
        List<Series> series = c.chart().series();
        assertEquals("completion", series.get(0).label());
        assertArrayEquals(new double[] {110, 80}, series.get(0).y(), 1e-12);
        assertEquals("link bound", series.get(1).label());
        assertArrayEquals(new double[] {50, 40}, series.get(1).y(), 1e-12);
        assertNull(done.section(), "tables have no section of their own");
    }

    @Test
    void everyChartKindIsDrawnInOrderOverEveryPattern() {
        StudyChart.MetricBars other = new StudyChart.MetricBars("bound", "bound", "", "cycles",
                List.of(new StudyChart.Bar("bound", "link bound")));
        StudyOutputs outputs = new StudyOutputs(new StudySummary.Tables(List.of(), ""), List.of(BARS, other),
                List.of(), "");
        List<PointResult> results = List.of(point(0, "uniform", "a", 1, null, Map.of("completion", 1.0, "bound", 1.0)),
                point(1, "shift", "a", 1, null, Map.of("completion", 1.0, "bound", 1.0)));
        List<String> stems = new ArrayList<>();
        for (ResultCharts.NamedChart c : OutputsDrawing.finish(dir, facts(List.of("uniform", "shift"), outputs),
                results, List.of()).charts()) {
            stems.add(c.stem());
        }
        assertEquals(List.of("burst-uniform", "burst-shift", "bound-uniform", "bound-shift"), stems);
    }

    @Test
    void summaryTablesGiveSummaryCsvTheReportNoteAndTheEndOfRunText() {
        StudyOutputs outputs = new StudyOutputs(new StudySummary.Tables(List.of(
                new StudySummary.Table("Burst completion", "completion", "cycles")), "; more in series/"), List.of(),
                StudyOutputs.LOAD_POINT_COLUMNS, "");
        ExperimentFacts facts = facts(List.of("uniform"), outputs);
        List<PointResult> results = List.of(point(0, "uniform", "a", 1, null, Map.of("completion", 100.0)),
                point(1, "uniform", "b", 1, null, Map.of("completion", 150.0)));
        List<ModeSummary.Table> tables = OutputsDrawing.tables(facts, results);
        assertEquals(1, tables.size());
        assertEquals(1.5, tables.get(0).ratio(0, 1), 1e-12, "b over the baseline a");
        String csv = OutputsDrawing.finish(dir, facts, results, tables).summaryCsv();
        assertTrue(csv.startsWith("pattern,scheme,points,completion,completion.ci95,completion.ratio"), csv);
        assertEquals("; more in series/", OutputsDrawing.tablesNote(outputs));
        String text = OutputsDrawing.text(facts, results, 1);
        assertTrue(text.startsWith("Burst completion (cycles; mean over seeds; in parentheses: ratio to a)"), text);
        assertEquals(text, ModeSummary.text(tables));
    }

    @Test
    void circuitsStandInPlaceOfThePatternsAndWarnOfTimesTakenSideBySide() {
        StudyOutputs outputs = new StudyOutputs(new StudySummary.Circuits(), List.of(), StudyOutputs.LOAD_POINT_COLUMNS,
                "4 random permutations per point");
        ExperimentFacts facts = facts(List.of("tree"), outputs);
        List<PointResult> results = List.of(point(0, "tree", "a", 1, null, Map.of("ratio.mean", 0.5, "ratio.min", 0.25,
                "ratio.max", 0.75, "time.perRequest", 100.0, "requests", 16.0, "permutations", 4.0)));
        OutputsDrawing.Finished done = OutputsDrawing.finish(dir, facts, results, List.of());
        assertTrue(done.section().inPlaceOfPatterns());
        assertEquals("schedulability", done.charts().get(0).stem());
        assertEquals("4 random permutations per point", done.charts().get(0).chart().subtitle());
        assertTrue(OutputsDrawing.text(facts, results, 2).contains("run with --threads 1"));
        assertTrue(!OutputsDrawing.text(facts, results, 1).contains("--threads 1"));
        assertEquals("", OutputsDrawing.tablesNote(outputs));
    }
}
