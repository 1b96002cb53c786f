package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hardware multicast in steady mode (traffic multicast, engine tree-multicast) on the 128-node
 * Dawning fat tree: every multicast's copies are delivered and measured (the window completes), and
 * under load a root policy that knows the load (llp) spreads the multicasts over the top switches
 * where a fixed root (deterministic) piles them on one and saturates first.
 */
class MulticastRootsTest {
    @TempDir
    Path tmp;

    private static final String STEADY = """
            name: multicast-roots
            topology: {name: extended-kary-ntree, k: 8, n: 2}
            hardware: {name: dawning5000, injectionQueues: per-vc}
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
}
