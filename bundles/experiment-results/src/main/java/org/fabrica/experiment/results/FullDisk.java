package org.fabrica.experiment.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a full disk looks like to a results folder, and what a run says of it: recognising ENOSPC or
 * a quota among a failure's causes, the file that was being written (an {@link AtomicFile} temporary
 * names its target), and the message that says how to go on.
 */
final class FullDisk {
    private FullDisk() {
    }

    /**
     * What a run says when the disk holding its results folder {@code dir} is full: the file it was writing,
     * and how to go on (free space, then resume: the journal holds every point finished, whole).
     */
    static String message(Path dir, Path file) {
        String resume = dir.toString();
        resume = resume.matches("[A-Za-z0-9_./:@%+=,-]+") ? resume : "'" + resume.replace("'", "'\\''") + "'";
        return "no space left on device while writing " + file + ": free space, then ./fabrica run " + resume
                + " --resume";
    }

    /**
     * When {@code failure} (or a cause of it) is a full disk (ENOSPC, a quota), what to tell the user about the
     * results folder {@code dir} ({@link #message}), naming the file being written; empty for any other failure.
     */
    static Optional<String> of(Path dir, Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof UncheckedIOException u && u.getMessage() != null
                    && u.getMessage().startsWith("no space left on device while writing ")) {
                return Optional.of(u.getMessage());
            }
            if (t instanceof IOException io && is(io)) {
                Path file = io instanceof java.nio.file.FileSystemException f && f.getFile() != null
                        ? target(Path.of(f.getFile())) : dir;
                return Optional.of(message(dir, file));
            }
        }
        return Optional.empty();
    }

    /** The file an {@link AtomicFile} temporary ({@code .name.tmp}) stands for. */
    private static Path target(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        return name.startsWith(".") && name.endsWith(".tmp") && name.length() > 5
                ? file.resolveSibling(name.substring(1, name.length() - 4)) : file;
    }

    /** True when the write failed for want of room: ENOSPC (Linux, macOS), a disk quota, Windows' full disk. */
    static boolean is(IOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t instanceof java.nio.file.FileSystemException f ? f.getReason() : t.getMessage();
            if (m == null && t.getMessage() != null) {
                m = t.getMessage();
            }
            if (m != null && (m.contains("No space left on device") || m.contains("Disk quota exceeded")
                    || m.contains("not enough space on the disk"))) {
                return true;
            }
        }
        return false;
    }
}
