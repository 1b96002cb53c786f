package org.fabrica.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.stats.CsvWriter.LineEnd;
import org.junit.jupiter.api.Test;

class CsvWriterTest {
    @Test
    void plainFieldsAreWrittenAsTheyAreWithTheTablesLineEnd() {
        CsvWriter crlf = new CsvWriter("t", LineEnd.CRLF, "a", "b.c", "d");
        crlf.record("x", "", "1.5").record("", "", "");
        assertEquals("a,b.c,d\r\nx,,1.5\r\n,,\r\n", crlf.text());
        assertEquals(2, crlf.records());
        CsvWriter lf = new CsvWriter("t", LineEnd.LF, "a", "b");
        lf.record("x", "y");
        assertEquals("a,b\nx,y\n", lf.text());
    }

    @Test
    void fieldsWithCommaQuoteCrOrLfAreQuotedWithQuotesDoubled() {
        CsvWriter w = new CsvWriter("t", LineEnd.CRLF, "v");
        w.record("a,b").record("say \"hi\"").record("cr\rhere").record("lf\nhere").record("\"").record(" spaced ")
                .record("semi;colon").record((String) null);
        assertEquals("v\r\n\"a,b\"\r\n\"say \"\"hi\"\"\"\r\n\"cr\rhere\"\r\n\"lf\nhere\"\r\n\"\"\"\"\r\n spaced \r\n"
                + "semi;colon\r\n\r\n", w.text());
    }

    @Test
    void headerNamesAreQuotedLikeFields() {
        assertEquals("\"a,b\",c\n", new CsvWriter("t", LineEnd.LF, "a,b", "c").text());
    }

    @Test
    void numbersUseTheResultsFormat() {
        CsvWriter w = new CsvWriter("t", LineEnd.LF, "l", "d");
        w.field(-42L).field(3.0).endRecord();
        w.field(Long.MAX_VALUE).field(0.1 + 0.2).endRecord();
        w.field(0).field(Double.NaN).endRecord();
        w.field(7).field(Double.NEGATIVE_INFINITY).endRecord();
        w.field(1).field(-0.0).endRecord();
        w.field(2).field(1e15).endRecord();
        w.field(3).field(-999999999999999.0).endRecord();
        w.field(4).field(1.5e-7).endRecord();
        assertEquals("l,d\n-42,3\n9223372036854775807,0.30000000000000004\n0,\n7,\n1,0\n2,1.0E15\n"
                + "3,-999999999999999\n4,1.5E-7\n", w.text());
        assertEquals("", CsvWriter.number(Double.POSITIVE_INFINITY));
        assertEquals("12.5", CsvWriter.number(12.5));
    }

    @Test
    void aRecordOfAnotherWidthThanTheHeaderIsABugNamingTableAndRow() {
        CsvWriter w = new CsvWriter("points.csv", LineEnd.CRLF, "a", "b", "c");
        w.record("1", "2", "3");
        IllegalStateException shortRow = assertThrows(IllegalStateException.class, () -> w.record("1", "2"));
        assertEquals("table points.csv: row 2 has 2 fields, the header has 3 [a, b, c]", shortRow.getMessage());
        IllegalStateException longRow = assertThrows(IllegalStateException.class, () -> w.record("1", "2", "3", "4"));
        assertEquals("table points.csv: row 2 has 4 fields, the header has 3 [a, b, c]", longRow.getMessage());
        assertEquals("a,b,c\r\n1,2,3\r\n", w.text(), "a refused record writes nothing");

        CsvWriter byField = new CsvWriter("summary.csv", LineEnd.LF, "a", "b");
        byField.field(1).field(2);
        IllegalStateException extra = assertThrows(IllegalStateException.class, () -> byField.field("3"));
        assertTrue(extra.getMessage().startsWith("table summary.csv: row 1 has more fields than the header's 2"),
                extra.getMessage());
        CsvWriter missing = new CsvWriter("summary.csv", LineEnd.LF, "a", "b");
        missing.field("only");
        IllegalStateException few = assertThrows(IllegalStateException.class, missing::endRecord);
        assertEquals("table summary.csv: row 1 has 1 fields, the header has 2 [a, b]", few.getMessage());
        IllegalStateException unfinished = assertThrows(IllegalStateException.class, missing::text);
        assertTrue(unfinished.getMessage().contains("row 1 is not finished"), unfinished.getMessage());
        assertThrows(IllegalStateException.class, () -> new CsvWriter("t", LineEnd.LF, "a").endRecord(),
                "an empty record in a one-column table has one field, not none");
    }

    @Test
    void aTrickyRowReadsBackFieldForField() {
        List<String> header = List.of("id", "text, with comma", "quote\"d", "multi\r\nline", "empty", "last");
        List<String> row = List.of("p/1", "a,\"b\",c", "\"\"", "x\ny\rz\r\n", "", "trailing,");
        for (LineEnd end : LineEnd.values()) {
            CsvWriter w = new CsvWriter("tricky", end, header);
            w.record(row).record("1", "2", "3", "4", "5", "6");
            List<List<String>> back = Rfc4180.parse(w.text(), end.chars());
            assertEquals(List.of(header, row, List.of("1", "2", "3", "4", "5", "6")), back, end.name());
        }
    }

    /** A strict RFC 4180 reader: records end with the given line end only, quoted fields as in section 2. */
    static final class Rfc4180 {
        static List<List<String>> parse(String text, String lineEnd) {
            List<List<String>> records = new ArrayList<>();
            List<String> record = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            int i = 0;
            int n = text.length();
            while (i < n) {
                if (text.charAt(i) == '"') {
                    i++;
                    while (true) {
                        if (i >= n) {
                            throw new IllegalArgumentException("unterminated quoted field");
                        }
                        char c = text.charAt(i++);
                        if (c == '"') {
                            if (i < n && text.charAt(i) == '"') {
                                field.append('"');
                                i++;
                            } else {
                                break;
                            }
                        } else {
                            field.append(c);
                        }
                    }
                } else {
                    while (i < n && text.charAt(i) != ',' && !text.startsWith(lineEnd, i)) {
                        char c = text.charAt(i++);
                        if (c == '"' || c == '\r' || c == '\n') {
                            throw new IllegalArgumentException("unquoted field holds " + (int) c + " at " + (i - 1));
                        }
                        field.append(c);
                    }
                }
                record.add(field.toString());
                field.setLength(0);
                if (i < n && text.charAt(i) == ',') {
                    i++;
                    if (i == n) {
                        throw new IllegalArgumentException("text ends after a comma");
                    }
                } else if (text.startsWith(lineEnd, i)) {
                    i += lineEnd.length();
                    records.add(record);
                    record = new ArrayList<>();
                } else {
                    throw new IllegalArgumentException("expected a comma or a line end at " + i);
                }
            }
            if (!record.isEmpty()) {
                throw new IllegalArgumentException("the last record has no line end");
            }
            return records;
        }
    }
}
