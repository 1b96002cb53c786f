package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.fabrica.collective.load.BarrierLoop;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loop of hardware barriers beside steady unicast load (steady mode's {@code collective}
 * section, {@link BarrierLoop}) on the 128-node Dawning fat tree (extended 8-ary 2-tree): without
 * load every barrier takes one message's time across the tree (343 cycles through three switches,
 * HardwareBarrierTest), back to back; under load, barrier packets in the top-priority barrier VC
 * stay within a few cycles of it while barrier packets sharing the unicast VCs wait behind data.
 */
class BarrierLoopTest {
    @TempDir
    Path tmp;

    private static final String STEADY = """
            name: barrier-loop
            topology: {name: extended-kary-ntree, k: 8, n: 2}
            hardware: {name: dawning5000, flitBytes: 8, switchLatencyCycles: 20, linkInterleaving: flits, injectionQueues: per-vc}
            traffic: {packetBytes: 256, patterns: [uniform], injection: bernoulli}
            collective:
              engine: {name: tree-barrier, root: switch}
              barrier: {MEMBERS gapNs: GAP}
            schemes:
              - {label: barrier-vc, routing: dmodk, queuing: {name: by-function, unicast: [unicast, mixed]}}
              - {label: shared-vc, routing: dmodk, queuing: {name: by-function, unicast: [unicast, mixed], barrier: [unicast, mixed]}}
            loads: [LOADS]
            warmup: 2000
            measure: 6000
            drain: 10000
            seeds: [1]
            """;

    private List<PointResult> run(String name, String members, String gap, String loads) {
        return Fixtures.run(tmp, name, STEADY.replace("MEMBERS", members).replace("GAP", gap).replace("LOADS", loads));
    }

    private static PointResult point(List<PointResult> results, String scheme, double load) {
        String id = "uniform/" + scheme + "/l" + (load == 0 ? "0" : Double.toString(load)) + "/s1";
        return results.stream().filter(r -> r.point().pointId().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no point " + id + " in " + results.stream()
                        .map(r -> r.point().pointId()).toList()));
    }

    @Test
    void withoutLoadEveryBarrierTakesOneMessageAcrossTheTreeBackToBack() {
        List<PointResult> r = run("idle", "", "0", "0.0");
        for (String scheme : List.of("barrier-vc", "shared-vc")) {
            PointResult p = point(r, scheme, 0.0);
            assertEquals(343, PointRecords.metric(p, BarrierLoop.LATENCY), 1e-9, scheme);
            // the window (6,000 cycles) holds 17 or 18 completions of every member, 343 cycles apart
            double perMember = PointRecords.metric(p, BarrierLoop.BARRIERS);
            assertTrue(perMember >= 17 && perMember <= 18, perMember + " barriers per member");
            assertEquals(perMember * 128, PointRecords.metric(p, BarrierLoop.COMPLETIONS), 1e-9);
        }
        // a gap of 1 us (156 cycles at 6.4 ns) between barriers: fewer of them, each as fast
        PointResult gap = point(run("gap", "", "1000", "0.0"), "barrier-vc", 0.0);
        assertEquals(343, PointRecords.metric(gap, BarrierLoop.LATENCY), 1e-9);
        double perMember = PointRecords.metric(gap, BarrierLoop.BARRIERS);
        assertTrue(perMember >= 11 && perMember <= 13, perMember + " barriers per member with the gap");
    }

    @Test
    void underLoadTheBarrierVcKeepsTheBarrierFastAndASharedVcDoesNot() {
        List<PointResult> r = run("loaded", "members: 64,", "0", "0.5");
        double own = PointRecords.metric(point(r, "barrier-vc", 0.5), BarrierLoop.LATENCY);
        double shared = PointRecords.metric(point(r, "shared-vc", 0.5), BarrierLoop.LATENCY);
        assertTrue(own >= 343 && own < 343 + 20, "barrier VC: " + own + " cycles");
        assertTrue(shared > own + 150, "shared VC: " + shared + " cycles against " + own + " (about 1 us more expected)");
        // the unicast traffic is measured as ever beside it
        assertTrue(PointRecords.metric(point(r, "barrier-vc", 0.5), "accepted") > 0.45);
    }

    @Test
    void aLoopOfMoreMembersThanNodesOrABadGapIsRefused() {
        ExperimentException e = assertThrows(ExperimentException.class, () -> run("many", "members: 200,", "0", "0.1"));
        assertTrue(e.getMessage().contains("collective.barrier.members = 200") && e.getMessage().contains("at most 128"),
                e.getMessage());
        e = assertThrows(ExperimentException.class, () -> run("gap", "", "-5", "0.1"));
        assertTrue(e.getMessage().contains("collective.barrier.gapNs"), e.getMessage());
    }
}
