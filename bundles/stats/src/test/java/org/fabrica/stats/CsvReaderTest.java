package org.fabrica.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fabrica.stats.CsvWriter.LineEnd;
import org.junit.jupiter.api.Test;

class CsvReaderTest {
    @Test
    void readsBackWhatTheWriterWritesWhateverTheFieldsHold() {
        for (LineEnd end : LineEnd.values()) {
            CsvWriter w = new CsvWriter("t", end, "id", "note", "value");
            w.record("a", "plain", "1");
            w.record("b,c", "say \"hi\"", "");
            w.record("d", "two\r\nlines", "-0.5");
            List<List<String>> r = CsvReader.records("t.csv", w.text());
            assertEquals(List.of(List.of("id", "note", "value"), List.of("a", "plain", "1"),
                    List.of("b,c", "say \"hi\"", ""), List.of("d", "two\r\nlines", "-0.5")), r, end.name());
        }
    }

    @Test
    void anEmptyLineIsARecordOfOneEmptyFieldAndTheLastLineEndIsOptional() {
        assertEquals(List.of(List.of("v"), List.of(""), List.of("2")), CsvReader.records("t", "v\n\n2"));
        assertEquals(List.of(), CsvReader.records("t", ""));
    }

    @Test
    void brokenQuotingIsNamed() {
        IllegalArgumentException open = assertThrows(IllegalArgumentException.class,
                () -> CsvReader.records("p.csv", "a,b\n1,\"x"));
        assertTrue(open.getMessage().startsWith("p.csv: record 2, field 2: the quote opened at offset 6"),
                open.getMessage());
        IllegalArgumentException after = assertThrows(IllegalArgumentException.class,
                () -> CsvReader.records("p.csv", "\"x\"y,1\n"));
        assertEquals("p.csv: record 1, field 1: text after the closing quote", after.getMessage());
    }
}
