package org.fabrica.shell;

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
}
