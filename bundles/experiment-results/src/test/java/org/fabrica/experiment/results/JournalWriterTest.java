package org.fabrica.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal never ends in a torn line: a write that fails half-way (a full disk) is cut back. */
class JournalWriterTest {
    @TempDir
    Path tmp;

    /** Writes to the file until {@code room} bytes are written, then fails as a full disk does, having written part. */
    private static final class FillingDisk extends FilterOutputStream {
        long room;

        FillingDisk(OutputStream out, long room) {
            super(out);
            this.room = room;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            int fits = (int) Math.min(len, room);
            out.write(b, off, fits);
            out.flush();
            room -= fits;
            if (fits < len) {
                throw new IOException("No space left on device");
            }
        }
    }

    @Test
    void aLineThatDoesNotFitIsCutBackToTheLastWholeLine() throws IOException {
        Path file = tmp.resolve("points.jsonl");
        Files.writeString(file, "{\"a\":1}\n");
        byte[] line = "{\"b\":2,\"long\":\"0123456789\"}\n".getBytes(StandardCharsets.UTF_8);
        FillingDisk disk = new FillingDisk(new FileOutputStream(file.toFile(), true), 10);
        try (JournalWriter j = new JournalWriter(file, disk, () -> { })) {
            IOException e = assertThrows(IOException.class, () -> j.append(line));
            assertTrue(FullDisk.is(e));
            assertEquals("{\"a\":1}\n", Files.readString(file), "the half line is cut away");
            disk.room = Long.MAX_VALUE; // space freed: the next line goes on whole after the last whole one
            j.append(line);
        }
        assertEquals("{\"a\":1}\n" + new String(line, StandardCharsets.UTF_8), Files.readString(file));
    }

    @Test
    void aFailedSyncCutsTheLineBackToo() throws IOException {
        Path file = tmp.resolve("points.jsonl");
        Files.writeString(file, "{\"a\":1}\n");
        try (JournalWriter j = new JournalWriter(file, new FileOutputStream(file.toFile(), true), () -> {
            throw new IOException("No space left on device");
        })) {
            assertThrows(IOException.class, () -> j.append("{\"b\":2}\n".getBytes(StandardCharsets.UTF_8)));
        }
        assertEquals("{\"a\":1}\n", Files.readString(file), "a line not on disk is not in the journal");
    }

    @Test
    void aFullDiskIsNamedWithTheFileAndTheCommandThatContinues() {
        Path dir = tmp.resolve("results");
        Path tmpCsv = dir.resolve(".points.csv.tmp");
        UncheckedIOException e = new UncheckedIOException("cannot write points.csv",
                new FileSystemException(tmpCsv.toString(), null, "No space left on device"));
        try (ResultsStore store = ResultsStore.open(dir, "e1", false)) {
            assertEquals("no space left on device while writing " + dir.resolve("points.csv").toAbsolutePath()
                    + ": free space, then ./fabrica run " + store.dir() + " --resume",
                    store.noSpace(e).orElseThrow());
            assertTrue(store.noSpace(new UncheckedIOException(new IOException("Permission denied"))).isEmpty(),
                    "another failure is not a full disk");
        }
    }
}
