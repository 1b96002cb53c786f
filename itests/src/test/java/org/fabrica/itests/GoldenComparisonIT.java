package org.fabrica.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabrica.itests.golden.CsvTable;
import org.fabrica.itests.golden.GoldenComparison;
import org.fabrica.itests.golden.GoldenComparison.Difference;
import org.junit.Test;

/**
 * The golden comparison on its own (no framework): what it lets through and what it catches.
 * Plain JUnit, run by Failsafe with the framework tests.
 */
public class GoldenComparisonIT {
    private static final String HEADER = "pointId,index,pattern,net.packetsDelivered,lat.avg,sim.wallSeconds\r\n";

    private static List<Difference> compare(String expected, String actual) {
        return GoldenComparison.compareTables("points.csv", CsvTable.parse(HEADER + expected), CsvTable.parse(HEADER + actual));
    }

    @Test
    public void equalTablesAndWallTimeChangesPass() {
        assertEquals(List.of(), compare("a,0,uniform,120,35.25,0.5\r\n", "a,0,uniform,120,35.25,9.75\r\n"));
        // a formatting difference within the tolerance of a non-integer column
        assertEquals(List.of(), compare("a,0,uniform,120,35.25,0.5\r\n", "a,0,uniform,120,35.250000000001,0.5\r\n"));
    }

    @Test
    public void aChangedCountFailsNamingRowColumnAndValues() {
        List<Difference> d = compare("a,0,uniform,120,35.25,0.5\r\n", "a,0,uniform,121,35.25,0.5\r\n");
        assertEquals(1, d.size());
        String m = d.get(0).toString();
        assertTrue(m, m.contains("points.csv") && m.contains("net.packetsDelivered") && m.contains("120")
                && m.contains("121") && m.contains("a"));
    }

    @Test
    public void anAverageBeyondTheToleranceFails() {
        assertEquals(1, compare("a,0,uniform,120,35.25,0.5\r\n", "a,0,uniform,120,35.2501,0.5\r\n").size());
        assertFalse(GoldenComparison.sameValue("408", "408.5"));
        assertTrue(GoldenComparison.sameValue("408", "408.0"));
    }

    @Test
    public void missingOrExtraRowsAndColumnsFail() {
        assertFalse(compare("a,0,uniform,120,35.25,0.5\r\nb,1,uniform,7,3.0,0.5\r\n", "a,0,uniform,120,35.25,0.5\r\n")
                .isEmpty());
        assertFalse(compare("a,0,uniform,120,35.25,0.5\r\n", "a,0,uniform,120,35.25,0.5\r\nb,1,uniform,7,3.0,0.5\r\n")
                .isEmpty());
        List<Difference> column = GoldenComparison.compareTables("points.csv",
                CsvTable.parse("pointId,net.packetsDelivered,lat.avg\r\na,120,35.25\r\n"),
                CsvTable.parse("pointId,net.packetsDelivered\r\na,120\r\n"));
        assertFalse(column.isEmpty());
        assertTrue(column.toString(), column.toString().contains("lat.avg"));
    }

    @Test
    public void foldersCompareEveryPinnedTableAndWriteExpectedDropsWallColumns() throws Exception {
        Path root = Files.createTempDirectory("golden");
        Path actual = root.resolve("actual");
        Path expected = root.resolve("expected");
        Files.createDirectories(actual.resolve("series"));
        Files.writeString(actual.resolve("points.csv"), HEADER + "a,0,uniform,120,35.25,0.5\r\n");
        Files.writeString(actual.resolve("series/a.csv"), "cycle,x\r\n1,2\r\n");
        List<String> written = GoldenComparison.writeExpected(actual, expected, List.of("*/**"));
        assertEquals(List.of("points.csv"), written);
        assertFalse("wall time is not stored", Files.readString(expected.resolve("points.csv")).contains("sim.wallSeconds"));
        assertEquals(List.of(), GoldenComparison.compareFolders(expected, actual, List.of("*/**")));
        Files.writeString(actual.resolve("summary.csv"), "pattern,x\r\nuniform,1\r\n");
        assertEquals("a new table is a difference", 1, GoldenComparison.compareFolders(expected, actual, List.of("*/**")).size());
        GoldenComparison.deleteTree(expected);
        assertEquals("missing expected files are a difference", 1,
                GoldenComparison.compareFolders(expected, actual, List.of("*/**")).size());
        GoldenComparison.deleteTree(root);
    }
}
