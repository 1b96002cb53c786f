package org.fabrica.experiment.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-text table with aligned columns: a header row, a rule, then rows. Columns marked numeric
 * are right-aligned so that digits line up; the last column is not padded, so long descriptions
 * do not leave trailing blanks. Every table of the commands fits {@link #SCREEN} columns where its
 * numbers allow: a text column too wide for it wraps under itself (at blanks, else after a
 * {@code -}, {@code .}, {@code /} or {@code ,}), the last column first, then the widest; numbers
 * never wrap. {@link #fit} wraps other long lines of the commands' output the same way.
 *
 * <p>The one text-table formatter of Fabrica: the shell's tables and, through {@link #append}, the
 * summary tables of a run (its summary.txt and end-of-run text), which are not narrowed.
 */
public final class TextTable {
    /** A wrapped last column is never narrower than this. */
    public static final int MIN_WRAP = 30;
    /** Any other wrapped text column is never narrower than this (nor than its header). */
    public static final int MIN_COLUMN = 12;
    /** Line width the commands' output fits. */
    public static final int SCREEN = 100;

    private final String[] headers;
    private final boolean[] rightAligned;
    private final List<String[]> rows = new ArrayList<>();
    private int maxWidth = SCREEN;
    private boolean rule = true;

    public TextTable(String... headers) {
        this.headers = headers.clone();
        this.rightAligned = new boolean[headers.length];
    }

    /** Right-aligns the given columns (numbers). */
    public TextTable rightAlign(int... columns) {
        for (int c : columns) {
            rightAligned[c] = true;
        }
        return this;
    }

    /** The width the table fits instead of {@link #SCREEN}. */
    public TextTable maxWidth(int width) {
        this.maxWidth = width;
        return this;
    }

    /**
     * Appends {@code rows} (the first is the header) as a table without a rule and without a width
     * limit, every column left-aligned: the form of a run's summary tables.
     */
    public static void append(StringBuilder sb, List<String[]> rows) {
        TextTable t = new TextTable(rows.get(0)).maxWidth(Integer.MAX_VALUE);
        t.rule = false;
        for (String[] row : rows.subList(1, rows.size())) {
            t.row((Object[]) row);
        }
        sb.append(t.render());
    }

    /** Adds a row; missing cells are blank, null cells print as "-". */
    public TextTable row(Object... cells) {
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

    public int size() {
        return rows.size();
    }

    /** The table, one line per row (more where a cell wraps), each ending with a newline. */
    public String render() {
        int[] width = new int[headers.length];
        for (int c = 0; c < headers.length; c++) {
            width[c] = headers[c].length();
        }
        for (String[] r : rows) {
            for (int c = 0; c < r.length; c++) {
                width[c] = Math.max(width[c], r[c].length());
            }
        }
        narrow(width);
        StringBuilder sb = new StringBuilder();
        line(sb, headers, width);
        if (rule) {
            String[] dashes = new String[headers.length];
            for (int c = 0; c < headers.length; c++) {
                dashes[c] = "-".repeat(width[c]);
            }
            line(sb, dashes, width);
        }
        for (String[] r : rows) {
            List<List<String>> pieces = new ArrayList<>();
            int lines = 1;
            for (int c = 0; c < r.length; c++) {
                List<String> p = rightAligned[c] ? List.of(r[c]) : wrap(r[c], width[c]);
                pieces.add(p);
                lines = Math.max(lines, p.size());
            }
            for (int i = 0; i < lines; i++) {
                String[] cells = new String[headers.length];
                for (int c = 0; c < cells.length; c++) {
                    cells[c] = i < pieces.get(c).size() ? pieces.get(c).get(i) : "";
                }
                line(sb, cells, width);
            }
        }
        return sb.toString();
    }

    /**
     * Narrows text columns until the table fits {@link #maxWidth}: the last column down to
     * {@link #MIN_WRAP}, then the widest other text column, one character at a time, down to
     * {@link #MIN_COLUMN} or its header. A table of numbers too wide for that stays as wide.
     */
    private void narrow(int[] width) {
        int last = headers.length - 1;
        int total = 2 * last;
        for (int w : width) {
            total += w;
        }
        if (total > maxWidth && !rightAligned[last]) {
            int floor = Math.max(headers[last].length(), MIN_WRAP);
            int cut = Math.min(total - maxWidth, Math.max(0, width[last] - floor));
            width[last] -= cut;
            total -= cut;
        }
        while (total > maxWidth) {
            int widest = -1;
            for (int c = 0; c < last; c++) {
                if (!rightAligned[c] && width[c] > Math.max(headers[c].length(), MIN_COLUMN)
                        && (widest < 0 || width[c] > width[widest])) {
                    widest = c;
                }
            }
            if (widest < 0) {
                return;
            }
            width[widest]--;
            total--;
        }
    }

    /**
     * Splits text into lines of at most {@code width} characters: at blanks, else after a
     * {@code -}, {@code .}, {@code /} or {@code ,} within a word, else within it.
     */
    public static List<String> wrap(String text, int width) {
        return wrap(text, width, true);
    }

    /** As {@link #wrap(String, int)}; without {@code splitWords} a word longer than the width stays whole. */
    private static List<String> wrap(String text, int width, boolean splitWords) {
        List<String> out = new ArrayList<>();
        String rest = text;
        while (rest.length() > width) {
            int cut = rest.lastIndexOf(' ', width);
            if (cut <= 0 && !splitWords) {
                cut = rest.indexOf(' ', width);
                if (cut < 0) {
                    break;
                }
            }
            if (cut > 0) {
                out.add(rest.substring(0, cut).stripTrailing());
                rest = rest.substring(cut + 1).stripLeading();
                continue;
            }
            cut = -1;
            for (int i = width; i > 0; i--) {
                char ch = rest.charAt(i - 1);
                if (ch == '-' || ch == '.' || ch == '/' || ch == ',') {
                    cut = i;
                    break;
                }
            }
            if (cut < 0) {
                cut = width;
            }
            out.add(rest.substring(0, cut));
            rest = rest.substring(cut);
        }
        out.add(rest);
        return out;
    }

    /**
     * Text with each line longer than {@link #SCREEN} wrapped at blanks, continuation lines indented under
     * the line's value: after its leading label ({@code "  scheme    dor: routing ..."}: under
     * {@code dor}), or under its first character when it has none.
     */
    public static String fit(String text) {
        StringBuilder sb = new StringBuilder();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (i > 0) {
                sb.append('\n');
            }
            if (line.length() <= SCREEN) {
                sb.append(line);
                continue;
            }
            java.util.regex.Matcher m = LABEL.matcher(line);
            int indent = m.find() && m.end() < SCREEN / 2 ? m.end() : line.length() - line.stripLeading().length();
            // at blanks only: a path or a command in the line stays whole, so it can be copied
            List<String> pieces = wrap(line.substring(indent), SCREEN - indent, false);
            sb.append(line, 0, indent).append(pieces.get(0));
            for (int p = 1; p < pieces.size(); p++) {
                sb.append('\n').append(" ".repeat(indent)).append(pieces.get(p));
            }
        }
        return sb.toString();
    }

    /** A leading label: blanks, a word, two or more blanks ({@code "  network   "}). */
    private static final java.util.regex.Pattern LABEL = java.util.regex.Pattern.compile("^\\s*\\S+\\s{2,}");

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
