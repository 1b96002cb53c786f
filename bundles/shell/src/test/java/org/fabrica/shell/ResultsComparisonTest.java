package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.fabrica.experiment.ExperimentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsComparisonTest {
    private static final String A = "pointId,index,pattern,scheme,load,seed,status,accepted,latency.avg,swaps,failure\r\n"
            + "u/l0.1,0,u,d,0.1,1,ok,0.1,20,,\r\n"
            + "u/l0.2,1,u,d,0.2,1,ok,0.2,30,,\r\n"
            + "u/l0.3,2,u,d,0.3,1,failed,,,,\"boom, badly\"\r\n";
    private static final String B = "pointId,index,pattern,scheme,load,seed,status,accepted,latency.avg,swaps,failure\r\n"
            + "u/l0.1,0,u,d,0.1,1,ok,0.1,22,,\r\n"
            + "u/l0.2,1,u,d,0.2,1,ok,0.2,33,,\r\n"
            + "u/l0.4,2,u,d,0.4,1,ok,0.4,50,,\r\n";

    @TempDir
    Path tmp;

    @Test
    void theOverviewGivesRatiosPerMetricOverThePointsInBoth() {
        String text = ResultsComparison.text(ResultsComparison.parse("a", A), ResultsComparison.parse("b", B), List.of());
        assertTrue(text.contains("2 points in both, 1 only in A, 1 only in B"), text);
        String accepted = line(text, "accepted ");
        assertEquals(List.of("accepted", "2", "2", "1.0000", "1.0000", "1.0000", "0"), List.of(accepted.split("\\s+")));
        String latency = line(text, "latency.avg ");
        // 22/20 = 1.1, 33/30 = 1.1; largest difference 3
        assertEquals(List.of("latency.avg", "2", "0", "1.1000", "1.1000", "1.1000", "3"), List.of(latency.split("\\s+")));
        assertTrue(text.contains("only in A: u/l0.3"), text);
        assertTrue(text.contains("only in B: u/l0.4"), text);
    }

    @Test
    void aNamedMetricShowsEveryPointAndAnUnknownOneIsRefused() {
        String text = ResultsComparison.text(ResultsComparison.parse("a", A), ResultsComparison.parse("b", B),
                List.of("latency.avg"));
        assertEquals(List.of("u/l0.1", "20", "22", "1.1000", "2"), List.of(line(text, "u/l0.1").split("\\s+")));
        ExperimentException e = assertThrows(ExperimentException.class, () -> ResultsComparison.text(
                ResultsComparison.parse("a", A), ResultsComparison.parse("b", B), List.of("latency.avgg")));
        assertTrue(e.getMessage().contains("did you mean 'latency.avg'"), e.getMessage());
    }

    @Test
    void foldersWithNoCommonPointAreWarnedOfWithExitTwo() throws IOException {
        String other = "pointId,index,pattern,scheme,load,seed,status,accepted,latency.avg,swaps,failure\r\n"
                + "t/l0.5,0,t,d,0.5,1,ok,0.4,60,,\r\n";
        Path a = CliHarness.resultsFolder(tmp.resolve("a"), A);
        Path c = CliHarness.resultsFolder(tmp.resolve("c"), other);
        CliHarness cli = new CliHarness();
        assertEquals(2, cli.run("compare", a.toString(), c.toString()));
        assertTrue(cli.err().startsWith("compare: no point is in both folders (A has 3, B has 1), so nothing was"
                + " compared"), cli.err());
        assertTrue(cli.out().contains("0 points in both, 3 only in A, 1 only in B"), cli.out());
        assertTrue(cli.out().contains("only in B: t/l0.5"), cli.out());
        assertTrue(!cli.out().contains("METRIC"), "no empty table: " + cli.out());
        assertEquals(2, cli.run("compare", a.toString(), c.toString(), "--plot", tmp.resolve("plots").toString()));
        assertTrue(!java.nio.file.Files.exists(tmp.resolve("plots")), "nothing drawn when nothing compares");
    }

    @Test
    void theCommandReadsTwoFoldersAndRefusesAFolderWithoutATable() throws IOException {
        Path a = CliHarness.resultsFolder(tmp.resolve("a"), A);
        Path b = CliHarness.resultsFolder(tmp.resolve("b"), B);
        CliHarness cli = new CliHarness();
        assertEquals(0, cli.run("compare", a.toString(), b.toString(), "--metric", "accepted"));
        assertTrue(cli.out().contains("median B/A 1.0000 over 2 points"), cli.out());
        assertEquals(2, cli.run("compare", a.toString(), tmp.resolve("none").toString()));
        assertTrue(cli.err().contains("cannot read it"), cli.err());
    }

    @Test
    void aMetricCellThatIsNotANumberIsRefusedNamingRowAndColumn() throws IOException {
        Path a = CliHarness.resultsFolder(tmp.resolve("a"), A);
        Path b = CliHarness.resultsFolder(tmp.resolve("b"), B.replace("0.2,33,", "0.2,3x3,"));
        CliHarness cli = new CliHarness();
        assertEquals(2, cli.run("compare", a.toString(), b.toString()));
        assertTrue(cli.err().contains("row 2: latency.avg is '3x3', not a number"), cli.err());
        assertEquals("", cli.out(), "no half-written comparison");
    }

    @Test
    void aFolderOfAKilledRunIsSettledAndSaidSoBeforeTheComparison() throws IOException {
        Path a = CliHarness.resultsFolder(tmp.resolve("a"), A);
        Path b = CliHarness.resultsFolder(tmp.resolve("b"), B);
        java.util.List<Path> asked = new java.util.ArrayList<>();
        Fakes.FakeService service = new Fakes.FakeService() {
            @Override
            public java.util.Optional<String> settleInterrupted(Path folder) {
                asked.add(folder);
                return folder.endsWith("a") ? java.util.Optional.of("run q-1 of " + folder + " ended without closing "
                        + "its results folder") : java.util.Optional.empty();
            }
        };
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        FabricaCli cli = new FabricaCli(service, Fakes.catalog(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, null);
        assertEquals(0, cli.execute("compare", a.toString(), b.resolve("points.csv").toString()));
        assertEquals(List.of(a, b.toAbsolutePath()), asked, "both folders are settled, a points.csv by its folder");
        assertEquals("compare: run q-1 of " + a + " ended without closing its results folder\n",
                err.toString(StandardCharsets.UTF_8));
    }

    private static String line(String text, String start) {
        for (String l : text.split("\n")) {
            if (l.startsWith(start)) {
                return l.strip();
            }
        }
        throw new AssertionError("no line starting with '" + start + "' in\n" + text);
    }
}
