package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabrica.testing.LoopbackPorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cluster sweeps (docs/user-guide.md, "Running on a cluster") through the exported launcher:
 * members and submitter are separate JVMs on loopback (launch/target/fabrica-launcher.jar, as
 * ./fabrica runs it), on ports free at the time and a cluster name of their own, so a parallel
 * build does not join in. Every process is killed in the end.
 */
class ClusterSweepIT {
    private static final Path JAR = Path.of("target", "fabrica-launcher.jar").toAbsolutePath();
    private static final long MEMBER_START_SECONDS = 120;

    /** 2 patterns x 6 loads x 2 seeds = 24 points of a few hundred ms each. */
    private static final String EXPERIMENT = String.join("\n",
            "name: cluster-kill",
            "topology: {name: torus, k: 4, n: 2}",
            "hardware: {name: generic, vcs: 2, bufferFlits: 8}",
            "traffic:",
            "  packetFlits: 4",
            "  patterns: [uniform, tornado]",
            "  injection: {name: bernoulli}",
            "schemes:",
            "  - label: dor-classic",
            "    routing: {name: dor, dateline: classic}",
            "    queuing: {name: dateline}",
            "    throttle: {name: none}",
            "loads: [0.04, 0.08, 0.12, 0.16, 0.2, 0.24]",
            "warmup: 300",
            "measure: 30000",
            "drain: 4000",
            "seeds: [1, 2]",
            "outputs: {plots: false, report: false}",
            "");

    @TempDir
    Path tmp;

    private final List<Process> processes = new ArrayList<>();

