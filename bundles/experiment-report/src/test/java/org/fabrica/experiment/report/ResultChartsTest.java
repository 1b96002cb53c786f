package org.fabrica.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.study.StudyChart;
import org.fabrica.plot.Series;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;

class ResultChartsTest {
    private static PointResult point(int index, String load, long seed, double accepted, double latency) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("pattern", "uniform");
        notes.put("scheme", "dor");
        notes.put("load", load);
        notes.put("seed", Long.toString(seed));
        notes.put("saturated", "false");
        return new PointResult(new SweepPoint("e", "p" + index, index), List.of(new Metric("offered", Double.parseDouble(load),
                "", ""), new Metric("accepted", accepted, "", ""), new Metric("latency.avg", latency, "", "")), notes, null, 1);
    }

    @Test
    void severalSeedsGiveErrorBarsAndTheThroughputChartItsIdentityLine() {
        List<PointResult> results = new ArrayList<>();
        results.add(point(0, "0.1", 1, 0.1, 20));
        results.add(point(1, "0.1", 2, 0.1, 24));
        List<ResultCharts.NamedChart> charts = ResultCharts.charts(results, List.of("uniform"), List.of("dor"), 2);
        Series latency = charts.get(0).chart().series().get(0);
        assertEquals(22, latency.y()[0], 1e-12);
        assertEquals(22 - 12.706 * 2, latency.low()[0], 1e-9);
        assertEquals(22 + 12.706 * 2, latency.high()[0], 1e-9);
        assertTrue(charts.get(1).chart().identityLine(), "accepted vs offered draws y = x");
        assertTrue(charts.get(0).chart().subtitle().contains("95% confidence interval"));
        List<ResultCharts.NamedChart> one = ResultCharts.charts(results.subList(0, 1), List.of("uniform"), List.of("dor"), 1);
        assertNull(one.get(0).chart().series().get(0).low(), "one seed: no error bars");
    }

    @Test
    void latenciesAreDrawnInTheUnitAsked() {
        List<PointResult> results = List.of(point(0, "0.1", 1, 0.1, 200), point(1, "0.1", 2, 0.1, 240));
        // 5.12 ns cycles (64-byte flits at 100 Gbps): 220 cycles are 1.1264 us
        StudyChart.LatencyUnit us = StudyChart.LatencyUnit.of("us", 5.12);
        List<ResultCharts.NamedChart> charts = ResultCharts.charts(results, List.of("uniform"), List.of("dor"), 2, us);
        Series latency = charts.get(0).chart().series().get(0);
        assertEquals(1.1264, latency.y()[0], 1e-12);
        assertEquals((220 - 12.706 * 20) * 0.00512, latency.low()[0], 1e-9, "the confidence interval scales too");
        assertEquals("average latency (us)", charts.get(0).chart().yLabel());
        assertEquals(0.1, latency.x()[0], 1e-12, "accepted traffic is not a time");
        assertEquals(220 * 5.12, ResultCharts.charts(results, List.of("uniform"), List.of("dor"), 2,
                StudyChart.LatencyUnit.of("ns", 5.12)).get(0).chart().series().get(0).y()[0], 1e-9);
        assertEquals("average latency (cycles)", ResultCharts.charts(results, List.of("uniform"), List.of("dor"), 2)
                .get(0).chart().yLabel());
        assertThrows(IllegalArgumentException.class, () -> StudyChart.LatencyUnit.of("ms", 5.12));
    }

    private static PointResult at(int index, String scheme, String load, double latency) {
        PointResult p = point(index, load, 1, Double.parseDouble(load), latency);
        Map<String, String> notes = new LinkedHashMap<>(p.notes());
        notes.put("scheme", scheme);
        return new PointResult(p.point(), p.metrics(), notes, null, 1);
    }

    @Test
    void latenciesSpanningMoreThanTwentyTimesGoOnALogAxis() {
        // the k = 48 OSHA/SASHA file: one point just past saturation still "ok" at 100 times the others' latency
        List<PointResult> results = List.of(at(0, "a", "0.1", 190), at(1, "a", "0.5", 400), at(2, "b", "0.1", 200),
                at(3, "b", "0.6", 20_000));
        ResultCharts.NamedChart latency = ResultCharts.charts(results, List.of("uniform"), List.of("a", "b"), 1).get(0);
        assertTrue(latency.chart().logY(), "190 to 20,000 cycles: log axis");
        assertTrue(latency.chart().subtitle().startsWith("average packet latency (generation to delivery), log scale"),
                latency.chart().subtitle());
        // twenty times is still linear: the usual curve up to saturation
        List<PointResult> usual = List.of(at(0, "a", "0.1", 190), at(1, "a", "0.5", 190 * 20), at(2, "b", "0.1", 200));
        ResultCharts.NamedChart linear = ResultCharts.charts(usual, List.of("uniform"), List.of("a", "b"), 1).get(0);
        assertEquals(false, linear.chart().logY());
        assertEquals("average packet latency (generation to delivery)", linear.chart().subtitle());
        assertEquals(false, ResultCharts.charts(usual, List.of("uniform"), List.of("a", "b"), 1).get(1).chart().logY(),
                "the throughput chart stays linear");
    }

    private static PointResult windowed(int index, String load, double accepted, double windowCycles) {
        PointResult p = point(index, load, 1, accepted, 20);
        List<Metric> metrics = new ArrayList<>(p.metrics());
        metrics.add(new Metric("window.cycles", windowCycles, "cycles", ""));
        return new PointResult(p.point(), metrics, p.notes(), null, 1);
    }

    @Test
    void theThroughputChartSaysWhichPointsASaturationCheckEnded() {
        List<PointResult> results = List.of(windowed(0, "0.1", 0.1, 700), windowed(1, "0.5", 0.3, 200),
                windowed(2, "0.8", 0.3, 200));
        assertEquals("flits delivered in the measurement window; 2 points ended at the saturation check (accepted"
                + " over the window's first 200 cycles)", throughputSubtitle(results, 700));
        // every point cut (all loads saturated): still counted against the experiment's window
        assertTrue(throughputSubtitle(results.subList(1, 3), 700).endsWith("; 2 points ended at the saturation check"
                + " (accepted over the window's first 200 cycles)"));
        assertEquals("flits delivered in the measurement window",
                throughputSubtitle(List.of(windowed(0, "0.1", 0.1, 700), windowed(1, "0.5", 0.3, 700)), 700));
        assertEquals("flits delivered in the measurement window",
                throughputSubtitle(List.of(point(0, "0.1", 1, 0.1, 20)), 700), "no check, no metric");
        assertEquals("flits delivered in the measurement window", throughputSubtitle(results, 0), "window unknown");
    }

    private static String throughputSubtitle(List<PointResult> results, long window) {
        return ResultCharts.charts(results, List.of("uniform"), List.of("dor"), 1, StudyChart.LatencyUnit.CYCLES, window).get(1)
                .chart().subtitle();
    }
}
