package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hardware multicast in steady mode (traffic multicast, engine tree-multicast) on the 128-node
 * Dawning fat tree: every multicast's copies are delivered and measured (the window completes), and
 * under load a root policy that knows the load (llp) spreads the multicasts over the top switches
 * where a fixed root (deterministic) piles them on one and saturates first. The software multicast
 * (binomial trees of unicast packets) delivers the same copies, later.
 */
class MulticastRootsTest {
    @TempDir
    Path tmp;

    private static final String STEADY = """
            name: multicast-roots
            topology: {name: extended-kary-ntree, k: 8, n: 2}
            hardware: {name: dawning5000, flitBytes: 8, switchLatencyCycles: 20, linkInterleaving: flits, injectionQueues: per-vc}
            traffic: {packetBytes: 256, patterns: [{name: multicast, fraction: 0.05}], injection: bernoulli}
            collective: {engine: tree-multicast, rootPolicy: POLICY}
            schemes:
              - {label: dmodk, routing: dmodk, queuing: {name: by-function, unicast: [unicast, mixed]}}
            loads: [LOAD]
            warmup: 2000
            measure: 6000
            drain: 30000
            seeds: [1]
            """;

    private PointResult run(String policy, String load) {
        List<PointResult> r = Fixtures.run(tmp, policy + load, STEADY.replace("POLICY", policy).replace("LOAD", load));
        return r.get(0);
    }

    @Test
    void atLowLoadEveryCopyIsDeliveredAndMeasured() {
        PointResult p = run("llp", "0.02");
        assertEquals("ok", p.notes().get("status"));
        double multicasts = PointRecords.metric(p, "collective.multicasts");
        assertTrue(multicasts > 0);
        // every multicast reaches the 127 other nodes (those still in flight at the end aside)
        double copies = PointRecords.metric(p, "collective.copies");
        assertTrue(copies <= multicasts * 127 && copies > multicasts * 127 * 0.95, copies + " copies of " + multicasts);
        assertEquals(8, PointRecords.metric(p, "collective.roots"), 1e-9, "the top switches");
        // accepted counts every copy: far above the offered load, which counts a multicast once
        assertTrue(PointRecords.metric(p, "accepted") > 5 * PointRecords.metric(p, "offered"));
    }

    @Test
    void aLoadAwareRootPolicyOutlastsAFixedRoot() {
        PointResult fixed = run("deterministic", "0.1");
        PointResult llp = run("llp", "0.1");
        double fixedLatency = PointRecords.metric(fixed, "latency.avg");
        double llpLatency = PointRecords.metric(llp, "latency.avg");
        assertTrue(llpLatency < fixedLatency / 2, "llp " + llpLatency + " cycles, deterministic " + fixedLatency);
        assertTrue(PointRecords.metric(llp, "collective.maxInFlight") < PointRecords.metric(fixed, "collective.maxInFlight"));
    }

