package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ctrl-C (SIGINT) at every moment of {@code fabrica run}, through the packaged launcher as ./fabrica runs it:
 * while the framework is created, while the bundles are installed, while they start, when the command is taken,
 * while the first point runs and after it. Each time the launcher exits with 130, says one line (nothing was run,
 * or the run stopped with the exact command that continues it), prints no exception, removes the framework
 * storage, and leaves a results folder that is consistent: none, or one whose run.json says "stopped" and which
 * holds no temporary file.
 */
class LauncherSignalIT {
    private static final Path JAR = Path.of("target", "fabrica-launcher.jar").toAbsolutePath();
    private static final Path EXPORT = Path.of("target", "export", "fabrica");
    /** Points long enough that the run is still going when the signal comes after its first point. */
    private static final String EXPERIMENT = String.join("\n",
            "name: signal",
            "topology: {name: torus, k: 4, n: 2}",
            "hardware: {name: generic, vcs: 2}",
            "traffic: {packetFlits: 4, patterns: [uniform]}",
            "schemes:",
            "  - label: dor",
            "    routing: {name: dor}",
            "    queuing: {name: dateline}",
            "loads: [0.05, 0.1, 0.15, 0.2, 0.25, 0.3]",
            "warmup: 100",
            "measure: 400000",
            "outputs: {plots: true, report: true}",
            "");

    @TempDir
    Path tmp;

    /**
     * @param moment the line of standard error (a start-up phase of -Dfabrica.launch.trace, or the run's progress)
     *        after which the signal is sent
     */
    @ParameterizedTest
    @ValueSource(strings = {"framework initialised", "bundles installed", "start level 2 reached",
        "command taken", "progress   0%", "first point done"})
    void ctrlCAtAnyMomentSaysOneLineExits130AndLeavesAConsistentFolder(String moment) throws Exception {
        if (!shellBuilt()) {
            return; // LauncherIT names the missing shell bundle
        }
        Path file = Files.writeString(tmp.resolve("signal.yaml"), EXPERIMENT);
        Path out = tmp.resolve("results");
        List<String> cmd = LauncherJvm.command(tmp);
        cmd.add("-D" + Launcher.TRACE_PROPERTY + "=true");
        cmd.addAll(List.of("-jar", JAR.toString(), "--plugins", tmp.resolve("plugins").toString(),
                "run", file.toString(), "--out", out.toString(), "--threads", "1"));
        Process p = new ProcessBuilder(cmd).start();
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Thread a = LauncherIT.pump(p.getInputStream(), stdout);
        Thread b = LauncherIT.pump(p.getErrorStream(), stderr);
        Predicate<String> reached = moment.equals("first point done")
                ? err -> err.lines().anyMatch(l -> l.matches("progress .* [1-9][0-9]*/6 points.*"))
                : err -> err.contains(moment);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (p.isAlive() && !reached.test(text(stderr)) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(p.isAlive(), "the launcher ended before '" + moment + "': " + text(stderr));
        assertTrue(reached.test(text(stderr)), "'" + moment + "' not reached: " + text(stderr));
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -INT");
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the launcher did not end after SIGINT: " + text(stderr));
        a.join();
        b.join();
        String err = text(stderr);
        assertEquals(ExitCodes.INTERRUPTED, p.exitValue(), err);
        assertFalse(err.contains("Exception") || err.contains("Error"), "no exception: " + err);
        // What the user reads: the trace's phases and the progress lines aside, one line.
        List<String> said = err.lines()
                .filter(l -> !l.matches("fabrica: +[0-9]+ ms  .*") && !l.startsWith("progress ") && !l.startsWith("  "))
                .toList();
        assertEquals(1, said.size(), "one line: " + err);
        String line = said.get(0);
        if (line.equals("fabrica: interrupted; nothing was run")) {
            assertFalse(Files.exists(out.resolve("run.json")), "nothing was run, yet run.json was written: " + err);
        } else {
            assertTrue(line.matches("Run signal-[0-9]+ stopped; finished points are in .*; continue with: ./fabrica run "
                    + java.util.regex.Pattern.quote(out.toString()) + " --resume"), line);
            String run = Files.readString(out.resolve("run.json"));
            assertTrue(run.matches("(?s).*\"state\" *: *\"stopped\".*"), "run.json says stopped: " + run);
            assertTrue(Files.exists(out.resolve("points.jsonl")), "the journal is there");
        }
        if (Files.exists(out)) {
            try (Stream<Path> files = Files.walk(out)) {
                assertEquals(List.of(), files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList(),
                        "no temporary file left");
            }
        }
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().startsWith("fabrica-osgi-")).toList(),
                    "the framework storage is removed");
        }
    }

    private static String text(ByteArrayOutputStream s) {
        synchronized (s) {
            return s.toString(StandardCharsets.UTF_8);
        }
    }

    private static boolean shellBuilt() throws IOException {
        try (Stream<Path> jars = Files.list(EXPORT)) {
            return jars.anyMatch(j -> j.getFileName().toString().startsWith("shell-"));
        }
    }
}
