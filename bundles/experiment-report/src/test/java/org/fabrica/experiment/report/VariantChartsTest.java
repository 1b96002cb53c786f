package org.fabrica.experiment.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabrica.plot.Chart;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;

/**
 * The variant table and chart: a column's value is the mean over seeds of its highest load; the
 * last axis is the abscissa, the other axes make the curves; a wide numeric axis becomes bars; a
 * missing metric is a warning, not a chart.
 */
class VariantChartsTest {
    private static PointResult point(String column, double load, long seed, String metric, double value) {
        return new PointResult(new SweepPoint("x", column + "/" + load + "/" + seed, 0),
                List.of(new Metric(metric, value, "", "")),
                Map.of("pattern", "uniform", "scheme", column, "load", Double.toString(load), "seed", Long.toString(seed)),
                null, 1);
    }

    /** Two packet sizes x two buffer sizes; buffers {@code b1} and {@code b2} on the last axis. */
    private static VariantCharts.Grid grid(String b1, String b2, String metric) {
        List<VariantCharts.Column> cols = new ArrayList<>();
        for (int p = 0; p < 2; p++) {
            for (int b = 0; b < 2; b++) {
                cols.add(new VariantCharts.Column("p" + p + "b" + b, List.of(p, b), ""));
            }
        }
        return new VariantCharts.Grid(List.of("traffic.packetBytes", "hardware.dataVcBytes"),
                List.of(List.of("128", "1024"), List.of(b1, b2)), cols, metric);
    }

    private static List<PointResult> results() {
        List<PointResult> out = new ArrayList<>();
        double v = 0.5;
        for (String c : List.of("p0b0", "p0b1", "p1b0", "p1b1")) {
            out.add(point(c, 0.5, 1, "accepted", 0.1)); // a lower load: not drawn
            out.add(point(c, 1.0, 1, "accepted", v));
            out.add(point(c, 1.0, 2, "accepted", v + 0.1)); // a second seed: averaged
            v += 0.05;
        }
        return out;
    }

    @Test
    void aColumnIsTheMeanOverSeedsAtItsHighestLoad() {
        VariantCharts.Drawn d = VariantCharts.draw(grid("512", "1024", null), List.of("uniform"), results());
        assertTrue(d.warnings().isEmpty());
        Chart c = d.charts().get(0).chart();
        assertFalse(c.bars(), "512 and 1024: a numeric axis to scale");
        assertEquals(2, c.series().size(), "one curve per packet size");
        assertEquals("packetBytes=128", c.series().get(0).label());
        assertArrayEquals(new double[] {512, 1024}, c.series().get(0).x());
        assertArrayEquals(new double[] {0.55, 0.60}, c.series().get(0).y(), 1e-12);
        assertArrayEquals(new double[] {0.65, 0.70}, c.series().get(1).y(), 1e-12);
        assertTrue(d.csv().contains("uniform,128,512,,1.0,2,0.55,\r\n"), "the first of its curve: no gain\n" + d.csv());
        assertTrue(d.csv().matches("(?s).*uniform,1024,1024,,1\\.0,2,0\\.700*\\d*,1\\.07692307692307\\d*\r\n.*"),
                "0.70 / 0.65\n" + d.csv());
    }

    @Test
    void aListOfVariantsIsOneBarPerLabel() {
        List<VariantCharts.Column> cols = List.of(new VariantCharts.Column("1vc", List.of(0), ""),
                new VariantCharts.Column("2vc", List.of(1), ""));
        VariantCharts.Grid list = new VariantCharts.Grid(List.of("variant"), List.of(List.of("1vc", "2vc")), cols, null);
        List<PointResult> rs = List.of(point("1vc", 1.0, 1, "accepted", 0.5), point("2vc", 1.0, 1, "accepted", 0.6));
        VariantCharts.Drawn d = VariantCharts.draw(list, List.of("uniform"), rs);
        Chart c = d.charts().get(0).chart();
        assertTrue(c.bars());
        assertEquals(List.of("1vc", "2vc"), c.categories());
        assertEquals(1, c.series().size());
        assertTrue(d.csv().contains("uniform,2vc,,1.0,1,0.6,1.2"), d.csv());
    }

    @Test
    void valuesOverMoreThanTwoDecadesAreLinesOnALogarithmicOrdinate() {
        List<PointResult> rs = new ArrayList<>();
        rs.add(point("p0b0", 1.0, 1, "accepted", 1));
        rs.add(point("p0b1", 1.0, 1, "accepted", 2));
        rs.add(point("p1b0", 1.0, 1, "accepted", 5000));
        rs.add(point("p1b1", 1.0, 1, "accepted", 9000));
        Chart c = VariantCharts.draw(grid("64", "4096", null), List.of("uniform"), rs).charts().get(0).chart();
        assertFalse(c.bars(), "a logarithmic ordinate, which bars have not");
        assertTrue(c.logY());
    }

    @Test
    void aWideNumericAxisIsDrawnAsBarsAndAMissingMetricIsAWarning() {
        Chart c = VariantCharts.draw(grid("128", "16384", null), List.of("uniform"), results()).charts().get(0).chart();
        assertTrue(c.bars(), "a factor 128 without a logarithmic abscissa");
        assertEquals(List.of("128", "16384"), c.categories());
        VariantCharts.Drawn none = VariantCharts.draw(grid("1", "2", "latency.avg"), List.of("uniform"), results());
        assertTrue(none.charts().isEmpty());
        assertNull(none.csv());
        assertTrue(none.warnings().get(0).contains("no point has the metric 'latency.avg'"), none.warnings().get(0));
    }
}