    /**
     * Three members, one killed with SIGKILL while the sweep runs: its points run elsewhere, the
     * results equal a local run's cell for cell (wall-time columns aside) in the same row order, and
     * the journal has exactly one record per point.
     */
    @Test
    void aMemberKilledMidSweepLosesNoPointAndTheResultsEqualALocalRun() throws Exception {
        Path experiment = Files.writeString(tmp.resolve("cluster-kill.yaml"), EXPERIMENT);
        Path local = tmp.resolve("local");
        Path cluster = tmp.resolve("cluster");
        int base = LoopbackPorts.freeBase(4);
        String name = "itest-" + ProcessHandle.current().pid() + "-" + base;
        String members = "127.0.0.1:" + base + ",127.0.0.1:" + (base + 1) + ",127.0.0.1:" + (base + 2);
        Path config = Files.writeString(tmp.resolve("cluster.properties"), String.join("\n",
                "# the test's cluster: three members on loopback, the submitter above them",
                "cluster.name = " + name, "bind = 127.0.0.1", "port = " + (base + 3), "members = " + members,
                "join.seconds = 60", ""));
        try {
            Output localRun = run(start("run", experiment.toString(), "--out", local.toString(), "--threads", "2"));
            assertEquals(0, localRun.exit, localRun.toString());

            List<Output> logs = new ArrayList<>();
            List<Process> m = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Process p = start("member", "--cluster-name", name, "--port", Integer.toString(base + i), "--members",
                        members, "--threads", "1");
                m.add(p);
                logs.add(pumped(p));
                if (i == 0) {
                    // the first one alone, so that it is the master the others join at once
                    int first = i;
                    await(() -> logs.get(first).out().contains("member [127.0.0.1]:" + base + " of cluster"), p,
                            logs.get(first));
                }
            }
            for (int i = 1; i < 3; i++) {
                String port = Integer.toString(base + i);
                Output o = logs.get(i);
                await(() -> o.out().contains("[127.0.0.1]:" + port + " of cluster"), m.get(i), o);
            }
            await(() -> logs.get(0).out().contains("joined") && count(logs.get(0).out(), "joined") >= 2, m.get(0),
                    logs.get(0));

            Process submitter = start("run", experiment.toString(), "--out", cluster.toString(), "--cluster",
                    config.toString());
            Output sub = pumped(submitter);
            // kill a member that is taking points, once a few points are journaled
            int victim = -1;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(MEMBER_START_SECONDS);
            while (victim < 0) {
                assertTrue(System.nanoTime() < deadline && submitter.isAlive(), "the sweep did not get going: " + sub);
                if (journalLines(cluster) >= 3) {
                    for (int i = 1; i < 3 && victim < 0; i++) {
                        if (logs.get(i).out().contains("point ")) {
                            victim = i;
                        }
                    }
                }
                Thread.sleep(50);
            }
            int before = journalLines(cluster);
            m.get(victim).destroyForcibly(); // SIGKILL on Linux: no goodbye to the cluster
            assertTrue(m.get(victim).waitFor(30, TimeUnit.SECONDS));
            assertTrue(before < 24, "the member was killed mid-run: " + before + " of 24 points were done");

            assertTrue(submitter.waitFor(MEMBER_START_SECONDS, TimeUnit.SECONDS), "the sweep did not end: " + sub);
            sub.join();
            assertEquals(0, submitter.exitValue(), sub.out() + sub.err());
            String victimAddress = "[127.0.0.1]:" + (base + victim);
            assertTrue(sub.err().contains("member " + victimAddress + " left"), "the loss was seen: " + sub.err());
            assertTrue((sub.err().contains("go back to the queue")
                    || sub.err().contains("goes back to the queue")), "the lost member's points were re-queued: "
                    + sub.err());
            assertTrue(sub.err().contains("3 member(s) run the same bundles"), sub.err());

            List<String> ids = journalIds(cluster);
            assertEquals(24, ids.size(), "one journal record per point");
            assertEquals(24, new HashSet<>(ids).size(), "no point recorded twice: " + ids);
            assertSameResults(local.resolve("points.csv"), cluster.resolve("points.csv"));
        } finally {
            for (Process p : processes) {
                p.destroyForcibly();
            }
            for (Process p : processes) {
                p.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    /** A cluster nobody answers at: the run says where it looked and ends non-zero; nothing is left running. */
    @Test
    void unreachableMembersAndBadConfigurationsAreRefusedWithAMessage() throws Exception {
        Path experiment = Files.writeString(tmp.resolve("cluster-kill.yaml"), EXPERIMENT);
        int base = LoopbackPorts.freeBase(2);
        Path config = Files.writeString(tmp.resolve("nobody.properties"), String.join("\n",
                "cluster.name = itest-nobody-" + base, "port = " + base, "members = 127.0.0.1:" + (base + 1),
                "join.seconds = 3", ""));
        try {
            Output r = run(start("run", experiment.toString(), "--out", tmp.resolve("out").toString(), "--cluster",
                    config.toString()));
            assertNotEquals(0, r.exit, r.toString());
            assertTrue(r.err().contains("no member of cluster 'itest-nobody-" + base + "' at 127.0.0.1:" + (base + 1)
                    + " answered within 3 s"), r.err());

            Path bad = Files.writeString(tmp.resolve("bad.properties"), "members = 127.0.0.1\n");
            Output member = run(start("member", "--config", bad.toString()));
            assertEquals(ExitCodes.BAD_INPUT, member.exit, member.err());
            assertTrue(member.err().contains("bad.properties: members entry '127.0.0.1' is not host:port"),
                    member.err());

            Output missing = run(start("run", experiment.toString(), "--cluster", tmp.resolve("none").toString()));
            assertEquals(ExitCodes.BAD_INPUT, missing.exit, missing.err());
            assertTrue(missing.err().contains("--cluster") && missing.err().contains("no readable cluster configuration"),
                    missing.err());
        } finally {
            for (Process p : processes) {
                p.destroyForcibly();
            }
        }
    }

    // ------------------------------------------------------------------ results

    /** Same header, same rows in the same order, every cell equal but the wall-time ones. */
    private static void assertSameResults(Path expected, Path actual) throws IOException {
        List<String> a = Files.readAllLines(expected);
        List<String> b = Files.readAllLines(actual);
        assertEquals(a.get(0), b.get(0), "same columns");
        assertEquals(25, a.size(), "24 points and a header");
        assertEquals(a.size(), b.size(), "same number of rows");
        String[] header = a.get(0).split(",", -1);
        Set<Integer> wall = new HashSet<>();
        for (int c = 0; c < header.length; c++) {
            if (header[c].contains("wall") || header[c].contains("PerSecond") || header[c].contains("cpu")
                    || header[c].contains("PerCpuSecond")) {
                wall.add(c);
            }
        }
        assertEquals(4, wall.size(), "the timing columns are sim.wallSeconds, sim.routerCyclesPerSecond, "
                + "sim.cpuSeconds and sim.routerCyclesPerCpuSecond: " + a.get(0));
        for (int r = 1; r < a.size(); r++) {
            String[] x = a.get(r).split(",", -1);
            String[] y = b.get(r).split(",", -1);
            assertEquals(x.length, y.length, "row " + r);
            for (int c = 0; c < x.length; c++) {
                if (!wall.contains(c)) {
                    assertEquals(x[c], y[c], "row " + r + " (" + x[0] + "), column " + header[c]);
                }
            }
        }
    }

    private static int journalLines(Path dir) throws IOException {
        Path j = dir.resolve("points.jsonl");
        return Files.exists(j) ? journalIds(dir).size() : 0;
    }

    private static List<String> journalIds(Path dir) throws IOException {
        Pattern id = Pattern.compile("^\\{\"experimentId\":\"[^\"]*\",\"pointId\":\"([^\"]+)\"");
        List<String> ids = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("points.jsonl"))) {
            Matcher mt = id.matcher(line);
            if (mt.find()) {
                ids.add(mt.group(1));
            }
        }
        return ids;
    }

