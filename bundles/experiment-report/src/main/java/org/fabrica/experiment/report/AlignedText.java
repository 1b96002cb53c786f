package org.fabrica.experiment.report;

import java.util.List;

/** Plain-text tables for the terminal: columns padded to their widest cell, two spaces apart. */
final class AlignedText {
    private AlignedText() {
    }

    /** Appends {@code rows} (the first is the header), one line each; the last column is not padded. */
    static void append(StringBuilder sb, List<String[]> rows) {
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                line.append(c == 0 ? "" : "  ").append(row[c]);
                if (c < row.length - 1) {
                    line.append(" ".repeat(width[c] - row[c].length()));
                }
            }
            sb.append(line).append('\n');
        }
    }
}
