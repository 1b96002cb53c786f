package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Mode trace (docs/traces.md, "Experiment files"): the ping-pong example, errors, deadlocks. */
class TraceStudyTest {
    private static final Path EXAMPLE = Path.of("../../examples/traces/pingpong.yaml");

    @TempDir
    Path tmp;

    @Test
    void thePingPongExampleTakesTheZeroLoadLatencyPerMessage() throws Exception {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        RunHandle h = runner.start(EXAMPLE, Fixtures.options(tmp.resolve("out")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        Map<String, PointResult> byWorkload = h.results().stream()
                .collect(Collectors.toMap(r -> r.point().pointId().split("/")[0], r -> r));
        PointResult eager = byWorkload.get("pingpong");
        assertNull(eager.failure(), eager.failure());
        // 8 x 8 torus, nodes 0 and 19: h = 5 links; generic router: 5h + 6 + F with F = 8 flits
        int zeroLoad = 5 * 5 + 6 + 8;
        assertEquals(zeroLoad, PointRecords.metric(eager, "trace.message.latency.mean"), 1e-9);
        assertEquals(zeroLoad, PointRecords.metric(eager, "trace.message.latency.max"), 1e-9);
        assertEquals(20.0 * zeroLoad, PointRecords.metric(eager, "trace.execution"));
        assertEquals(20.0 * zeroLoad / 1000, PointRecords.metric(eager, "trace.executionMicros"), 1e-12);
        assertEquals(20.0, PointRecords.metric(eager, "trace.packets"));
        assertEquals(0.0, PointRecords.metric(eager, "trace.packets.protocol"));
        assertEquals(PointRecords.metric(eager, "trace.blocked.share"),
                PointRecords.metric(eager, "trace.blocked.receiveShare"), 1e-12, "eager sends never block");

        PointResult rendezvous = byWorkload.get("pingpong-4k");
        assertNull(rendezvous.failure(), rendezvous.failure());
        assertEquals(20 * (2 + 32), PointRecords.metric(rendezvous, "trace.packets"));
        assertEquals(40.0, PointRecords.metric(rendezvous, "trace.packets.protocol"));
        assertTrue(PointRecords.metric(rendezvous, "trace.execution") > 20.0 * (3 * zeroLoad + 31 * 8),
                "request, clear to send and 32 packets per message");

        Path nodes = tmp.resolve("out/series/pingpong_dor_trace_s1-nodes.csv");
        List<String> rows = Files.readAllLines(nodes);
        assertEquals("rank,copy,node,finish,finishMicros,blocked,receiveWait", rows.get(0));
        assertEquals("1,0,19," + 19 * zeroLoad, rows.get(2).substring(0, rows.get(2).indexOf(',', 7)));
        // rank activity (small replays): rank 1 first waits for the ping, 0 .. 39, blocked (kind 1)
        List<String> activity = Files.readAllLines(tmp.resolve("out/series/pingpong_dor_trace_s1.csv"));
        assertEquals("rank,start,end,kind", activity.get(0));
        assertTrue(activity.contains("1,0," + zeroLoad + ",1"), activity.toString());
        assertTrue(Files.exists(tmp.resolve("out/plots/activity-pingpong-dor.svg")));
        assertTrue(Files.exists(tmp.resolve("out/plots/execution-pingpong.svg")));
    }

    private static final String FILE = """
            name: t
            mode: trace
            topology: {name: torus, k: 4, n: 2}
            hardware: {name: generic}
            workloads:
              - label: w
                trace: w.trace
            replay: {packetBytes: 64}
            schemes:
              - {label: dor, routing: dor, queuing: dateline}
            """;

    private static final String TRACE = "fabrica-trace version 1 ranks 2\n0 send 1 8 0\n1 recv 0 8 0\n";

    @Test
    void multiRailNetworksAreRefusedInModeTrace() {
        Fixtures.write(tmp, "w.trace", TRACE);
        String m = Fixtures.refused(new ExperimentRunner(Fixtures.registry()), tmp,
                FILE.replace("{name: torus, k: 4, n: 2}", "{name: torus, k: 4, n: 2, rails: 2}"));
        assertTrue(m.contains("multi-rail networks (topology.rails) run in the modes that simulate the file's traffic"
                + " (collective, ramp and steady), not in mode trace; remove topology.rails"), m);
    }

    @Test
    void aSchemesOwnHardwareIsTheOneItRunsOn() {
        Fixtures.write(tmp, "w.trace", TRACE);
        // dateline queuing needs two VCs: a scheme whose own hardware has one is refused, so its
        // hardware is the one built for it, not the experiment's (4 VCs)
        String m = Fixtures.refused(new ExperimentRunner(Fixtures.registry()), tmp, FILE.replace("{name: generic}",
                "{name: generic, vcs: 4}").replace("queuing: dateline}", "queuing: dateline, hardware: {vcs: 1}}"));
        assertTrue(m.contains("scheme 'dor'"), m);
        RunHandle h = new ExperimentRunner(Fixtures.registry()).start(Fixtures.write(tmp, "ok.yaml", FILE.replace(
                "queuing: dateline}", "queuing: dateline, hardware: {vcs: 2}}")), Fixtures.options(tmp.resolve("ok")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        assertNull(h.results().get(0).failure(), h.results().get(0).failure());
    }

    @Test
    void aMissingTraceFileIsNamedWithTheKey() {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        String m = Fixtures.refused(runner, tmp, FILE);
        assertTrue(m.contains("workloads[0].trace: no such file " + tmp.resolve("w.trace")), m);
    }

    @Test
    void aTraceSyntaxErrorNamesTheTraceLine() {
        Fixtures.write(tmp, "w.trace", "fabrica-trace version 1 ranks 2\n0 sned 1 8 0\n");
        String m = Fixtures.refused(new ExperimentRunner(Fixtures.registry()), tmp, FILE);
        assertTrue(m.contains("w.trace:2:3") || m.contains("w.trace:2:"), m);
        assertTrue(m.contains("sned"), m);
    }

    @Test
    void anOtf2ArchiveIsImportedAndWhatItCannotHoldIsNamed() {
        Path otf2 = Path.of("../../examples/traces/otf2").toAbsolutePath().normalize();
        String comms = Fixtures.with(FILE, "trace: w.trace", "trace: " + otf2.resolve("comms/traces.otf2"));
        String m = Fixtures.refused(new ExperimentRunner(Fixtures.registry()), tmp, comms);
        assertTrue(m.contains("workloads[0].trace: "), m);
        assertTrue(m.contains("MPI_Barrier on 'even' has no counterpart"), m);
        assertTrue(m.contains("./fabrica trace import"), m);
    }

    @Test
    void mappingsAndSizesAreCheckedBeforeAnythingRuns() {
        Fixtures.write(tmp, "w.trace", TRACE);
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        String m = Fixtures.refused(runner, tmp, Fixtures.with(FILE, "trace: w.trace", "trace: w.trace\n    copies: 9"));
        assertTrue(m.contains("9 copies of 2 ranks need 18 nodes, but"), m);
        m = Fixtures.refused(runner, tmp, Fixtures.with(FILE, "trace: w.trace", "trace: w.trace\n    mapping: {nodes: [3]}"));
        assertTrue(m.contains("1 nodes listed for 2 ranks"), m);
        m = Fixtures.refused(runner, tmp, Fixtures.with(FILE, "trace: w.trace", "trace: w.trace\n    mapping: round"));
        assertTrue(m.contains("unknown mapping 'round'"), m);
        m = Fixtures.refused(runner, tmp, Fixtures.with(FILE, "trace: w.trace", "trace: w.trace\n    mapping: one-node"));
        assertTrue(m.contains("workloads[0].mapping: mapping 'one-node' (1 copies x 2 ranks) put ranks 0 and 1 both on"
                + " node 0; every rank needs a node of its own"), m);
        m = Fixtures.refused(runner, tmp, Fixtures.with(FILE, "replay: {packetBytes: 64}", "replay: {}"));
        assertTrue(m.contains("give the payload of a packet: replay: {packetBytes: 128}"), m);
        m = Fixtures.refused(runner, tmp, Fixtures.with(FILE, "trace: w.trace", "trace: w.trace\n    generate: {name: ptrans}"));
        assertTrue(m.contains("give either trace (a trace file) or generate"), m);
        m = Fixtures.refused(runner, tmp, FILE + "traffic: {packetFlits: 4}\n");
        assertTrue(m.contains("'traffic' is not used in mode trace"), m);
    }

    @Test
    void anApplicationDeadlockFailsThePointNamingRanksAndOperations() {
        Fixtures.write(tmp, "w.trace", "fabrica-trace version 1 ranks 2\n0 recv 1 8 0\n0 send 1 8 0\n"
                + "1 recv 0 8 0\n1 send 0 8 0\n");
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        RunHandle h = runner.start(Fixtures.write(tmp, "t.yaml", FILE), Fixtures.options(tmp.resolve("out")), null);
        assertEquals(RunState.FAILED, Fixtures.await(h));
        String failure = h.results().get(0).failure();
        assertNotNull(failure);
        assertTrue(failure.contains("application deadlock: 2 of 2 ranks wait"), failure);
        assertTrue(failure.contains("rank 0 (node 0): blocked since cycle 0 in event 0 (recv 1 8 0)"), failure);
        assertTrue(failure.contains("rank 1 (node 1): blocked since cycle 0 in event 0 (recv 0 8 0)"), failure);
    }

    @Test
    void aGeneratedPtransRunsOnCopiesSideBySide() {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        String yaml = Fixtures.with(FILE, "trace: w.trace", "generate: {name: ptrans, ranks: 4, order: 64, iterations: 2}\n"
                + "    copies: 4\n    mapping: random");
        RunHandle h = runner.start(Fixtures.write(tmp, "t.yaml", yaml), Fixtures.options(tmp.resolve("out")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        PointResult r = h.results().get(0);
        assertNull(r.failure(), r.failure());
        assertEquals(16.0, PointRecords.metric(r, "trace.ranks"));
        // a 2 x 2 grid: ranks 1 and 2 swap a 32 x 32 block of doubles (8,192 bytes, eager: 128 packets
        // of 64 bytes) in each of 2 iterations; the diagonal ranks keep theirs; 4 copies
        assertEquals(4 * 2 * 2.0, PointRecords.metric(r, "trace.messages"));
        assertEquals(4 * 2 * 2 * 128.0, PointRecords.metric(r, "trace.packets"));
        assertTrue(PointRecords.metric(r, "trace.execution") >= 128 * 4,
                "128 packets of 4 flits cannot arrive faster than the link");
    }

    @Test
    void hpccPtransRunsAndItsParametersAreCheckedByItsMetatypeInterface() {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        String m = Fixtures.refused(runner, tmp, Fixtures.with(FILE, "trace: w.trace",
                "generate: {name: hpcc-ptrans, ranks: 4, order: 64, repetition: 2}"));
        assertTrue(m.contains("unknown parameter 'repetition'") && m.contains("repetitions"), m);
        m = Fixtures.refused(runner, tmp, Fixtures.with(FILE, "trace: w.trace",
                "generate: {name: hpcc-ptrans, ranks: 4, order: 64, gridRows: 3}"));
        assertTrue(m.contains("workloads[0].generate: a grid with 3 rows cannot hold 4 ranks"), m);
        m = Fixtures.refused(runner, tmp, Fixtures.with(FILE, "trace: w.trace", "generate: {name: hpcc-ptrans, ranks: 4}"));
        assertTrue(m.contains("'order' is required"), m);
        String yaml = Fixtures.with(FILE, "trace: w.trace", "generate: {name: hpcc-ptrans, ranks: 4, order: 64, blockSize: 16,"
                + " repetitions: 2, gridPlacement: row-major}\n    copies: 4");
        RunHandle h = runner.start(Fixtures.write(tmp, "t.yaml", yaml), Fixtures.options(tmp.resolve("out")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        PointResult r = h.results().get(0);
        assertNull(r.failure(), r.failure());
        assertEquals(16.0, PointRecords.metric(r, "trace.ranks"));
        // a 2 x 2 grid: ranks 1 and 2 swap their 32 x 32 doubles (8,192 bytes: 128 packets of 64 bytes) in each of
        // the 2 repetitions, 4 copies; the allreduces and barriers add one-packet messages
        assertTrue(PointRecords.metric(r, "trace.packets") > 4 * 2 * 2 * 128.0);
    }
}
