package org.fabrica.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file is replaced whole, and a failed replacement leaves neither half a file nor its temporary. */
class AtomicFileTest {
    @TempDir
    Path tmp;

    @Test
    void aFileIsReplacedByTheNewContent() throws IOException {
        Path f = tmp.resolve("a.txt");
        AtomicFile.write(f, "old");
        AtomicFile.write(f, "new");
        assertEquals("new", Files.readString(f));
        assertFalse(Files.exists(tmp.resolve(".a.txt.tmp")));
    }

    @Test
    void aFolderInTheWayFailsTheWriteAndLeavesNoTemporaryFile() throws IOException {
        Path folder = Files.createDirectory(tmp.resolve("out"));
        Files.writeString(folder.resolve("inside"), "x"); // a non-empty folder cannot be replaced by a file
        assertThrows(IOException.class, () -> AtomicFile.write(folder, "content"));
        assertTrue(Files.isDirectory(folder), "the folder is left as it was");
        assertFalse(Files.exists(tmp.resolve(".out.tmp")), "no temporary file is left behind");
    }

    @Test
    void aDiskThatFillsHalfWayLeavesTheOldFileAndNoTemporary() throws IOException {
        Path f = tmp.resolve("points.csv");
        AtomicFile.write(f, "old");
        IOException full = assertThrows(IOException.class, () -> AtomicFile.write(f, "a longer new content".getBytes(),
                (file, bytes) -> {
                    Files.write(file, java.util.Arrays.copyOf(bytes, 5)); // what fitted
                    throw new java.nio.file.FileSystemException(file.toString(), null, "No space left on device");
                }));
        assertTrue(FullDisk.is(full), "a full disk is recognised: " + full);
        assertEquals("old", Files.readString(f), "the old file is kept whole");
        assertFalse(Files.exists(tmp.resolve(".points.csv.tmp")), "no temporary file is left behind");
    }
}
