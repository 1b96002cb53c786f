package org.fabrica.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Writes one results table as RFC 4180 CSV text: a header row, then records. Every results table
 * of Fabrica (the results folder's {@code points.csv}, {@code summary.csv} and series, space-time
 * charts, printed schedules) is written through this class, so quoting and number formatting are
 * the same everywhere.
 *
 * <p><b>Contract.</b>
 * <ul>
 * <li>Fields are separated by commas; every record, the header included, ends with the table's
 * {@link LineEnd}.</li>
 * <li>A field holding a comma, a double quote, a CR or an LF is enclosed in double quotes, its
 * double quotes doubled; every other field is written as it is (an empty field stays empty).</li>
 * <li>Every record has as many fields as the header; a record of another width is a bug of the
 * caller, not data, and throws {@link IllegalStateException} naming the table and the record
 * ("row 1" is the first record after the header).</li>
 * <li>Numbers: {@link #field(long)} writes a decimal integer; {@link #field(double)} uses
 * {@link #number(double)}. A table that wants another format passes the formatted text.</li>
 * </ul>
 * The text is built in memory and returned by {@link #text()}; whoever stores it replaces the
 * file in one step (the results folder writes every table to a temporary file and renames it over
 * the old one), so a killed run never leaves half a table. Not thread-safe; one writer per table.
 *
 * <p>This is a concrete class in an API package, against the rule that API packages hold
 * interfaces, records and enums: it is the one place that all the bundles writing tables
 * (experiment runner, statistics collectors, schedule playback) already import, and it has no
 * state beyond the table being written.
 */
public final class CsvWriter {
    /** The line end that closes every record of a table. */
    public enum LineEnd {
        /** CR LF, as RFC 4180 prescribes. */
        CRLF("\r\n"),
        /** LF alone, for tables that have always been written so. */
        LF("\n");

        private final String chars;

        LineEnd(String chars) {
            this.chars = chars;
        }

        /** The characters written at the end of a record. */
        public String chars() {
            return chars;
        }
    }

    private final String table;
    private final List<String> header;
    private final String lineEnd;
    private final StringBuilder text;
    /** Fields of the record being written; -1 between records. */
    private int fields = -1;
    /** Records written after the header. */
    private int records;

    /**
     * Starts a table by writing its header row.
     *
     * @param table the table's name, used in error messages (e.g. {@code points.csv})
     * @param lineEnd the line end of every record
     * @param header the column names, in order
     */
    public CsvWriter(String table, LineEnd lineEnd, List<String> header) {
        this.table = Objects.requireNonNull(table, "table");
        this.lineEnd = Objects.requireNonNull(lineEnd, "lineEnd").chars();
        this.header = List.copyOf(header);
        this.text = new StringBuilder(64 + 16 * this.header.size());
        for (int i = 0; i < this.header.size(); i++) {
            if (i > 0) {
                text.append(',');
            }
            appendEscaped(this.header.get(i));
        }
        text.append(this.lineEnd);
    }

    /** Starts a table by writing its header row (see {@link #CsvWriter(String, LineEnd, List)}). */
    public CsvWriter(String table, LineEnd lineEnd, String... header) {
        this(table, lineEnd, Arrays.asList(header));
    }

    /** The column names. */
    public List<String> header() {
        return header;
    }

    /** Records written so far, the header not counted. */
    public int records() {
        return records;
    }

    /**
     * Writes a whole record.
     *
     * @throws IllegalStateException when it has not as many fields as the header, or a record
     *         begun with {@link #field} is not finished
     */
    public CsvWriter record(List<String> values) {
        if (fields >= 0) {
            throw new IllegalStateException(where(records + 1) + " is not finished: " + fields + " of " + header.size()
                    + " fields written before a whole record was started");
        }
        if (values.size() != header.size()) {
            throw new IllegalStateException(where(records + 1) + " has " + values.size() + " fields, the header has "
                    + header.size() + " " + header);
        }
        for (String v : values) {
            field(v);
        }
        return endRecord();
    }

    /** Writes a whole record (see {@link #record(List)}). */
    public CsvWriter record(String... values) {
        return record(Arrays.asList(values));
    }

    /**
     * Writes the next field of the current record, quoted when it must be (null is written as an
     * empty field).
     *
     * @throws IllegalStateException when the record already has as many fields as the header
     */
    public CsvWriter field(String value) {
        separate();
        appendEscaped(value == null ? "" : value);
        return this;
    }

    /** Writes the next field as a decimal integer (see {@link #field(String)}). */
    public CsvWriter field(long value) {
        separate();
        text.append(value);
        return this;
    }

    /** Writes the next field as {@link #number(double)} formats it (see {@link #field(String)}). */
    public CsvWriter field(double value) {
        return field(number(value));
    }

    /**
     * Ends the current record.
     *
     * @throws IllegalStateException when it has fewer fields than the header
     */
    public CsvWriter endRecord() {
        int n = Math.max(fields, 0);
        if (n != header.size()) {
            throw new IllegalStateException(where(records + 1) + " has " + n + " fields, the header has "
                    + header.size() + " " + header);
        }
        text.append(lineEnd);
        fields = -1;
        records++;
        return this;
    }

    /**
     * The table: the header row and every record.
     *
     * @throws IllegalStateException when a record is not finished
     */
    public String text() {
        if (fields >= 0) {
            throw new IllegalStateException(where(records + 1) + " is not finished: " + fields + " of "
                    + header.size() + " fields written");
        }
        return text.toString();
    }

    /**
     * The number format of the results tables: empty for NaN and infinities (undefined), an
     * integer for integral values of magnitude below 10^15 ({@code 3}, not {@code 3.0}; negative
     * zero as {@code 0}), else {@link Double#toString(double)}, the shortest text that reads back
     * as the same double.
     */
    public static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    private void separate() {
        int n = Math.max(fields, 0);
        if (n == header.size()) {
            throw new IllegalStateException(where(records + 1) + " has more fields than the header's " + header.size()
                    + " " + header);
        }
        if (n > 0) {
            text.append(',');
        }
        fields = n + 1;
    }

    private void appendEscaped(String v) {
        if (v.indexOf(',') >= 0 || v.indexOf('"') >= 0 || v.indexOf('\r') >= 0 || v.indexOf('\n') >= 0) {
            text.append('"').append(v.replace("\"", "\"\"")).append('"');
        } else {
            text.append(v);
        }
    }

    private String where(int record) {
        return "table " + table + ": row " + record;
    }
}
