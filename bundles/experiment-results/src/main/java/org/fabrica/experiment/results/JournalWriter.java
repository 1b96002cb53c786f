package org.fabrica.experiment.results;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Appends whole lines to the journal (points.jsonl): each line in one write, synced to disk, and when a
 * write or the sync fails (a full disk: the line may be half written) the file is cut back to its last whole
 * line before the error goes on, so the journal never ends in a torn line, whatever the run does next.
 */
final class JournalWriter implements AutoCloseable {
    /** Forces the written bytes to disk. */
    interface Sync {
        void sync() throws IOException;
    }

    private final Path file;
    private final OutputStream out;
    private final Sync sync;
    /** The length of the file's whole lines: where a failed append cuts it back to. */
    private long whole;

    /** Opens {@code file} for appending; its present content must end with a whole line (or be empty). */
    static JournalWriter open(Path file) throws IOException {
        // a stream, not a channel: an interrupt must not close the journal in the middle of a line
        FileOutputStream out = new FileOutputStream(file.toFile(), true);
        return new JournalWriter(file, out, () -> out.getFD().sync());
    }

    /** @param out appends to {@code file} (a test's stream may fail half-way, as a full disk does) */
    JournalWriter(Path file, OutputStream out, Sync sync) throws IOException {
        this.file = file;
        this.out = out;
        this.sync = sync;
        this.whole = Files.exists(file) ? Files.size(file) : 0;
    }

    /** Appends {@code line} (ending with a newline) whole, or leaves the file as it was and throws. */
    synchronized void append(byte[] line) throws IOException {
        try {
            out.write(line);
            out.flush();
            sync.sync();
            whole += line.length;
        } catch (IOException e) {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                if (f.length() > whole) {
                    f.setLength(whole); // shrinking needs no room
                }
            } catch (IOException cut) {
                e.addSuppressed(cut);
            }
            throw e;
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
