package org.fabrica.shell;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-text table with aligned columns: a header row, a rule, then rows. Columns marked numeric
 * are right-aligned so that digits line up; the last column is not padded, so long descriptions
 * do not leave trailing blanks.
 */
final class TextTable {
    /** A wrapped last column is never narrower than this. */
    static final int MIN_WRAP = 30;
    /** Line width the commands aim for. */
    static final int SCREEN = 120;

    private final String[] headers;
    private final boolean[] rightAligned;
    private final List<String[]> rows = new ArrayList<>();
    private int maxWidth = Integer.MAX_VALUE;

    TextTable(String... headers) {
        this.headers = headers.clone();
        this.rightAligned = new boolean[headers.length];
    }

    /** Right-aligns the given columns (numbers). */
    TextTable rightAlign(int... columns) {
        for (int c : columns) {
            rightAligned[c] = true;
        }
        return this;
    }

    /**
     * Wraps the last column (a description) at word boundaries so that lines stay within
     * {@code width} characters where possible; continuation lines start under the column.
     */
    TextTable maxWidth(int width) {
        this.maxWidth = width;
        return this;
    }

    /** Adds a row; missing cells are blank, null cells print as "-". */
    TextTable row(Object... cells) {
        if (cells.length > headers.length) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, table has " + headers.length
                    + " columns");
        }
        String[] r = new String[headers.length];
        Arrays.fill(r, "");
        for (int i = 0; i < cells.length; i++) {
            r[i] = cells[i] == null ? "-" : oneLine(cells[i].toString());
        }
        rows.add(r);
        return this;
    }

    int size() {
        return rows.size();
    }

    /** The table, one line per row, each ending with a newline. */
    String render() {
        int[] width = new int[headers.length];
        for (int c = 0; c < headers.length; c++) {
            width[c] = headers[c].length();
        }
        for (String[] r : rows) {
            for (int c = 0; c < r.length; c++) {
                width[c] = Math.max(width[c], r[c].length());
            }
        }
        int last = headers.length - 1;
        int offset = 0;
        for (int c = 0; c < last; c++) {
            offset += width[c] + 2;
        }
        int lastWidth = Math.max(MIN_WRAP, maxWidth - offset);
        if (width[last] > lastWidth) {
            width[last] = Math.max(headers[last].length(), lastWidth);
        }
        StringBuilder sb = new StringBuilder();
        line(sb, headers, width);
        String[] rule = new String[headers.length];
        for (int c = 0; c < headers.length; c++) {
            rule[c] = "-".repeat(width[c]);
        }
        line(sb, rule, width);
        for (String[] r : rows) {
            List<String> pieces = wrap(r[last], width[last]);
            String[] first = r.clone();
            first[last] = pieces.get(0);
            line(sb, first, width);
            for (int i = 1; i < pieces.size(); i++) {
                String[] more = new String[headers.length];
                Arrays.fill(more, "");
                more[last] = pieces.get(i);
                line(sb, more, width);
            }
        }
        return sb.toString();
    }

    /** Splits text into lines of at most {@code width} characters at blanks (longer words stay whole). */
    static List<String> wrap(String text, int width) {
        List<String> out = new ArrayList<>();
        if (text.length() <= width) {
            out.add(text);
            return out;
        }
        StringBuilder current = new StringBuilder();
        for (String word : text.split(" +")) {
            if (current.length() > 0 && current.length() + 1 + word.length() > width) {
                out.add(current.toString());
                current.setLength(0);
            }
            if (current.length() > 0) {
                current.append(' ');
            }
            current.append(word);
        }
        out.add(current.toString());
        return out;
    }

    private void line(StringBuilder sb, String[] cells, int[] width) {
        int start = sb.length();
        for (int c = 0; c < cells.length; c++) {
            if (c > 0) {
                sb.append("  ");
            }
            String s = cells[c];
            int pad = width[c] - s.length();
            boolean last = c == cells.length - 1;
            if (rightAligned[c]) {
                sb.append(" ".repeat(pad)).append(s);
            } else {
                sb.append(s);
                if (!last) {
                    sb.append(" ".repeat(pad));
                }
            }
        }
        // no trailing blanks (e.g. an empty last cell)
        int end = sb.length();
        while (end > start && sb.charAt(end - 1) == ' ') {
            end--;
        }
        sb.setLength(end);
        sb.append('\n');
    }

    private static String oneLine(String s) {
        return s.indexOf('\n') < 0 && s.indexOf('\r') < 0 ? s : s.replace("\r", "").replace('\n', ' ');
    }
}
