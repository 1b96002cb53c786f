package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabrica.plot.Chart;
import org.fabrica.plot.Series;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabrica compare A B --plot DIR}: two folders' load-latency curves on the same axes. */
class ComparisonChartsTest {
    private static final String HEADER = "pointId,index,pattern,scheme,load,seed,status,offered,accepted,latency.avg,"
            + "swaps,failure\r\n";
    /** Shared crossbar: 1vc saturates at 0.3; two seeds of bbq at 0.1. */
    private static final String SHARED = HEADER
            + "z/1vc/l0.1/s1,0,zipf,1vc,0.1,1,ok,0.1,0.1,200,,\r\n"
            + "z/1vc/l0.2/s1,1,zipf,1vc,0.2,1,ok,0.2,0.2,300,,\r\n"
            + "z/1vc/l0.3/s1,2,zipf,1vc,0.3,1,saturated,0.3,0.25,,,\r\n"
            + "z/bbq/l0.1/s1,3,zipf,bbq,0.1,1,ok,0.1,0.1,180,,\r\n"
            + "z/bbq/l0.1/s2,4,zipf,bbq,0.1,2,ok,0.1,0.1,190,,\r\n"
            + "z/bbq/l0.2/s1,5,zipf,bbq,0.2,1,failed,,,,,boom\r\n";
    /** VOQ: 1vc carries 0.3; no bbq. */
    private static final String VOQ = HEADER
            + "z/1vc/l0.1/s1,0,zipf,1vc,0.1,1,ok,0.1,0.1,190,,\r\n"
            + "z/1vc/l0.2/s1,1,zipf,1vc,0.2,1,ok,0.2,0.2,210,,\r\n"
            + "z/1vc/l0.3/s1,2,zipf,1vc,0.3,1,ok,0.3,0.3,250,,\r\n";

    @TempDir
    Path tmp;

    @Test
    void eachSchemeKeepsItsStyleWithTheFirstFolderSolidAndTheSecondDashed() {
        List<ComparisonCharts.Named> charts = ComparisonCharts.charts("shared", ComparisonCharts.rows("a", SHARED),
                "voq", ComparisonCharts.rows("b", VOQ));
        assertEquals(List.of("compare-latency-zipf", "compare-throughput-zipf"),
                charts.stream().map(ComparisonCharts.Named::stem).toList());
        Chart latency = charts.get(0).chart();
        assertEquals(List.of("1vc (shared)", "1vc (voq)", "bbq (shared)"),
                latency.series().stream().map(Series::label).toList());
        Series shared = latency.series().get(0);
        Series voq = latency.series().get(1);
        assertEquals(shared.style(), voq.style(), "one scheme, one colour");
        assertFalse(shared.dashed());
        assertTrue(voq.dashed());
        assertEquals(1, latency.series().get(2).style());
        // the saturated point has no latency curve point; its throughput point stays
        assertArrayEquals(new double[] {0.1, 0.2}, shared.x());
        assertArrayEquals(new double[] {200, 300}, shared.y());
        assertArrayEquals(new double[] {190, 210, 250}, voq.y());
        assertTrue(latency.subtitle().contains("1 saturated point not shown"), latency.subtitle());
        assertTrue(latency.subtitle().startsWith("shared solid, voq dashed"), latency.subtitle());
        assertFalse(latency.logY(), "300 / 180 is not a wide span");
        // two seeds averaged, the failed point left out
        assertArrayEquals(new double[] {185}, latency.series().get(2).y());
        Chart throughput = charts.get(1).chart();
        assertTrue(throughput.identityLine());
        assertArrayEquals(new double[] {0.1, 0.2, 0.25}, throughput.series().get(0).y());
        assertArrayEquals(new double[] {0.1, 0.2, 0.3}, throughput.series().get(0).x());
    }

    @Test
    void aCycleLengthDrawsLatencyInMicrosecondsAndABadOneIsRefused() {
        List<ComparisonCharts.Named> charts = ComparisonCharts.charts("shared", ComparisonCharts.rows("a", SHARED),
                "voq", ComparisonCharts.rows("b", VOQ), 5.12);
        Chart latency = charts.get(0).chart();
        assertArrayEquals(new double[] {200 * 0.00512, 300 * 0.00512}, latency.series().get(0).y(), 1e-12);
        assertEquals("average latency (us, 5.12 ns cycles)", latency.yLabel());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ComparisonCharts.charts("a",
                List.of(), "b", List.of(), -1));
        assertTrue(e.getMessage().contains("--cycle-ns -1.0"), e.getMessage());
    }

    @Test
    void aTableWithoutTheLoadLatencyColumnsIsRefusedNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ComparisonCharts.rows("m2n.csv",
                "pointId,index,pattern,scheme,load,seed,status,accepted\r\nx,0,p,s,0.1,1,ok,0.1\r\n"));
        assertTrue(e.getMessage().contains("m2n.csv: no column offered, latency.avg"), e.getMessage());
    }

    @Test
    void theCommandWritesTheChartsAndRefusesAWrongNumberOfNames() throws IOException {
        Path a = CliHarness.resultsFolder(tmp.resolve("shared"), SHARED);
        Path b = CliHarness.resultsFolder(tmp.resolve("voq"), VOQ);
        Path plots = tmp.resolve("plots");
        CliHarness cli = new CliHarness();
        assertEquals(0, cli.run("compare", a.toString(), b.toString(), "--plot", plots.toString()));
        for (String f : List.of("compare-latency-zipf.svg", "compare-latency-zipf.png", "compare-throughput-zipf.svg",
                "compare-throughput-zipf.png")) {
            assertTrue(Files.size(plots.resolve(f)) > 0, f);
        }
        String svg = Files.readString(plots.resolve("compare-latency-zipf.svg"));
        assertTrue(svg.contains("1vc (voq)") && svg.contains("stroke-dasharray=\"7 5\""), svg);
        assertTrue(cli.out().contains("plot: " + plots.resolve("compare-latency-zipf.svg")), cli.out());

        assertEquals(0, cli.run("compare", a.toString(), b.toString(), "--plot", plots.toString(), "--names",
                "crossbar,VOQ"));
        assertTrue(Files.readString(plots.resolve("compare-latency-zipf.svg")).contains("1vc (VOQ)"));
        assertEquals(2, cli.run("compare", a.toString(), b.toString(), "--plot", plots.toString(), "--names", "one"));
        assertTrue(cli.err().contains("--names takes two names"), cli.err());
        // two folders of one name (runs/x and other/x) keep their legends apart
        Path sameName = CliHarness.resultsFolder(tmp.resolve("other").resolve("shared"), VOQ);
        assertEquals(0, cli.run("compare", a.toString(), sameName.toString(), "--plot", plots.toString()));
        String both = Files.readString(plots.resolve("compare-latency-zipf.svg"));
        assertTrue(both.contains("1vc (A shared)") && both.contains("1vc (B shared)"), both);
    }
}
