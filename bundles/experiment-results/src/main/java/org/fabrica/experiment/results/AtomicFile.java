package org.fabrica.experiment.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Replaces a file in one step: the content goes to a temporary file in the same folder, which
 * is then renamed over the target, so a reader (or a killed run) sees the old file or the new
 * one, never half of one. When the write or the rename fails (a full disk, a folder in the way, no
 * permission) the temporary file is removed before the error goes on, so nothing half-written stays.
 */
public final class AtomicFile {
    private AtomicFile() {
    }

    /** Writes a file's bytes: {@link Files#write} but in a test, which may fail half-way as a full disk does. */
    interface Writer {
        void write(Path file, byte[] content) throws IOException;
    }

    public static void write(Path target, byte[] content) throws IOException {
        write(target, content, (file, bytes) -> Files.write(file, bytes));
    }

    static void write(Path target, byte[] content, Writer writer) throws IOException {
        Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
        try {
            writer.write(tmp, content);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException | RuntimeException gone) {
                e.addSuppressed(gone);
            }
            throw e;
        }
    }

    public static void write(Path target, String content) throws IOException {
        write(target, content.getBytes(StandardCharsets.UTF_8));
    }
}
