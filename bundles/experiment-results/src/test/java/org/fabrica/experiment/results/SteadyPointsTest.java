package org.fabrica.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A steady run's load points averaged over seeds, from the results and from their points.csv. */
class SteadyPointsTest {
    @TempDir
    Path tmp;

    private static PointResult point(int index, String scheme, String load, int seed, String status, double offered,
            double accepted, double latency) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("pattern", "zipf");
        notes.put("scheme", scheme);
        notes.put("load", load);
        notes.put("seed", Integer.toString(seed));
        notes.put(PointStatus.NOTE, status);
        notes.put(PointStatus.SATURATED_NOTE, Boolean.toString(PointStatus.SATURATED.equals(status)));
        boolean failed = PointStatus.FAILED.equals(status);
        List<Metric> metrics = failed ? List.of() : List.of(new Metric("offered", offered, "flits/node/cycle", "o"),
                new Metric("accepted", accepted, "flits/node/cycle", "a"), new Metric("latency.avg", latency, "cycles",
                "l"));
        return new PointResult(new SweepPoint("e", "zipf/" + scheme + "/l" + load + "/s" + seed, index), metrics, notes,
                failed ? "boom" : null, 5);
    }

    /** Two seeds at 0.1 and 0.2 (the second seed of 0.2 saturated), one failed point at 0.3. */
    private static List<PointResult> run() {
        List<PointResult> r = new ArrayList<>();
        r.add(point(0, "1vc", "0.1", 1, PointStatus.OK, 0.1, 0.1, 200));
        r.add(point(1, "1vc", "0.1", 2, PointStatus.OK, 0.1, 0.098, 210));
        r.add(point(2, "1vc", "0.2", 1, PointStatus.OK, 0.2, 0.2, 300));
        r.add(point(3, "1vc", "0.2", 2, PointStatus.SATURATED, 0.2, 0.15, Double.NaN));
        r.add(point(4, "1vc", "0.3", 1, PointStatus.FAILED, 0, 0, 0));
        r.add(point(5, "bbq", "0.1", 1, PointStatus.OK, 0.1, 0.1, 180));
        return r;
    }

    @Test
    void seedsOfALoadAreAveragedWithTheirIntervalAndASaturatedSeedSaturatesThePoint() {
        List<SteadyPoints.Averaged> pts = SteadyPoints.averaged(run(), "zipf", "1vc");
        assertEquals(2, pts.size(), "the failed load is left out");
        SteadyPoints.Averaged first = pts.get(0);
        assertEquals(0.1, first.load());
        assertEquals(2, first.seeds());
        assertEquals(0.099, first.accepted(), 1e-15);
        assertEquals(205, first.latency(), 1e-12);
        assertEquals(MeanConfidence.halfWidth(List.of(200.0, 210.0)), first.latencyCi(), 1e-12);
        assertFalse(first.saturated());
        assertTrue(pts.get(1).saturated(), "one saturated seed of two saturates the load");
        List<SteadyPoints.Averaged> bbq = SteadyPoints.averaged(run(), "zipf", "bbq");
        assertEquals(1, bbq.size());
        assertTrue(Double.isNaN(bbq.get(0).latencyCi()), "one seed: no interval");
    }

    @Test
    void aRunsPointsCsvAveragesAsItsResultsDo() throws IOException {
        Path dir = tmp.resolve("r");
        try (ResultsStore s = ResultsStore.open(dir, "e", false)) {
            for (PointResult r : run()) {
                s.append(r);
            }
        }
        String csv = Files.readString(dir.resolve(ResultsStore.CSV));
        List<PointResult> read = SteadyPoints.fromCsv("r/points.csv", csv);
        assertEquals(5, read.size(), "the failed point is not read");
        for (String scheme : List.of("1vc", "bbq")) {
            List<SteadyPoints.Averaged> fromCsv = SteadyPoints.averaged(read, "zipf", scheme);
            List<SteadyPoints.Averaged> fromResults = SteadyPoints.averaged(run(), "zipf", scheme);
            assertEquals(fromResults, fromCsv, scheme);
        }
    }

    @Test
    void aTableOfAnotherModeOrWithAWrongNumberIsRefusedNamingTheProblem() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> SteadyPoints.fromCsv(
                "m2n.csv", "pointId,index,pattern,scheme,load,seed,status,accepted\r\nx,0,p,s,0.1,1,ok,0.1\r\n"));
        assertTrue(missing.getMessage().startsWith("m2n.csv: no column offered, latency.avg;"), missing.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> SteadyPoints.fromCsv(
                "p.csv", "pattern,scheme,load,status,offered,accepted,latency.avg\r\nz,s,0.1,ok,0.1,lots,200\r\n"));
        assertTrue(bad.getMessage().startsWith("p.csv, row 1: accepted is 'lots', not a number; "), bad.getMessage());
        assertEquals(List.of(), SteadyPoints.fromCsv("p.csv",
                "pattern,scheme,load,status,offered,accepted,latency.avg\r\nz,s,0.1,stopped,,,\r\n"), "stopped: not read");
    }
}
