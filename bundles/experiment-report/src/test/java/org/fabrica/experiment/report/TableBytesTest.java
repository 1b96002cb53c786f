package org.fabrica.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.results.ResultsStore;
import org.fabrica.experiment.results.SeriesTable;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins the exact bytes of every results table of this module (line ends, number format,
 * quoting), so that a change of how tables are written cannot move an output unnoticed. The
 * values are chosen to hit every branch of the number format: NaN, infinity, integral, negative
 * zero, large, small and fractional values, and text that needs quoting.
 */
class TableBytesTest {
    @TempDir
    Path tmp;

    private static final double NAN = Double.NaN;

    @Test
    void pointsCsv() throws IOException {
        Path dir = tmp.resolve("r");
        try (ResultsStore s = ResultsStore.open(dir, "e1", false)) {
            Map<String, String> notes = new LinkedHashMap<>();
            notes.put("pattern", "hot,spot");
            notes.put("scheme", "say \"hi\"");
            notes.put("load", "0.1");
            notes.put("seed", "1");
            notes.put("status", "ok");
            notes.put("swaps", "1\n2");
            s.append(new PointResult(new SweepPoint("e1", "p/1", 1), List.of(m("a", 1e15), m("b", -0.0),
                    m("c", 1.5e-7), m("d", Double.POSITIVE_INFINITY), m("e", 123456.0)), notes, null, 5));
            s.append(new PointResult(new SweepPoint("e1", "p/0", 0), List.of(m("a", 2.5), m("z", -3)),
                    Map.of("status", "failed"), "cr\rhere", 5));
        }
        assertEquals("pointId,index,pattern,scheme,load,seed,status,a,z,b,c,d,e,swaps,failure\r\n"
                + "p/0,0,,,,,failed,2.5,-3,,,,,,\"cr\rhere\"\r\n"
                + "p/1,1,\"hot,spot\",\"say \"\"hi\"\"\",0.1,1,ok,1.0E15,,0,1.5E-7,,123456,\"1\n2\",\r\n",
                Files.readString(dir.resolve(ResultsStore.CSV)));
    }

    @Test
    void modeSummaryCsv() {
        ModeSummary.Table t = new ModeSummary.Table("T", "m.x", "u", List.of("p1", "p2"), List.of("base", "s2"), "base",
                new double[][] {{10, 25.125}, {NAN, 3}}, new double[][] {{0.5, NAN}, {NAN, NAN}},
                new int[][] {{2, 2}, {0, 1}}, new int[][] {{2, 1}, {0, 1}}, new double[][] {{NAN, 15.5}, {NAN, NAN}},
                new double[][] {{NAN, NAN}, {NAN, NAN}}, new int[][] {{0, 1}, {0, 0}});
        assertEquals("", ModeSummary.csv(List.of()));
        assertEquals("pattern,scheme,points,m.x,m.x.ci95,m.x.ratio,m.x.defined,m.x.diff,m.x.diff.ci95,m.x.pairs,"
                + "m.x,m.x.ci95,m.x.ratio,m.x.defined,m.x.diff,m.x.diff.ci95,m.x.pairs\r\n"
                + "p1,base,2,10,0.5,1,2,,,0,10,0.5,1,2,,,0\r\n"
                + "p1,s2,2,25.125,,2.5125,1,15.5,,1,25.125,,2.5125,1,15.5,,1\r\n"
                + "p2,base,0,,,,0,,,0,,,,0,,,0\r\n"
                + "p2,s2,1,3,,,1,,,0,3,,,1,,,0\r\n", ModeSummary.csv(List.of(t, t)));
    }

    @Test
    void steadySummaryCsv() {
        SteadySummary.Row r = new SteadySummary.Row("uni", "lw", 0.25, 3, 0.2500001, 1e-7, 0.2, 0.01, 0.1, 33.3, 2.5, 80,
                1, NAN, NAN, NAN, NAN, NAN, NAN, SteadySummary.Paired.NONE);
        SteadySummary.Row q = new SteadySummary.Row("uni", "lw", 1e-3, 1, 1, NAN, 2, NAN, 3, 4, NAN, 5, 0, 1.5, NAN, 1, 2,
                12, NAN, SteadySummary.Paired.NONE);
        assertEquals("pattern,scheme,load,seeds,offered,offered.ci95,accepted.mean,accepted.ci95,accepted.min,"
                + "latency.avg.mean,latency.avg.ci95,latency.max,saturatedSeeds,fallbackFlows.mean,fallbackFlows.ci95,"
                + "fallbackFlows.min,fallbackFlows.max,flows.mean,flows.ci95\n"
                + "uni,lw,0.25,3,0.2500001,1.0E-7,0.2,0.01,0.1,33.3,2.5,80,1,,,,,,\n"
                + "uni,lw,0.001,1,1,,2,,3,4,,5,0,1.5,,1,2,12,\n", SteadySummary.csv(List.of(r, q)));
        // a sweep without routes from a scheduler: no fallback-flow columns
        assertEquals("pattern,scheme,load,seeds,offered,offered.ci95,accepted.mean,accepted.ci95,accepted.min,"
                + "latency.avg.mean,latency.avg.ci95,latency.max,saturatedSeeds\n"
                + "uni,lw,0.25,3,0.2500001,1.0E-7,0.2,0.01,0.1,33.3,2.5,80,1\n", SteadySummary.csv(List.of(r)));
    }

    @Test
    void schedulabilitySummaryCsv() {
        SchedulabilitySummary s = new SchedulabilitySummary(List.of("t1", "t2"), List.of("lw", "loc"),
                new double[][] {{0.9, 0.8}, {NAN, 0.5}}, new double[][] {{0.05, 0.25}, {NAN, NAN}},
                new double[][] {{0.85, 0.7}, {NAN, 0.5}},
                new double[][] {{1, 0.9}, {NAN, 0.5}}, new double[][] {{1200, 830.5}, {NAN, 10}},
                new double[][][] {{{1, 2, 3, 4}, {5, 6, 7, 8.5}}, {{NAN, NAN, NAN, NAN}, {1, 1, 1, 1}}}, false,
                new long[] {16, 0}, new int[][] {{2, 2}, {0, 1}});
        assertEquals("topology,scheduler,points,ratio.mean,ratio.mean.ci95,ratio.min,ratio.max,time.perRequest,"
                + "improvement.points,improvement.relative,improvement.over,time.perRequest.q1,time.perRequest.q3,"
                + "time.perRequest.min,time.perRequest.max,time.clock,nodes\r\n"
                + "t1,lw,2,0.9,0.05,0.85,1,1200,9.999999999999998,0.125,loc,1,2,3,4,wall,16\r\n"
                + "t1,loc,2,0.8,0.25,0.7,0.9,830.5,9.999999999999998,0.125,loc,5,6,7,8.5,wall,16\r\n"
                + "t2,lw,0,,,,,,,,loc,,,,,wall,0\r\n"
                + "t2,loc,1,0.5,,0.5,0.5,10,,,loc,1,1,1,1,wall,0\r\n", SchedulabilitySummary.csv(s));
    }

    @Test
    void seriesTableCsv() {
        SeriesTable t = new SeriesTable(List.of("x", "y.ratio"), List.of(new double[] {0, 1, 2},
                new double[] {NAN, Double.NEGATIVE_INFINITY, 0.1 + 0.2}));
        assertEquals("x,y.ratio\r\n0,\r\n1,\r\n2,0.30000000000000004\r\n", t.csv());
    }

    private static Metric m(String name, double v) {
        return new Metric(name, v, "u", "d");
    }
}
