package org.fabrica.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TextTableTest {
    @Test
    void columnsAlignAndNumbersAreRightAligned() {
        String s = new TextTable("NAME", "N", "NOTE").rightAlign(1)
                .row("a", 5, "x")
                .row("longer", 1234, null)
                .render();
        String[] lines = s.split("\n");
        assertEquals(4, lines.length);
        assertEquals("NAME       N  NOTE", lines[0]);
        assertEquals("------  ----  ----", lines[1]);
        assertEquals("a          5  x", lines[2]);
        assertEquals("longer  1234  -", lines[3]);
    }

    @Test
    void noTrailingBlanksAndCellsStayOnOneLine() {
        String s = new TextTable("A", "B").row("x", "").row("multi\nline", "y").render();
        for (String line : s.split("\n")) {
            assertFalse(line.endsWith(" "), "trailing blank in '" + line + "'");
        }
        assertEquals(4, s.split("\n").length);
    }

    @Test
    void tooManyCellsIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> new TextTable("A").row("x", "y"));
    }

    @Test
    void longLastColumnWrapsUnderItself() {
        String text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";
        String[] lines = new TextTable("NAME", "DESCRIPTION").maxWidth(40).row("abc", text).row("d", "short").render()
                .split("\n");
        int col = lines[0].indexOf("DESCRIPTION");
        assertEquals(6, col);
        StringBuilder joined = new StringBuilder();
        int i = 2;
        for (; i < lines.length && (i == 2 || lines[i].startsWith(" ")); i++) {
            assertTrue(lines[i].length() <= 40, lines[i]);
            joined.append(joined.length() == 0 ? "" : " ").append(lines[i].substring(col));
        }
        assertTrue(i > 3, "wrapped onto several lines");
        assertEquals(text, joined.toString());
        assertEquals("d     short", lines[i]);
    }

    @Test
    void aTableWiderThanTheScreenWrapsItsWidestTextColumnAndNotItsNumbers() {
        TextTable t = new TextTable("PATTERN", "SCHEME", "LOAD", "ACCEPTED", "AVG LATENCY", "P99 LATENCY", "SATURATED")
                .rightAlign(2, 3, 4, 5);
        String scheme = "hyperx-min-adaptive-with-escape-vcs-and-a-very-long-label-for-a-sweep-of-its-own";
        t.row("uniform", scheme, "0.1", "0.0999", "35.2", "54.0", "no");
        t.row("bitcomplement", "dor", "12345678.5", "0.0999", "35.2", "54.0", "no");
        String[] lines = t.render().split("\n");
        for (String line : lines) {
            assertTrue(line.length() <= TextTable.SCREEN, line.length() + ": " + line);
        }
        int col = lines[0].indexOf("SCHEME");
        StringBuilder joined = new StringBuilder();
        for (int i = 2; i < lines.length && (i == 2 || lines[i].startsWith(" ")); i++) {
            joined.append(lines[i].substring(col, Math.min(lines[i].length(), col + lines[1].split("  ")[1].length()))
                    .strip());
        }
        assertEquals(scheme, joined.toString(), "the scheme, wrapped after its dashes, reads whole");
        assertTrue(lines[2].contains("0.0999") && lines[2].endsWith("no"), "numbers stay on the first line: "
                + lines[2]);
        assertTrue(t.render().contains("12345678.5"), "a number is never cut");
    }

    @Test
    void longLinesOfOtherOutputWrapUnderTheirValue() {
        String scheme = "  scheme    dor-classic: routing dor (org.fabrica.routing.cube 0.1.0.SNAPSHOT), queuing dateline"
                + " (org.fabrica.queuing.basic 0.1.0.SNAPSHOT), throttle none (org.fabrica.throttle.none 0.1.0.SNAPSHOT)";
        String fitted = TextTable.fit("name: 2 points\n" + scheme + "\n  id        abc");
        String[] lines = fitted.split("\n");
        assertEquals("name: 2 points", lines[0]);
        assertEquals("  id        abc", lines[lines.length - 1]);
        assertTrue(lines.length >= 4, fitted);
        for (int i = 1; i < lines.length - 1; i++) {
            assertTrue(lines[i].length() <= TextTable.SCREEN, lines[i]);
            assertTrue(i == 1 || lines[i].startsWith(" ".repeat(12)) && lines[i].charAt(12) != ' ', lines[i]);
        }
        StringBuilder joined = new StringBuilder(lines[1].substring(12));
        for (int i = 2; i < lines.length - 1; i++) {
            joined.append(' ').append(lines[i].substring(12));
        }
        assertEquals(scheme.substring(12), joined.toString(), "wrapped at blanks, nothing lost");
    }

    @Test
    void aSummaryTableHasNoRuleNoWidthLimitAndAlignedColumns() {
        StringBuilder sb = new StringBuilder("Collective duration (cycles)\n");
        String wide = "x".repeat(150);
        TextTable.append(sb, java.util.List.of(new String[] {"pattern", "no-th", "th0"},
                new String[] {"transpose", "1368", "1418 (1.037)"}, new String[] {"shuffle", "2545", wide}));
        assertEquals("Collective duration (cycles)\n"
                + "pattern    no-th  th0\n"
                + "transpose  1368   1418 (1.037)\n"
                + "shuffle    2545   " + wide + "\n", sb.toString());
    }
}
