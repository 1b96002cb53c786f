package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A results folder on a disk that fills up (a 2 MB tmpfs, where this machine lets the test mount one; skipped
 * elsewhere): space-time charts fill it. The run ends "failed" in its run.json with the disk named and the
 * command that continues it, the journal ends with a whole line, no temporary file is left, and a resume
 * once there is room finishes the run.
 */
class FullDiskIT {
    private static final Path JAR = Path.of("target", "fabrica-launcher.jar").toAbsolutePath();

    @TempDir
    Path tmp;

    @Test
    void aFullDiskFailsTheRunNamingTheDiskAndLeavesAWholeJournal() throws Exception {
        Path disk = Files.createDirectory(tmp.resolve("disk"));
        Assumptions.assumeTrue(run(List.of("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", disk.toString())) == 0,
                "cannot mount a tmpfs here");
        try {
            Path file = Files.writeString(tmp.resolve("full.yaml"), String.join("\n",
                    "name: full",
                    "topology: {name: torus, k: 8, n: 2}",
                    "hardware: {name: generic, vcs: 2, bufferFlits: 8}",
                    "traffic: {packetFlits: 8, patterns: [uniform, tornado]}",
                    "schemes:",
                    "  - label: dor",
                    "    routing: {name: dor, dateline: classic}",
                    "    queuing: {name: dateline}",
                    "loads: [0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35]",
                    "warmup: 1000",
                    "measure: 3000",
                    "outputs: {plots: true, report: true, spaceTime: {start: 1000, length: 3000, stride: 1}}",
                    ""));
            Path out = disk.resolve("results");
            String[] r = launch("run", file.toString(), "--out", out.toString());
            assertEquals(ExitCodes.RUN_FAILURE, Integer.parseInt(r[0]), r[2]);
            String expected = "no space left on device while writing " + out;
            assertTrue(r[2].contains(expected) && r[2].contains("free space, then ./fabrica run " + out + " --resume"),
                    r[2]);
            assertFalse(r[2].contains("Exception"), r[2]);
            String run = Files.readString(out.resolve("run.json"));
            assertTrue(run.matches("(?s).*\"state\" *: *\"failed\".*") && run.contains(expected), run);
            String journal = Files.readString(out.resolve("points.jsonl"));
            assertTrue(journal.isEmpty() || journal.endsWith("\n"), "no torn last line");
            for (String line : journal.lines().toList()) {
                Json.parse(line); // each line whole
            }
            try (Stream<Path> files = Files.walk(out)) {
                assertEquals(List.of(), files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList());
            }
            // room again: the resume finishes what the full disk stopped
            assertEquals(0, run(List.of("mount", "-o", "remount,size=64m", disk.toString())));
            String[] resumed = launch("run", out.toString(), "--resume");
            assertEquals(ExitCodes.OK, Integer.parseInt(resumed[0]), resumed[2]);
            assertTrue(Files.readString(out.resolve("run.json")).matches("(?s).*\"state\" *: *\"finished\".*"));
        } finally {
            run(List.of("umount", disk.toString()));
        }
    }

    private static int run(List<String> cmd) throws Exception {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor();
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    private String[] launch(String... args) throws Exception {
        List<String> cmd = LauncherJvm.command(tmp);
        cmd.addAll(List.of("-jar", JAR.toString(), "--plugins", tmp.resolve("plugins").toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread a = LauncherIT.pump(p.getInputStream(), out);
        Thread b = LauncherIT.pump(p.getErrorStream(), err);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "the launcher did not end");
        a.join();
        b.join();
        return new String[] {Integer.toString(p.exitValue()), out.toString(StandardCharsets.UTF_8),
            err.toString(StandardCharsets.UTF_8)};
    }
}
