package org.fabrica.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads RFC 4180 CSV text, as {@link CsvWriter} writes it, into records of fields: quoted fields
 * may hold commas, doubled quotes and line breaks; records end with CR LF or LF; the last record
 * may lack its line end. An empty line is a record of one empty field (a one-column table's
 * empty cell), not nothing.
 *
 * <p>A concrete class in an API package for the reason {@link CsvWriter} gives: the one place for
 * reading tables back (comparing results folders, resuming series).
 *
 * @since 1.3
 */
public final class CsvReader {
    private CsvReader() {
    }

    /**
     * The records of {@code text}, the header (if any) first.
     *
     * @param source named in errors (a file name)
     * @throws IllegalArgumentException for a quote that is not closed or text after a closing quote,
     *         naming the source, record and field
     */
    public static List<List<String>> records(String source, String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int n = text.length();
        int i = 0;
        boolean pending = false; // a record has started
        while (i < n) {
            char c = text.charAt(i);
            pending = true;
            if (c == '"' && field.length() == 0) {
                int start = i;
                i++;
                while (true) {
                    if (i >= n) {
                        throw new IllegalArgumentException(source + ": record " + (records.size() + 1) + ", field "
                                + (record.size() + 1) + ": the quote opened at offset " + start + " is not closed");
                    }
                    char q = text.charAt(i);
                    if (q == '"') {
                        if (i + 1 < n && text.charAt(i + 1) == '"') {
                            field.append('"');
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    field.append(q);
                    i++;
                }
                if (i < n && text.charAt(i) != ',' && text.charAt(i) != '\r' && text.charAt(i) != '\n') {
                    throw new IllegalArgumentException(source + ": record " + (records.size() + 1) + ", field "
                            + (record.size() + 1) + ": text after the closing quote");
                }
                continue;
            }
            if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
                i++;
            } else if (c == '\r' || c == '\n') {
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                pending = false;
                i += c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n' ? 2 : 1;
            } else {
                field.append(c);
                i++;
            }
        }
        if (pending) {
            record.add(field.toString());
            records.add(record);
        }
        return records;
    }
}
