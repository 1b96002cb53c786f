package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressDisplayTest {
    @Test
    void barFillsInProportion() {
        assertEquals("[..........]", ProgressDisplay.bar(0, 10));
        assertEquals("[####......]", ProgressDisplay.bar(0.45, 10));
        assertEquals("[##########]", ProgressDisplay.bar(1, 10));
        assertEquals("[##########]", ProgressDisplay.bar(7, 10));
        assertEquals("[..........]", ProgressDisplay.bar(Double.NaN, 10));
        assertEquals(" 45%", ProgressDisplay.percent(0.456));
    }

    @Test
    void terminalLineIsCutToOneScreenLine() {
        String line = ProgressDisplay.terminalLine(0.5, "x".repeat(200));
        assertEquals(ProgressDisplay.LINE_WIDTH, line.length());
        assertTrue(line.startsWith("[###############...............]  50% xxx"), line);
        assertTrue(line.endsWith("..."));
    }

    @Test
    void onATerminalOneLineIsRedrawnInPlace() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressDisplay p = new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);
        p.progress(0.1, "point 1 of 10, long status");
        p.progress(0.1, "point 1 of 10, long status"); // unchanged: not redrawn
        p.progress(0.2, "short");
        p.finish();
        String s = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(2, s.chars().filter(c -> c == '\r').count(), s);
        assertEquals(1, s.chars().filter(c -> c == '\n').count(), s);
        assertTrue(s.endsWith("\n"));
        // the shorter second line is padded to cover the first
        String[] draws = s.substring(1, s.length() - 1).split("\r");
        assertEquals(draws[0].length(), draws[1].length());
    }

    @Test
    void withoutATerminalOneLinePerTenthIsPrinted() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressDisplay p = new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        for (int i = 0; i <= 100; i++) {
            p.progress(i / 100.0, "status");
        }
        p.finish();
        String s = bytes.toString(StandardCharsets.UTF_8);
        String[] lines = s.split("\n");
        assertEquals(11, lines.length, s);
        assertEquals("progress   0% status", lines[0]);
        assertEquals("progress  50% status", lines[5]);
        assertEquals("progress 100% status", lines[10]);
        assertTrue(s.indexOf('\r') < 0);
    }

    @Test
    void withoutATerminalALongSilenceEndsWithALineWhenTheStatusChanged() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] now = {0};
        ProgressDisplay p = new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), false,
                () -> now[0]);
        p.progress(0.24, "16/66 points");
        now[0] = ProgressDisplay.QUIET_NANOS - 1;
        p.progress(0.25, "17/66 points"); // the same tenth, not yet quiet long enough
        now[0] = ProgressDisplay.QUIET_NANOS + 5;
        p.progress(0.25, "17/66 points"); // quiet long enough, and changed since the last line
        now[0] = 3 * ProgressDisplay.QUIET_NANOS;
        p.progress(0.25, "17/66 points"); // nothing new to say
        p.progress(0.26, "17/66 points, about 3.1 h left");
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(3, lines.length, String.join("|", lines));
        assertEquals("progress  24% 16/66 points", lines[0]);
        assertEquals("progress  25% 17/66 points", lines[1]);
        assertEquals("progress  26% 17/66 points, about 3.1 h left", lines[2]);
    }

    private static Map<String, Object> runningPoint(String id, long cycle, String phase, long seconds) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("point", id);
        p.put("cycle", cycle);
        p.put("delivered", 1234L);
        p.put("paused", false);
        if (phase != null) {
            p.put("phase", phase);
        }
        p.put("seconds", seconds);
        return p;
    }

    @Test
    void withoutATerminalEachLineIsFollowedByTheRunningPointsAndTheirMovesCountAsNews() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] now = {0};
        long[] cycle = {612_000};
        ProgressDisplay p = new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), false,
                () -> now[0]);
        p.follow(() -> Map.of("active", List.of(
                runningPoint("zipf1/SASHA-4VC-DBBQ/l0.8/s1", cycle[0], "drain, limit at cycle 976,000", 2460),
                runningPoint("uniform/dor/trace/s1", 4096, null, 30))));
        p.progress(0.95, "63/66 points, 2 running");
        now[0] = ProgressDisplay.QUIET_NANOS + 1;
        p.progress(0.95, "63/66 points, 2 running"); // quiet long enough, but nothing new: no line
        now[0] = 2 * ProgressDisplay.QUIET_NANOS + 2;
        cycle[0] = 700_000;
        p.progress(0.95, "63/66 points, 2 running"); // the run's status is the same, but a point moved
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(List.of("progress  95% 63/66 points, 2 running",
                "  zipf1/SASHA-4VC-DBBQ/l0.8/s1: cycle 612,000, drain, limit at cycle 976,000; 41 min",
                "  uniform/dor/trace/s1: cycle 4,096, 1,234 packets delivered; 30 s",
                "progress  95% 63/66 points, 2 running",
                "  zipf1/SASHA-4VC-DBBQ/l0.8/s1: cycle 700,000, drain, limit at cycle 976,000; 41 min",
                "  uniform/dor/trace/s1: cycle 4,096, 1,234 packets delivered; 30 s"), List.of(lines));
    }

    @Test
    void statisticsThatCannotBeReadLeaveThePointLinesOut() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressDisplay p = new ProgressDisplay(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        p.follow(() -> {
            throw new IllegalStateException("the run is gone");
        });
        p.progress(0.5, "status");
        assertEquals("progress  50% status\n", bytes.toString(StandardCharsets.UTF_8).replace("\r\n", "\n"));
        assertEquals("2.5 h", ProgressDisplay.duration(9000));
        assertEquals("89 s", ProgressDisplay.duration(89));
    }
}