    @Test
    void theSoftwareMulticastDeliversEveryCopyAsBinomialTreesOfUnicastPacketsAndIsSlower() {
        // every packet a multicast to the 128 nodes of the extended 8-ary 2-tree, both ways
        String yaml = STEADY.replace("fraction: 0.05", "fraction: 1.0").replace("rootPolicy: POLICY",
                "rootPolicy: llp, multicast: MODE").replace("LOAD", "0.002");
        PointResult hard = Fixtures.run(tmp, "hard", yaml.replace("MODE", "hardware")).get(0);
        PointResult soft = Fixtures.run(tmp, "soft", yaml.replace("MODE", "software")).get(0);
        for (PointResult p : List.of(hard, soft)) {
            assertNull(p.failure(), p.failure()); // the accounting check passed
            double measured = PointRecords.metric(p, "packets.measured");
            assertTrue(measured > 20, "measured multicasts " + measured);
            assertEquals(measured * 127, PointRecords.metric(p, "packets.measured.delivered"), 1e-9);
        }
        // the same multicasts are offered (the injection draws are the file's): the software one sends
        // one unicast packet per copy (127 per multicast, fewer for those in flight at the end) and no
        // engine multicast
        assertEquals(PointRecords.metric(hard, "packets.measured"), PointRecords.metric(soft, "packets.measured"), 1e-9);
        double started = PointRecords.metric(soft, "multicast.software.started");
        double messages = PointRecords.metric(soft, "multicast.software.messages");
        assertTrue(messages <= 127 * started && messages >= PointRecords.metric(soft, "packets.measured.delivered"),
                messages + " messages for " + started + " multicasts");
        assertEquals(0, PointRecords.metric(soft, "collective.multicasts"), 1e-9);
        // six rounds of messages, each with both interfaces' software, against one tree crossing
        assertTrue(PointRecords.metric(soft, "latency.avg") > 2 * PointRecords.metric(hard, "latency.avg"),
                "software " + PointRecords.metric(soft, "latency.avg") + ", hardware "
                        + PointRecords.metric(hard, "latency.avg"));
        ExperimentException bad = assertThrows(ExperimentException.class,
                () -> Fixtures.run(tmp, "bad", yaml.replace("MODE", "unicast")));
        Fixtures.assertContains(bad.getMessage(), "collective.multicast must be hardware");
    }

    @Test
    void anEnginesFailureNamesItsProvider() {
        // group 0 is nodes 0..7 (the barrier loop's members); node 8's multicast is refused by the engine
        String yaml = STEADY.replace("rootPolicy: POLICY", "rootPolicy: llp, barrier: {members: 8}").replace("LOAD",
                "0.05");
        RunHandle h = new ExperimentRunner(Fixtures.registry()).start(Fixtures.write(tmp, "outside.yaml", yaml),
                Fixtures.options(tmp.resolve("outside")), null);
        Fixtures.await(h);
        PointResult failed = h.results().get(0);
        assertTrue(failed.failed());
        Fixtures.assertContains(failed.failure(), "collective engine 'tree-multicast (org.fabrica.collective.tree");
        Fixtures.assertContains(failed.failure(), "of which it is not a member");
    }

    @Test
    void theRootPolicyOfAPausedRunCanBeSwappedAndTheSwapIsRecorded() {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        Path file = Fixtures.write(tmp, "swap.yaml", STEADY.replace("POLICY", "deterministic").replace("LOAD", "0.05"));
        RunHandle h = runner.start(file, new RunOptions(tmp.resolve("swap"), false, 1, Map.of(), true), null);
        Fixtures.waitFor("the point to park before its first cycle", () -> Fixtures.parkedAt(h) == 0);
        h.step(3000);
        assertEquals(3000L, Fixtures.parkedAt(h));
        ExperimentException unknown = assertThrows(ExperimentException.class, () -> h.swap("rootPolicy", "lpp", Map.of()));
        Fixtures.assertContains(unknown.getMessage(), "did you mean");
        h.swap("rootPolicy", "hlse", Map.of("threshold", 2.0));
        h.resume();
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        PointResult r = h.results().get(0);
        assertNull(r.failure(), r.failure());
        Fixtures.assertContains(r.notes().get("swaps"), "swap: cycle 3000, rootPolicy 'deterministic' -> 'hlse'");
        Fixtures.assertContains(r.notes().get("swaps"), "with threshold=2.0");
        assertTrue(PointRecords.metric(r, "collective.multicasts") > 0);

        // a run without a collective engine has no root policy to swap
        Path plain = Fixtures.write(tmp, "plain.yaml", Fixtures.TINY.replace("loads: [0.05, 0.1]", "loads: [0.1]"));
        RunHandle p = runner.start(plain, new RunOptions(tmp.resolve("plain"), false, 1, Map.of(), true), null);
        try {
            Fixtures.waitFor("the plain point to park", () -> Fixtures.parkedAt(p) == 0);
            ExperimentException none = assertThrows(ExperimentException.class,
                    () -> p.swap("rootPolicy", "llp", Map.of()));
            Fixtures.assertContains(none.getMessage(), "has no collective engine");
        } finally {
            p.stop();
        }
    }
}
