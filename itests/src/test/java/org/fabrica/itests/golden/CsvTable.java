package org.fabrica.itests.golden;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A results table as Fabrica writes it: RFC 4180 CSV (fields with a comma, quote or line break in
 * double quotes, quotes doubled; CRLF or LF line ends), the first line the header. Plain Java, so
 * the comparison can be tested without a framework.
 */
public final class CsvTable {
    private final List<String> header;
    private final List<List<String>> rows;

    public CsvTable(List<String> header, List<List<String>> rows) {
        this.header = List.copyOf(header);
        List<List<String>> copy = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            copy.add(List.copyOf(row));
        }
        this.rows = List.copyOf(copy);
    }

    public List<String> header() {
        return header;
    }

    public List<List<String>> rows() {
        return rows;
    }

    public static CsvTable read(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Parses CSV text; an empty text is a table without header and rows. */
    public static CsvTable parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean inRecord = false;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < n && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(c);
                }
                continue;
            }
            switch (c) {
                case '"' -> {
                    quoted = true;
                    inRecord = true;
                }
                case ',' -> {
                    record.add(field.toString());
                    field.setLength(0);
                    inRecord = true;
                }
                case '\r' -> {
                    // part of a CRLF line end; a lone CR is a line end too
                    if (i + 1 < n && text.charAt(i + 1) == '\n') {
                        i++;
                    }
                    records.add(endRecord(record, field));
                    record = new ArrayList<>();
                    inRecord = false;
                }
                case '\n' -> {
                    records.add(endRecord(record, field));
                    record = new ArrayList<>();
                    inRecord = false;
                }
                default -> {
                    field.append(c);
                    inRecord = true;
                }
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("unterminated quoted field at the end of the table");
        }
        if (inRecord || field.length() > 0) {
            records.add(endRecord(record, field));
        }
        if (records.isEmpty()) {
            return new CsvTable(List.of(), List.of());
        }
        return new CsvTable(records.get(0), records.subList(1, records.size()));
    }

    private static List<String> endRecord(List<String> record, StringBuilder field) {
        record.add(field.toString());
        field.setLength(0);
        return record;
    }

    /** The table without the named columns (those it does not have are ignored). */
    public CsvTable withoutColumns(Collection<String> columns) {
        List<Integer> keep = new ArrayList<>();
        List<String> newHeader = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            if (!columns.contains(header.get(i))) {
                keep.add(i);
                newHeader.add(header.get(i));
            }
        }
        List<List<String>> newRows = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            List<String> r = new ArrayList<>(keep.size());
            for (int i : keep) {
                r.add(i < row.size() ? row.get(i) : "");
            }
            newRows.add(r);
        }
        return new CsvTable(newHeader, newRows);
    }

    /** The table as CSV text with LF line ends, quoting as Fabrica does. */
    public String toCsv() {
        StringBuilder sb = new StringBuilder();
        appendRecord(sb, header);
        for (List<String> row : rows) {
            appendRecord(sb, row);
        }
        return sb.toString();
    }

    public void write(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, toCsv(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static void appendRecord(StringBuilder sb, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            String c = cells.get(i);
            if (c.indexOf(',') >= 0 || c.indexOf('"') >= 0 || c.indexOf('\n') >= 0 || c.indexOf('\r') >= 0) {
                sb.append('"').append(c.replace("\"", "\"\"")).append('"');
            } else {
                sb.append(c);
            }
        }
        sb.append('\n');
    }
}
