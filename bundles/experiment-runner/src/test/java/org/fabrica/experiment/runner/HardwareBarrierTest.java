package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hardware barrier (collective engine tree-barrier) replayed on the Dawning network: its time
 * equals the latency model built from the documented one-flit message latencies, cycle for cycle.
 * A message through s switches takes L(s) = 271 + 36 (s - 1) cycles (SoftwareBarrierTest), of
 * which O = 218 are the interfaces' software (2 x 700 ns at 6.4 ns) and N(s) = L(s) - O the
 * network. With every member entering at once:
 * <ul>
 * <li>switch root: one message's time across the tree, L(2h - 1) for a tree of height h routers;</li>
 * <li>node root: O + 2 N(s), s the switches between the root node and its farthest member (the
 * root's interface turns the combined arrival around without software);</li>
 * <li>Quadrics-style: O + 3 N(s) (start down, answers up, completion down).</li>
 * </ul>
 * In a loop of B barriers the root's start of the next barrier travels while the previous
 * completion does, so Quadrics costs B (O + 2 N) + N: the start is hidden once the root runs ahead.
 */
class HardwareBarrierTest {
    @TempDir
    Path tmp;

    private static final String BARRIERS = """
            name: hardware-barrier
            mode: trace
            topology: {name: extended-kary-ntree, k: 8, n: 3}
            hardware: {name: dawning5000, flitBytes: 8, switchLatencyCycles: 20, linkInterleaving: flits}
            workloads:
              - {label: p, generate: {name: barriers, ranks: RANKS, barriers: COUNT}}
            replay: {packetBytes: 8, eagerBytes: 1024, barriers: hardware}
            collective: {engine: {name: tree-barrier, root: ROOT, protocol: PROTOCOL}}
            schemes:
              - {label: dmodk, routing: dmodk, queuing: {name: by-function, unicast: [unicast, mixed]}}
            seeds: [1]
            """;

    private static final long O = 218;

    private static long message(int switches) {
        return 271 + 36L * (switches - 1);
    }

    private static long network(int switches) {
        return message(switches) - O;
    }

    /** Switches on the longest path of a tree over nodes 0 .. P-1: 1 in one leaf (8 nodes), 3 in one level-2 subtree (64), 5 beyond. */
    private static int span(int ranks) {
        return ranks <= 8 ? 1 : ranks <= 64 ? 3 : 5;
    }

    private double execution(String root, String protocol, int ranks, int count) {
        String yaml = BARRIERS.replace("RANKS", Integer.toString(ranks)).replace("COUNT", Integer.toString(count))
                .replace("ROOT", root).replace("PROTOCOL", protocol);
        PointResult r = Fixtures.run(tmp, root + protocol + ranks + "x" + count, yaml).get(0);
        return PointRecords.metric(r, "trace.execution");
    }

    @Test
    void aSwitchRootBarrierTakesOneMessageAcrossTheTree() {
        for (int ranks : new int[] {2, 16, 64, 100, 1024}) {
            assertEquals(message(span(ranks)), execution("switch", "combining", ranks, 1), 1e-9, ranks + " ranks");
        }
        // back to back: every member completes in the same cycle and enters the next at once
        assertEquals(5 * message(5), execution("switch", "combining", 1024, 5), 1e-9);
    }

    @Test
    void aNodeRootAddsTheWayToTheRootNodeAndBack() {
        for (int ranks : new int[] {2, 16, 1024}) {
            assertEquals(O + 2 * network(span(ranks)), execution("node", "combining", ranks, 1), 1e-9, ranks + " ranks");
        }
        assertEquals(5 * (O + 2 * network(5)), execution("node", "combining", 1024, 5), 1e-9);
    }

    @Test
    void quadricsCrossesTheTreeThreeTimes() {
        for (int ranks : new int[] {2, 64, 1024}) {
            assertEquals(O + 3 * network(span(ranks)), execution("node", "quadrics", ranks, 1), 1e-9, ranks + " ranks");
        }
        assertEquals(5 * (O + 2 * network(5)) + network(5), execution("node", "quadrics", 1024, 5), 1e-9);
    }

    @Test
    void theHardwareBarrierBeatsTheSoftwareOneFromSixteenRanksOn() {
        String software = BARRIERS.replace("RANKS", "64").replace("COUNT", "1").replace(", barriers: hardware", "")
                .replace("collective: {engine: {name: tree-barrier, root: ROOT, protocol: PROTOCOL}}\n", "");
        double soft = PointRecords.metric(Fixtures.run(tmp, "software", software).get(0), "trace.execution");
        double hard = execution("switch", "combining", 64, 1);
        assertTrue(soft > 3 * hard, "software " + soft + " cycles, hardware " + hard);
    }

    @Test
    void aBadBarrierSettingOrAQuadricsBarrierAtASwitchIsRefused() {
        String bad = BARRIERS.replace("RANKS", "4").replace("COUNT", "1").replace("barriers: hardware", "barriers: hw")
                .replace("ROOT", "switch").replace("PROTOCOL", "combining");
        ExperimentException e = assertThrows(ExperimentException.class, () -> Fixtures.run(tmp, "bad", bad));
        assertTrue(e.getMessage().contains("replay.barriers must be software"), e.getMessage());
        String quadricsAtSwitch = BARRIERS.replace("RANKS", "4").replace("COUNT", "1").replace("ROOT", "switch")
                .replace("PROTOCOL", "quadrics");
        e = assertThrows(ExperimentException.class, () -> Fixtures.run(tmp, "qs", quadricsAtSwitch));
        assertTrue(e.getMessage().contains("set root: node"), e.getMessage());
    }

    private static final String LOSSY = """
            name: lossy-barrier
            mode: trace
            topology: {name: extended-kary-ntree, k: 8, n: 3}
            hardware: {name: dawning5000, flitBytes: 8, switchLatencyCycles: 20, linkInterleaving: flits}
            network: {name: flit, bitErrorRate: 1.0e-4}
            workloads:
              - {label: p, generate: {name: barriers, ranks: 64, barriers: 20}}
            replay: {packetBytes: 8, eagerBytes: 1024, barriers: hardware}
            collective: {engine: {name: tree-barrier, root: switch, reliable: RELIABLE, timeoutCycles: 500}}
            schemes:
              - {label: dmodk, routing: dmodk, queuing: {name: by-function, unicast: [unicast, mixed]}}
            seeds: [1]
            """;

    @Test
    void overLossyLinksTheReliableBarrierCompletesEveryBarrierAndCountsItsRecovery() {
        // 1e-4 per bit: a barrier packet is lost on 0.6% of its link crossings
        PointResult r = Fixtures.run(tmp, "reliable", LOSSY.replace("RELIABLE", "true")).get(0);
        assertEquals(20, PointRecords.metric(r, "collective.barriers"), 1e-9);
        double dropped = PointRecords.metric(r, "collective.dropped");
        assertTrue(dropped > 0, "drops " + dropped);
        assertTrue(PointRecords.metric(r, "collective.resent") + PointRecords.metric(r, "collective.urges") > 0);
        // slower than the 20 barriers of a lossless network (343 cycles each), as each loss waits for a timeout
        assertTrue(PointRecords.metric(r, "trace.execution") > 20 * message(3));
        // without the protocol a lost packet stops the barrier, and the report says why
        org.fabrica.experiment.RunHandle h = new ExperimentRunner(Fixtures.registry()).start(Fixtures.write(tmp,
                "unreliable.yaml", LOSSY.replace("RELIABLE", "false")), Fixtures.options(tmp.resolve("unreliable")), null);
        Fixtures.await(h);
        PointResult stuck = h.results().get(0);
        assertTrue(stuck.failed());
        assertTrue(stuck.failure().contains("lost to link errors") && stuck.failure().contains("reliable: true"),
                stuck.failure());
    }
}
