package org.fabrica.shell;

import static org.fabrica.shell.Fakes.metric;
import static org.fabrica.shell.Fakes.point;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;

class ResultSummaryTest {
    private final List<PointResult> results = List.of(
            point(1, Map.of("pattern", "uniform", "scheme", "dor", "load", "0.30", "seed", "1"), null,
                    metric("offered", 0.3), metric("accepted", 0.2512), metric("latency.avg", 88.04),
                    metric("latency.p99", 410), metric("saturated", 1)),
            point(0, Map.of("pattern", "uniform", "scheme", "dor", "load", "0.05", "seed", "1"), null,
                    metric("offered", 0.05), metric("accepted", 0.0499), metric("latency.avg", 20.456),
                    metric("latency.p99", 31), metric("saturated", 0)),
            point(2, Map.of("pattern", "tornado", "scheme", "dor"), "routing 'x' (org.example 1.0.0) returned port 9"));

    @Test
    void oneRowPerPointInSweepOrder() {
        String[] lines = ResultSummary.table(results).split("\n");
        assertEquals(5, lines.length);
        assertTrue(lines[0].matches("PATTERN\\s+SCHEME\\s+LOAD\\s+SEED\\s+OFFERED\\s+ACCEPTED\\s+AVG LATENCY\\s+P99 LATENCY\\s+SATURATED"),
                lines[0]);
        assertTrue(lines[2].matches("uniform\\s+dor\\s+0.05\\s+1\\s+0.0500\\s+0.0499\\s+20.5\\s+31.0\\s+no"), lines[2]);
        assertTrue(lines[3].matches("uniform\\s+dor\\s+0.30\\s+1\\s+0.3000\\s+0.2512\\s+88.0\\s+410.0\\s+yes"), lines[3]);
        assertTrue(lines[4].matches("tornado\\s+dor\\s+-\\s+-\\s+-\\s+-\\s+-\\s+-\\s+FAILED"), lines[4]);
    }

    @Test
    void theMetricsUnitsFollowTheTableAndColumnsNoPointFillsAreLeftOut() {
        List<PointResult> steady = List.of(point(0, Map.of("pattern", "uniform", "scheme", "dor", "load", "0.1",
                "seed", "1"), null, new Metric("offered", 0.1, "flits/node/cycle", ""),
                new Metric("accepted", 0.1, "flits/node/cycle", ""), new Metric("latency.avg", 20, "cycles", ""),
                new Metric("latency.p99", 30, "cycles", ""), metric("saturated", 0)));
        String[] table = ResultSummary.table(steady).split("\n");
        assertTrue(table[0].matches("PATTERN\\s+SCHEME\\s+LOAD\\s+SEED\\s+OFFERED\\s+ACCEPTED\\s+AVG LATENCY\\s+"
                + "P99 LATENCY\\s+SATURATED"), table[0]);
        assertEquals("Units: OFFERED, ACCEPTED in flits/node/cycle; AVG LATENCY, P99 LATENCY in cycles.",
                table[table.length - 1]);
        // a collective run: no load, no rates, no saturation; its own summary follows the table
        List<PointResult> collective = List.of(point(0, Map.of("pattern", "alltoall", "scheme", "spth", "seed", "1"),
                null, metric("duration", 1200)));
        String[] lines = ResultSummary.table(collective).split("\n");
        assertTrue(lines[0].matches("PATTERN\\s+SCHEME\\s+SEED"), lines[0]);
        assertTrue(lines[2].matches("alltoall\\s+spth\\s+1"), lines[2]);
    }

    @Test
    void schedulabilityPointsShowTheirRatiosAndTime() {
        String[] lines = ResultSummary.table(List.of(
                point(0, Map.of("pattern", "ft-l3-w4", "scheme", "level-wise", "seed", "1"), null,
                        metric("ratio.mean", 0.90656), metric("ratio.min", 0.828125), metric("ratio.max", 1),
                        metric("time.perRequest", 812.4)),
                point(1, Map.of("pattern", "ft-l3-w4", "scheme", "greedy", "seed", "1"), "no tree"))).split("\n");
        assertTrue(lines[0].matches("TOPOLOGY\\s+SCHEDULER\\s+SEED\\s+RATIO MEAN\\s+MIN\\s+MAX\\s+NS/REQUEST\\s+STATUS"),
                lines[0]);
        assertTrue(lines[2].matches("ft-l3-w4\\s+level-wise\\s+1\\s+0.9066\\s+0.8281\\s+1.0000\\s+812\\s+ok"), lines[2]);
        assertTrue(lines[3].matches("ft-l3-w4\\s+greedy\\s+1(\\s+-){4}\\s+FAILED"), lines[3]);
    }

    @Test
    void failuresNameThePoint() {
        assertEquals(List.of("point s0-p2 failed: routing 'x' (org.example 1.0.0) returned port 9"),
                ResultSummary.failures(results));
        assertTrue(ResultSummary.anyFailed(results));
        assertFalse(ResultSummary.anyFailed(results.subList(0, 2)));
    }

    @Test
    void stoppedPointsAreMarkedAndNotListedAsFailures() {
        List<PointResult> r = List.of(point(0, Map.of("status", "stopped"), "stopped at cycle 300"));
        assertTrue(ResultSummary.table(r).split("\n")[2].endsWith("stopped"));
        assertEquals(List.of(), ResultSummary.failures(r));
    }

    @Test
    void saturatedNoteFromTheRunner() {
        assertTrue(ResultSummary.table(List.of(point(0, Map.of("saturated", "true"), null))).split("\n")[2]
                .endsWith("yes"));
        assertTrue(ResultSummary.table(List.of(point(0, Map.of("saturated", "false"), null))).split("\n")[2]
                .endsWith("no"));
    }

    @Test
    void truncatedRunCountsAsSaturated() {
        String s = ResultSummary.table(List.of(point(0, Map.of("truncated", "true"), null, metric("accepted", 0.1))));
        assertTrue(s.split("\n")[2].endsWith("yes"), s);
    }
}
