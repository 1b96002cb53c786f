package org.fabrica.launch;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The answers of one-shot commands that only describe the installation ({@code --version},
 * {@code help ...}, {@code algorithms ...}), kept so that asking again does not start the framework.
 *
 * <p>An answer is what the command printed on standard output when it exited 0 having printed
 * nothing on standard error. It is stored under {@code answers/} beside the launcher jar, named by a
 * digest of everything the answer can depend on: the arguments and selected features, the source
 * commit ({@code fabrica.commit}), the Java version, and the name, size and modification time of
 * every run bundle, feature descriptor and file in the plugins folder. A rebuild, a plugin dropped or
 * removed, another JDK or another commit therefore asks the framework again. Commands that read other
 * files ({@code validate}, {@code run}, {@code schedule}, ...) are never answered from here.
 * {@code -Dfabrica.answers=false} turns it off.
 */
final class AnswerCache {
    /** System property: {@code false} keeps every command away from the cache. */
    static final String PROPERTY = "fabrica.answers";
    /** How many answers are kept; the oldest go first. */
    static final int KEEP = 64;
    private static final Set<String> COMMANDS = Set.of("--version", "-V", "--help", "-h", "help", "algorithms");

    private final Path dir;
    private final String key;

    private AnswerCache(Path dir, String key) {
        this.dir = dir;
        this.key = key;
    }

    /** The cache entry of this launch, or empty when its command is not one the cache answers. */
    static Optional<AnswerCache> of(LaunchOptions options, Installation installation, Path plugins) {
        if (!Boolean.parseBoolean(System.getProperty(PROPERTY, "true")) || options.shell() || options.webPort() > 0
                || options.command().isEmpty() || !COMMANDS.contains(options.command().get(0))) {
            return Optional.empty();
        }
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            List<String> parts = new ArrayList<>();
            parts.add("command=" + String.join("\u001f", options.command()));
            parts.add("features=" + String.join(",", options.features()));
            parts.add("commit=" + System.getProperty("fabrica.commit", ""));
            parts.add("java=" + System.getProperty("java.version") + " " + System.getProperty("java.vendor"));
            parts.add("columns=" + System.getenv("COLUMNS"));
            for (Path folder : List.of(installation.bundles(), installation.features(), plugins)) {
                parts.add("folder=" + folder);
                parts.addAll(listing(folder));
            }
            for (String part : parts) {
                digest.update(part.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) '\n');
            }
            return Optional.of(new AnswerCache(installation.home().resolve("answers"),
                    HexFormat.of().formatHex(digest.digest())));
        } catch (IOException | NoSuchAlgorithmException e) {
            return Optional.empty(); // no answer kept: the framework answers
        }
    }

    /** Name, size and modification time of every file below {@code folder}, in name order. */
    private static List<String> listing(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of(); // as an empty one: the launcher makes a missing plugins folder
        }
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                lines.add(folder.relativize(f) + " " + Files.size(f) + " " + Files.getLastModifiedTime(f).toMillis());
            }
        }
        return lines;
    }

    /** The kept answer, if there is one. */
    Optional<byte[]> read() {
        try {
            return Optional.of(Files.readAllBytes(dir.resolve(key)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Keeps {@code answer} (written whole or not at all), and lets the oldest answers go. */
    void write(byte[] answer) {
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, key, ".tmp");
            try {
                Files.write(tmp, answer);
                try {
                    Files.move(tmp, dir.resolve(key), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, dir.resolve(key), StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
            try (Stream<Path> all = Files.list(dir)) {
                List<Path> answers = all.filter(f -> !f.getFileName().toString().endsWith(".tmp"))
                        .sorted(Comparator.comparingLong(AnswerCache::modified).reversed()).toList();
                for (Path old : answers.subList(Math.min(KEEP, answers.size()), answers.size())) {
                    Files.deleteIfExists(old);
                }
            }
        } catch (IOException e) {
            // an answer not kept is asked of the framework next time
        }
    }

    private static long modified(Path f) {
        try {
            return Files.getLastModifiedTime(f).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /** Where a kept answer is (for tests). */
    Path file() {
        return dir.resolve(key);
    }

    /** An output stream that also keeps a copy of what passes through it and says whether anything did. */
    static final class Tee extends OutputStream {
        private final OutputStream out;
        private final ByteArrayOutputStream copy = new ByteArrayOutputStream();
        private volatile boolean written;

        Tee(OutputStream out) {
            this.out = out;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            out.write(b);
            copy.write(b);
            written = true;
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            copy.write(b, off, len);
            written = len > 0 || written;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        synchronized byte[] copy() {
            return copy.toByteArray();
        }

        boolean written() {
            return written;
        }
    }
}
