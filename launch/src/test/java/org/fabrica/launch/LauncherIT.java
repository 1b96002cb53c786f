package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
            Result bad = launch(List.of(), "frobnicate");
            assertEquals(ExitCodes.BAD_INPUT, bad.exit, bad.out + bad.err);
        } else {
            assertEquals(ExitCodes.NO_COMMAND_COMPONENT, r.exit, r.err);
            assertTrue(r.err.contains("bundle org.fabrica.shell is missing"), r.err);
        }
        assertNoFrameworkStorageLeft();
    }

    /**
     * A command that only describes the installation is answered from the answer cache the second time,
     * the same bytes, without a framework (no storage folder is made); a dropped plugin asks again.
     */
    @Test
    void aOneShotAnswerIsKeptAndGivenAgainUntilThePluginsChange() throws Exception {
        if (!shellBuilt()) {
            return;
        }
        Result first = launch(List.of(), "help", "routing", "dor");
        assertEquals(ExitCodes.OK, first.exit, first.err);
        assertTrue(first.out.contains("dateline"), first.out);
        Result again = launch(List.of("-Djava.io.tmpdir=" + tmp.resolve("no-such-folder")), "help", "routing", "dor");
        assertEquals(ExitCodes.OK, again.exit, again.err);
        assertEquals(first.out, again.out, "the kept answer");
        assertEquals("", again.err);
        // a framework would have failed to make its storage under a missing temporary folder: none was started
        Files.createDirectories(tmp.resolve("plugins"));
        Files.writeString(tmp.resolve("plugins").resolve("notes.cfg"), "# a file FileInstall watches\n");
        Result asked = launch(List.of("-Djava.io.tmpdir=" + tmp.resolve("no-such-folder")), "help", "routing", "dor");
        assertTrue(asked.exit != ExitCodes.OK || !asked.err.isEmpty(),
                "with the plugins changed the framework is asked again (and here cannot start): " + asked);
        Result off = launch(List.of("-Dfabrica.answers=false", "-Djava.io.tmpdir=" + tmp.resolve("no-such-folder")),
                "--version");
        assertTrue(off.exit != ExitCodes.OK, "-Dfabrica.answers=false always starts the framework: " + off);
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

    /**
     * Commands piped into the shell (no terminal: JLine reads line by line, without a warning): they run, the
     * shell read Fabrica's profile (the completions of the fabrica commands are declared, and the completion
     * function answers with the catalogue's concepts), and the end of the input stops the framework.
     */
    @Test
    void commandsPipedIntoTheShellRunAndTheEndOfInputStopsIt() throws Exception {
        if (!shellBuilt()) {
            return; // covered by aCommandIsAnsweredByTheShellBundleOrTheMissingBundleIsNamed
        }
        Result r = launchWithInput(String.join("\n",
                "fabrica:help routing dor",
                "declared = (($.completions) containsKey fabrica:swap)",
                "echo \"completes-swap=$declared\"",
                "fabrica:candidates [fabrica:help] 1",
                ""), "shell");
        assertEquals(ExitCodes.OK, r.exit, r.out + r.err);
        assertTrue(r.out.contains("g! ") && r.out.contains("dateline"), "prompt and help: " + r.out);
        assertTrue(r.out.contains("completes-swap=true"), "the profile declared the completions: " + r.out);
        assertTrue(r.out.contains("routing") && r.out.contains("topology") && r.out.contains("traffic"),
                "the concepts Tab offers after fabrica:help: " + r.out);
        assertTrue(!r.err.contains("dumb terminal") && !r.out.contains("Welcome"), "no warning, not Gogo's banner: "
                + r.err);
        assertTrue(r.out.startsWith("Fabrica shell: fabrica:help lists the fabrica commands"), "Fabrica's one-line"
                + " banner first: " + r.out);
        assertNoFrameworkStorageLeft();
    }

    /**
     * Bad input through the real launcher: each case exits with 2, names the
     * problem in one paragraph, and leaves no results behind.
     */
    @Test
    void badExperimentFilesExitWithTwoAndWriteNothing() throws Exception {
        if (!shellBuilt()) {
            return; // covered by aCommandIsAnsweredByTheShellBundleOrTheMissingBundleIsNamed
        }
        String good = String.join("\n",
                "name: bad-input",
                "topology: {name: torus, k: 4, n: 2}",
                "hardware: {name: generic, vcs: 2}",
                "traffic: {packetFlits: 4, patterns: [uniform]}",
                "schemes:",
                "  - label: dor",
                "    routing: {name: dor}",
                "    queuing: {name: dateline}",
                "loads: [0.05]",
                "warmup: 100",
                "measure: 200",
                "");
        Path blocker = Files.writeString(tmp.resolve("a-file"), "not a folder");
        record Case(String name, String yaml, String outDir, String[] expected) {
        }
        List<Case> cases = List.of(
                new Case("malformed YAML", good.replace("schemes:", "schemes: [unclosed"), "out1",
                        new String[] {"out1.yaml:6:", "not valid YAML"}),
                new Case("unknown routing", good.replace("name: dor}", "name: dro}"), "out2",
                        new String[] {"dro", "did you mean 'dor'"}),
                new Case("unknown parameter", good.replace("vcs: 2}", "vsc: 2}"), "out3",
                        new String[] {"vsc", "did you mean 'vcs'"}),
                new Case("k = 0", good.replace("k: 4", "k: 0"), "out4", new String[] {"'k' = 0"}),
                new Case("negative load", good.replace("loads: [0.05]", "loads: [-0.1]"), "out5",
                        new String[] {"loads[0] = -0.1 is not a valid offered load"}),
                new Case("1vc under dateline routing", good.replace("name: dateline}", "name: 1vc}"), "out6",
                        new String[] {"1vc"}),
                new Case("too few VCs for two datelines per ring",
                        good.replace("name: dor}", "name: dor, dateline: two-per-ring}"), "out7",
                        new String[] {"needs at least 3 VCs", "set vcs to 3 or more"}),
                new Case("unknown statistics collector", good + "statistics: [{collector: latency-histgram}]\n",
                        "out8", new String[] {"statistics[0]", "did you mean 'latency-histogram'"}),
                new Case("results folder not writable", good, blocker.resolve("results").toString(),
                        new String[] {"a-file"}));
        // Each case is a launcher of its own on files of its own: two run at once (the machine's start-up
        // time is mostly one thread's), the assertions follow in the cases' order.
        ExecutorService launchers = Executors.newFixedThreadPool(2);
        List<Future<Result>> results = new ArrayList<>();
        try {
            for (Case c : cases) {
                Path file = Files.writeString(tmp.resolve(c.outDir().replace('/', '_') + ".yaml"), c.yaml());
                Path out = resultsFolder(c.outDir());
                results.add(launchers.submit(() -> launch(List.of(), "run", file.toString(), "--out", out.toString())));
            }
        } finally {
            launchers.shutdown();
        }
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            Path out = resultsFolder(c.outDir());
            Result r = results.get(i).get();
            String all = r.out + r.err;
            assertEquals(ExitCodes.BAD_INPUT, r.exit, c.name() + ": " + all);
            for (String e : c.expected()) {
                assertTrue(all.contains(e), c.name() + ": the message names '" + e + "': " + all);
            }
            assertTrue(!Files.exists(out), c.name() + ": no results folder may be written: " + out);
        }
        assertNoFrameworkStorageLeft();
    }

    /** The statistics collectors are a concept of the catalogue: listed, explained, and in the JSON for scripts. */
    @Test
    void helpAndAlgorithmsShowTheStatisticsCollectors() throws Exception {
        if (!shellBuilt()) {
            return; // covered by aCommandIsAnsweredByTheShellBundleOrTheMissingBundleIsNamed
        }
        Result help = launch(List.of(), "help", "statistics", "latency-histogram");
        assertEquals(ExitCodes.OK, help.exit, help.err);
        assertTrue(help.out.contains("statistics latency-histogram") && help.out.contains("bins")
                && help.out.contains("width"), help.out);
        Result json = launch(List.of(), "algorithms", "--json");
        assertEquals(ExitCodes.OK, json.exit, json.err);
        List<String> statistics = new ArrayList<>();
        for (Object p : (List<?>) ((Map<?, ?>) Json.parse(json.out)).get("providers")) {
            Map<?, ?> provider = (Map<?, ?>) p;
            if ("statistics".equals(provider.get("concept"))) {
                statistics.add((String) provider.get("name"));
            }
        }
        assertEquals(List.of("in-flight", "latency-histogram", "latency-percentiles", "node-throughput",
                "throughput-trend"), statistics);
        assertNoFrameworkStorageLeft();
    }

    private Path resultsFolder(String outDir) {
        return outDir.startsWith("/") ? Path.of(outDir) : tmp.resolve(outDir);
    }

    private static boolean shellBuilt() throws IOException {
        try (Stream<Path> jars = Files.list(EXPORT)) {
            return jars.anyMatch(j -> j.getFileName().toString().startsWith("shell-"));
        }
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
        List<String> cmd = LauncherJvm.command(tmp);
        cmd.addAll(jvmOptions);
        cmd.add("-jar");
        cmd.add(JAR.toString());
        cmd.add("--plugins");
        cmd.add(tmp.resolve("plugins").toString());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).start();
    }

    private Result launch(List<String> jvmOptions, String... args) throws Exception {
        return run(start(jvmOptions, args), "");
    }

    private Result launchWithInput(String input, String... args) throws Exception {
        return run(start(List.of(), args), input);
    }

    private static Result run(Process p, String input) throws Exception {
        try (OutputStream stdin = p.getOutputStream()) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread a = pump(p.getInputStream(), out);
        Thread b = pump(p.getErrorStream(), err);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher did not end");
        a.join();
        b.join();
        return new Result(p.exitValue(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Copies a process stream into {@code sink} on a thread of its own (also used by the other launcher ITs), until
     * its end or until it is closed under the reader (a destroyed process), which ends the thread quietly.
     */
    static Thread pump(InputStream in, OutputStream sink) {
        Thread t = new Thread(() -> {
            try (in) {
                byte[] buffer = new byte[8192];
                for (int n; (n = in.read(buffer)) > 0;) {
                    synchronized (sink) {
                        sink.write(buffer, 0, n);
                    }
                }
            } catch (IOException e) {
                // the stream closed under the reader (a process killed or destroyed): what was read is kept
            }
        });
        t.start();
        return t;
    }

    private record Result(int exit, String out, String err) {
    }
}
