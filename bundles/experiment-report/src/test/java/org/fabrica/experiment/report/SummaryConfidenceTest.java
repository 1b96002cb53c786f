package org.fabrica.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.plot.Series;
import org.fabrica.stats.CsvWriter;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;

/** The .ci95 columns of summary.csv: computed over the seeds of a cell, as the charts' error bars are. */
class SummaryConfidenceTest {
    private static PointResult point(int index, String pattern, String load, long seed, Map<String, Double> metrics) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("pattern", pattern);
        notes.put("scheme", "dor");
        notes.put("load", load);
        notes.put("seed", Long.toString(seed));
        notes.put("saturated", "false");
        List<Metric> m = new ArrayList<>();
        metrics.forEach((k, v) -> m.add(new Metric(k, v, "", "")));
        return new PointResult(new SweepPoint("e", "p" + index, index), m, notes, null, 1);
    }

    @Test
    void aModeTableGivesTheIntervalOverTheSeedsWhereTheMetricIsDefined() {
        List<PointResult> results = List.of(
                point(0, "uniform", "0", 1, Map.of("collective.duration", 100.0)),
                point(1, "uniform", "0", 2, Map.of("collective.duration", 104.0)),
                point(2, "uniform", "0", 3, Map.of("collective.duration", Double.NaN)), // undefined for this seed
                point(3, "bitrev", "0", 1, Map.of("collective.duration", 300.0)));
        ModeSummary.Table t = ModeSummary.table("T", "collective.duration", "cycles", List.of("uniform", "bitrev"),
                List.of("dor"), "dor", results);
        assertEquals(102, t.mean()[0][0], 0);
        // 100 and 104: standard error 2, t(1 df) = 12.706; the undefined seed is not a value
        assertEquals(12.706 * 2, t.ci95()[0][0], 1e-9);
        assertEquals(2, t.defined()[0][0]);
        assertEquals(3, t.points()[0][0]);
        assertTrue(Double.isNaN(t.ci95()[1][0]), "one seed: no interval");
        String csv = ModeSummary.csv(List.of(t));
        assertTrue(csv.contains("uniform,dor,3,102,25.412,1,2,,,0\r\n"), csv);
        assertTrue(csv.contains("bitrev,dor,1,300,,1,1,,,0\r\n"), csv);
    }

    private static PointResult scheme(int index, String scheme, long seed, double duration) {
        PointResult r = point(index, "tornado", "0", seed, Map.of("collective.duration", duration));
        r.notes().put("scheme", scheme);
        return r;
    }

    @Test
    void aModeTableGivesTheDifferenceToTheBaselineSeedBySeed() {
        List<PointResult> results = List.of(
                scheme(0, "no-th", 1, 100), scheme(1, "no-th", 2, 110), scheme(2, "no-th", 3, 120),
                scheme(3, "no-th", 4, 130),
                scheme(4, "th8", 1, 90), scheme(5, "th8", 2, 105), scheme(6, "th8", 3, 111),
                scheme(7, "th8", 4, Double.NaN)); // undefined for seed 4: no pair
        ModeSummary.Table t = ModeSummary.table("Duration", "collective.duration", "cycles", List.of("tornado"),
                List.of("no-th", "th8"), "no-th", results);
        // differences -10, -5, -9: mean -8, standard deviation sqrt(7), t(2 df) = 4.303
        assertEquals(-8, t.diff()[0][1], 1e-12);
        assertEquals(4.303 * Math.sqrt(7.0 / 3), t.diffCi95()[0][1], 1e-9);
        assertEquals(3, t.pairs()[0][1]);
        assertTrue(Double.isNaN(t.diff()[0][0]) && t.pairs()[0][0] == 0, "the baseline has no difference");
        // the means are over each scheme's own seeds: 115 and 102, so the ratio is not the paired difference
        assertEquals(115, t.mean()[0][0], 1e-12);
        assertEquals(102, t.mean()[0][1], 1e-12);
        String text = ModeSummary.text(List.of(t));
        assertTrue(text.contains("Duration minus no-th, seed by seed (cycles; mean ± half-width of its 95% confidence"
                + " interval (pairs))"), text);
        assertTrue(text.contains("tornado  -8.000 ± 6.573 (3)"), text);
        assertTrue(ModeSummary.csv(List.of(t)).contains("tornado,th8,4,102,"), ModeSummary.csv(List.of(t)));

        // points without a seed note all count in their cell's mean, and make no pairs
        List<PointResult> unseeded = List.of(scheme(0, "no-th", 1, 100), scheme(1, "no-th", 2, 120),
                scheme(2, "th8", 1, 90), scheme(3, "th8", 2, 100));
        unseeded.forEach(r -> r.notes().remove("seed"));
        ModeSummary.Table u = ModeSummary.table("Duration", "collective.duration", "cycles", List.of("tornado"),
                List.of("no-th", "th8"), "no-th", unseeded);
        assertEquals(110, u.mean()[0][0], 1e-12);
        assertEquals(2, u.defined()[0][1]);
        assertEquals(0, u.pairs()[0][1]);
        assertTrue(Double.isNaN(u.diff()[0][1]));
    }

    private static PointResult steady(int index, String scheme, String load, long seed, double accepted,
            double latency) {
        PointResult r = point(index, "uniform", load, seed, Map.of("offered", Double.parseDouble(load),
                "accepted", accepted, "latency.avg", latency));
        r.notes().put("scheme", scheme);
        return r;
    }

    @Test
    void aLoadSweepGivesEachSchemesDifferenceToTheFirstSeedBySeed() {
        List<PointResult> results = List.of(
                steady(0, "osha", "0.5", 1, 0.50, 100), steady(1, "osha", "0.5", 2, 0.49, 110),
                steady(2, "osha", "0.5", 3, 0.48, 120), steady(3, "osha", "0.6", 1, 0.55, 300),
                steady(4, "sasha", "0.5", 1, 0.51, 90), steady(5, "sasha", "0.5", 2, 0.50, 105),
                steady(6, "sasha", "0.5", 3, 0.50, 111),
                steady(7, "sasha", "0.6", 1, 0.57, Double.NaN), // saturated at the check: no latency to pair
                steady(8, "sasha", "0.6", 2, 0.58, 400)); // the reference has no seed 2 at 0.6
        List<SteadySummary.Row> rows = SteadySummary.rows(List.of("uniform"), List.of("osha", "sasha"), results);
        assertEquals(4, rows.size());
        assertEquals(0, rows.get(0).paired().latencyPairs(), "the reference has no difference");
        SteadySummary.Paired d = rows.get(2).paired(); // sasha at 0.5
        // latency differences -10, -5, -9: mean -8, standard deviation sqrt(7), t(2 df) = 4.303
        assertEquals(-8, d.latencyDiff(), 1e-12);
        assertEquals(4.303 * Math.sqrt(7.0 / 3), d.latencyDiffCi(), 1e-9);
        assertEquals(3, d.latencyPairs());
        // accepted differences 0.01, 0.01, 0.02
        assertEquals(0.04 / 3, d.acceptedDiff(), 1e-12);
        assertEquals(3, d.acceptedPairs());
        SteadySummary.Paired sat = rows.get(3).paired(); // sasha at 0.6: seed 1 pairs on accepted only
        assertEquals(1, sat.acceptedPairs());
        assertEquals(0.02, sat.acceptedDiff(), 1e-12);
        assertEquals(0, sat.latencyPairs());
        assertTrue(Double.isNaN(sat.latencyDiff()));

        String csv = SteadySummary.csv(rows);
        assertTrue(csv.startsWith("pattern,scheme,load,seeds,offered,offered.ci95,accepted.mean,accepted.ci95,"
                + "accepted.min,latency.avg.mean,latency.avg.ci95,latency.max,saturatedSeeds,accepted.diff,"
                + "accepted.diff.ci95,accepted.pairs,latency.avg.diff,latency.avg.diff.ci95,latency.avg.pairs\n"), csv);
        assertTrue(csv.contains("\nuniform,sasha,0.5,3,"), csv);
        assertTrue(csv.contains(",-8," + CsvWriter.number(4.303 * Math.sqrt(7.0 / 3)) + ",3\n"), csv);
        String text = SteadySummary.pairedText("osha", rows);
        assertTrue(text.startsWith("Minus osha, seed by seed"), text);
        assertTrue(text.contains("uniform  sasha   0.5   +0.0133 ± 0.0143 (3)  -8.0 ± 6.6 (3)"), text);
        assertTrue(text.contains("0.6   +0.0200 (1)"), text);
        // the same table in the report, before the per-pattern sections (not in their place)
        OutputsDrawing.ReportSection section = SteadySummary.pairedSection("osha", rows);
        assertFalse(section.inPlaceOfPatterns());
        StringBuilder html = new StringBuilder();
        section.html(html, List.of(), java.util.Map.of());
        assertTrue(html.toString().contains("<h2>Paired differences</h2>"), html.toString());
        assertTrue(html.toString().contains("<tr><td>uniform</td><td>sasha</td><td>0.5</td>"
                + "<td>+0.0133 \u00b1 0.0143 (3)</td><td>-8.0 \u00b1 6.6 (3)</td></tr>"), html.toString());

        // one seed each: the differences add nothing to the means, and the table keeps its columns
        List<SteadySummary.Row> single = SteadySummary.rows(List.of("uniform"), List.of("osha", "sasha"),
                List.of(results.get(0), results.get(4)));
        assertEquals(1, single.get(1).paired().latencyPairs());
        assertTrue(!SteadySummary.csv(single).contains("diff"), SteadySummary.csv(single));
        assertEquals("", SteadySummary.pairedText("osha", single));
        assertNull(SteadySummary.pairedSection("osha", single), "no section without pairs");

        // another reference (the experiment's baseline): the same pairs, the other way round
        List<SteadySummary.Row> bySasha = SteadySummary.rows(List.of("uniform"), List.of("osha", "sasha"), "sasha",
                results);
        assertEquals(0, bySasha.get(2).paired().latencyPairs(), "the reference has no difference");
        assertEquals(8, bySasha.get(0).paired().latencyDiff(), 1e-12); // osha at 0.5
        assertEquals(d.latencyDiffCi(), bySasha.get(0).paired().latencyDiffCi(), 1e-12);
        String other = SteadySummary.pairedText("sasha", bySasha);
        assertTrue(other.startsWith("Minus sasha, seed by seed"), other);
        assertTrue(other.contains("uniform  osha    0.5   -0.0133 ± 0.0143 (3)  +8.0 ± 6.6 (3)"), other);
    }

    @Test
    void aLoadSweepSummaryAgreesWithTheChartsErrorBars() {
        List<PointResult> results = List.of(
                point(0, "uniform", "0.1", 1, Map.of("offered", 0.1, "accepted", 0.09, "latency.avg", 20.0,
                        "latency.max", 50.0)),
                point(1, "uniform", "0.1", 2, Map.of("offered", 0.1, "accepted", 0.11, "latency.avg", 26.0,
                        "latency.max", 70.0)),
                point(2, "uniform", "0.1", 3, Map.of("offered", 0.1, "accepted", 0.10, "latency.avg", 23.0,
                        "latency.max", 60.0)),
                point(3, "uniform", "0.2", 1, Map.of("offered", 0.2, "accepted", 0.2, "latency.avg", 30.0,
                        "latency.max", 90.0)));
        List<SteadySummary.Row> rows = SteadySummary.rows(List.of("uniform"), List.of("dor"), results);
        assertEquals(2, rows.size());
        SteadySummary.Row r = rows.get(0);
        assertEquals(3, r.seeds());
        assertEquals(23, r.latencyMean(), 1e-12);
        // 20, 26, 23: standard deviation 3, standard error sqrt(3), t(2 df) = 4.303
        assertEquals(4.303 * Math.sqrt(3), r.latencyCi(), 1e-9);
        assertEquals(4.303 * 0.01 / Math.sqrt(3), r.acceptedCi(), 1e-9);
        assertEquals(0, r.offeredCi(), 1e-15);
        assertEquals(70, r.latencyMax(), 0);
        assertTrue(Double.isNaN(rows.get(1).latencyCi()), "one seed: no interval");
        assertTrue(Double.isNaN(r.fallbackCi()), "no planned routes: no fallback flows");
        Series latency = ResultCharts.charts(results, List.of("uniform"), List.of("dor"), 3).get(0).chart().series()
                .get(0);
        assertEquals(r.latencyMean() + r.latencyCi(), latency.high()[0], 1e-12);
        assertEquals(r.latencyMean() - r.latencyCi(), latency.low()[0], 1e-12);
        String csv = SteadySummary.csv(rows);
        assertTrue(csv.startsWith("pattern,scheme,load,seeds,offered,offered.ci95,accepted.mean,accepted.ci95,"), csv);
        assertTrue(csv.contains("\nuniform,dor,0.2,1,0.2,,0.2,,0.2,30,,90,0\n"), csv);
    }
}
