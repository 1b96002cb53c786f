package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the packaged launcher jar the way ./fabrica does, as a separate process. */
class LauncherIT {
    private static final Path JAR = Path.of("target", "fabrica-launcher.jar").toAbsolutePath();
    private static final Path EXPORT = Path.of("target", "export", "fabrica");

    @TempDir
    Path tmp;

    @Test
    void anUnknownFeatureExitsWithBadInputAndNamesTheClosest() throws Exception {
        Result r = launch(List.of(), "--features", "core,toru", "help");
        assertEquals(ExitCodes.BAD_INPUT, r.exit, r.err);
        assertTrue(r.err.contains("unknown feature 'toru' (did you mean 'torus'?)"), r.err);
        assertEquals("", r.out);
    }

    @Test
    void aCommandIsAnsweredByTheShellBundleOrTheMissingBundleIsNamed() throws Exception {
        boolean shellBuilt;
        try (Stream<Path> jars = Files.list(EXPORT)) {
            shellBuilt = jars.anyMatch(j -> j.getFileName().toString().startsWith("shell-"));
        }
        Result r = launch(List.of(), "--help");
        if (shellBuilt) {
            assertEquals(ExitCodes.OK, r.exit, r.err);
            assertTrue(r.out.contains("run") && r.out.contains("validate"), "usage lists the commands: " + r.out);
            // The command's own exit code comes back through the exit service: bad input is 2.
            Result bad = launch(List.of(), "help");
            assertEquals(ExitCodes.BAD_INPUT, bad.exit, bad.out + bad.err);
        } else {
            assertEquals(ExitCodes.NO_COMMAND_COMPONENT, r.exit, r.err);
            assertTrue(r.err.contains("bundle org.fabrica.shell is missing"), r.err);
        }
        assertNoFrameworkStorageLeft();
    }

    @Test
    void aCommandWithoutTheCoreFeatureNamesTheShellBundleAtOnce() throws Exception {
        // Exit 3 without waiting out the 60 s: the shell bundle is installed but no selected feature starts it.
        Result r = launch(List.of(), "--features", "torus", "--help");
        assertEquals(ExitCodes.NO_COMMAND_COMPONENT, r.exit, r.err);
        assertTrue(r.err.contains("org.fabrica.shell") && r.err.contains("'core'"), r.err);
        assertNoFrameworkStorageLeft();
    }

    @Test
    void sigtermStopsTheFrameworkAndRemovesItsStorage() throws Exception {
        Process p = start(List.of(), "shell");
        // The interactive shell's prompt means the framework is up; standard input stays open.
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread reader = pump(p.getInputStream(), out);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errReader = pump(p.getErrorStream(), err);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!out.toString(StandardCharsets.UTF_8).contains("g!") && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(p.isAlive() && out.toString(StandardCharsets.UTF_8).contains("g!"), "no shell prompt: " + out + err);
        assertEquals(1, storageFolders().size(), "the running framework has its storage");
        p.destroy(); // SIGTERM
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher did not stop on SIGTERM");
        reader.join();
        errReader.join();
        assertEquals(143, p.exitValue(), err.toString(StandardCharsets.UTF_8));
        assertNoFrameworkStorageLeft();
    }

    private void assertNoFrameworkStorageLeft() throws IOException {
        assertEquals(List.of(), storageFolders(), "the framework storage is removed when the launcher ends");
    }

    private List<Path> storageFolders() throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.filter(f -> f.getFileName().toString().startsWith("fabrica-osgi-")).toList();
        }
    }

    private Process start(List<String> jvmOptions, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Djava.io.tmpdir=" + tmp);
        cmd.addAll(jvmOptions);
        cmd.add("-jar");
        cmd.add(JAR.toString());
        cmd.add("--plugins");
        cmd.add(tmp.resolve("plugins").toString());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).start();
    }

    private Result launch(List<String> jvmOptions, String... args) throws Exception {
        Process p = start(jvmOptions, args);
        p.getOutputStream().close();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread a = pump(p.getInputStream(), out);
        Thread b = pump(p.getErrorStream(), err);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher did not end");
        a.join();
        b.join();
        return new Result(p.exitValue(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Thread pump(InputStream in, OutputStream sink) {
        Thread t = new Thread(() -> {
            try (in) {
                byte[] buffer = new byte[8192];
                for (int n; (n = in.read(buffer)) > 0;) {
                    synchronized (sink) {
                        sink.write(buffer, 0, n);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        t.start();
        return t;
    }

    private record Result(int exit, String out, String err) {
    }
}