    private static int count(String text, String word) {
        int n = 0;
        for (int i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
            n++;
        }
        return n;
    }

    // ------------------------------------------------------------------ processes


    private Process start(String... args) throws IOException {
        List<String> cmd = LauncherJvm.command(tmp);
        cmd.add("-Xmx256m");
        cmd.add("-jar");
        cmd.add(JAR.toString());
        cmd.add("--plugins");
        cmd.add(tmp.resolve("plugins").toString());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(tmp.toFile()).start();
        processes.add(p);
        p.getOutputStream().close();
        return p;
    }

    private static void await(BooleanSupplier condition, Process p, Output o) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(MEMBER_START_SECONDS);
        while (!condition.getAsBoolean()) {
            assertTrue(p.isAlive(), "the member ended: " + o);
            assertTrue(System.nanoTime() < deadline, "the member did not join: " + o);
            Thread.sleep(100);
        }
    }

    private static Output run(Process p) throws Exception {
        Output o = pumped(p);
        assertTrue(p.waitFor(MEMBER_START_SECONDS, TimeUnit.SECONDS), "the launcher did not end: " + o);
        o.join();
        o.exit = p.exitValue();
        return o;
    }

    private static Output pumped(Process p) {
        Output o = new Output();
        o.threads.add(LauncherIT.pump(p.getInputStream(), o.out));
        o.threads.add(LauncherIT.pump(p.getErrorStream(), o.err));
        return o;
    }

    private static final class Output {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final List<Thread> threads = new ArrayList<>();
        int exit = -1;

        String out() {
            synchronized (out) {
                return out.toString(StandardCharsets.UTF_8);
            }
        }

        String err() {
            synchronized (err) {
                return err.toString(StandardCharsets.UTF_8);
            }
        }

        void join() throws InterruptedException {
            for (Thread t : threads) {
                t.join(10_000);
            }
        }

        @Override
        public String toString() {
            return "[out]\n" + out() + "\n[err]\n" + err();
        }
    }

}
