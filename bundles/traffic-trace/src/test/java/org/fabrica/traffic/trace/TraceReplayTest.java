package org.fabrica.traffic.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fabrica.network.NetworkModel;
import org.junit.jupiter.api.Test;

/**
 * Replays of hand-written traces with known answers on the real flit network (8 x 8 torus, dor,
 * generic router: a lone 8-flit packet over h links takes 5h + 14 cycles).
 */
class TraceReplayTest {
    private final ReplayRun run = new ReplayRun();

    /** 1-ns cycles, 128-byte packets (8 flits of 16 bytes), eager up to 1 KiB. */
    private static ReplayParameters parameters() {
        return new ReplayParameters(128, 1024, 1.0, 1.0);
    }

    private static String pingpong(int iterations, long bytes) {
        StringBuilder sb = new StringBuilder("fabrica-trace version 1 ranks 2\n");
        for (int i = 0; i < iterations; i++) {
            sb.append("0 send 1 ").append(bytes).append(" 0\n0 recv 1 ").append(bytes).append(" 0\n");
            sb.append("1 recv 0 ").append(bytes).append(" 0\n1 send 0 ").append(bytes).append(" 0\n");
        }
        return sb.toString();
    }

    private TraceReplay replay(String text, int[] mapping, ReplayParameters p) {
        return TraceReplay.of(TraceReplay.prepare(TraceReader.parse(text, "test.trace")), mapping.length
                / TraceReader.parse(text, "test.trace").ranks(), mapping, run.nodes(), p);
    }

    @Test
    void eagerPingPongTakesTwoZeroLoadLatenciesPerIteration() {
        // node 0 = (0,0) and node 19 = (3,2): 5 hops either way
        TraceReplay r = replay(pingpong(3, 100), new int[] {0, 19}, parameters());
        NetworkModel net = run.run(r);
        int latency = run.zeroLoad(5);
        assertEquals(39, latency);
        assertTrue(r.finished(), () -> String.join("\n", r.unfinished()));
        assertEquals(6L * latency, r.executionCycles());
        assertEquals(6L * latency, r.finishCycle(0));
        assertEquals(5L * latency, r.finishCycle(1), "rank 1's last send completes when posted (eager)");
        assertEquals(6, net.delivered());
        assertEquals(6, r.packets(0));
        assertEquals(0, r.packets(1) + r.packets(2) + r.packets(3));
        for (long l : r.messageLatencies()) {
            assertEquals(latency, l);
        }
        // rank 1 waits for the ping every time: 39 cycles first, then 2 x 39 between its pings
        assertEquals(latency + 2L * 2 * latency, r.blockedCycles(1));
        assertEquals(r.blockedCycles(1), r.receiveWaitCycles(1), "eager sends never wait: all of it is receives");
    }

    @Test
    void rendezvousAddsTheTwoHandshakeLatenciesToTheDataTransfer() {
        // 1,000 bytes over 128-byte packets = 8 packets. The same message sent eagerly, alone, gives
        // the data's own transfer time D (the router's per-packet VC reallocation included);
        // rendezvous adds a request and a clear to send, one zero-load latency each.
        String once = "fabrica-trace version 1 ranks 2\n0 send 1 1000 0\n1 recv 0 1000 0\n";
        TraceReplay eager = replay(once, new int[] {0, 19}, new ReplayParameters(128, 4096, 1.0, 1.0));
        run.run(eager);
        long data = eager.finishCycle(1);
        assertTrue(data >= run.zeroLoad(5) + 7 * run.packetFlits, "8 packets cannot arrive faster than the link");
        TraceReplay r = replay(pingpong(2, 1000), new int[] {0, 19}, new ReplayParameters(128, 512, 1.0, 1.0));
        run.run(r);
        assertTrue(r.finished(), () -> String.join("\n", r.unfinished()));
        assertEquals(4 * (2L * run.zeroLoad(5) + data), r.executionCycles());
        assertEquals(4, r.packets(1), "one request per message");
        assertEquals(4, r.packets(2), "one clear to send per message");
        assertEquals(32, r.packets(3), "8 data packets per message");
        // a rendezvous send waits for the clear to send and its data's delivery: not a receive wait
        assertEquals(2 * (2L * run.zeroLoad(5) + data), r.blockedCycles(0) - r.receiveWaitCycles(0));
        assertEquals(r.packets(), TraceReplay.prepare(TraceReader.parse(pingpong(2, 1000), "t"))
                .packets(new ReplayParameters(128, 512, 1.0, 1.0)), "known before the run");
        assertEquals(0, r.packets(0));
    }

    @Test
    void eagerAndRendezvousPacketCountsFollowTheThreshold() {
        String trace = "fabrica-trace version 1 ranks 2\n"
                + "0 isend 1 0 0 r0\n0 isend 1 1024 1 r1\n0 isend 1 1025 2 r2\n0 isend 1 4096 3 r3\n0 waitall\n"
                + "1 irecv 0 0 0 r0\n1 irecv 0 1024 1 r1\n1 irecv 0 1025 2 r2\n1 irecv 0 4096 3 r3\n1 waitall\n";
        TraceReplay r = replay(trace, new int[] {0, 1}, parameters());
        run.run(r);
        assertTrue(r.finished(), () -> String.join("\n", r.unfinished()));
        assertEquals(1 + 8, r.packets(0), "0 bytes: one packet; 1,024 bytes: 8 packets, both eager");
        assertEquals(2, r.packets(1));
        assertEquals(2, r.packets(2));
        assertEquals(9 + 32, r.packets(3), "1,025 bytes: 9 packets; 4,096 bytes: 32");
    }

    @Test
    void ringOfNonBlockingExchangesFinishesInOneHop() {
        // four ranks on nodes 0..3 of the first row: every message crosses one x link, each link once
        String trace = "fabrica-trace version 1 ranks 4\n"
                + "0 irecv 3 64 0 r0\n0 isend 1 64 0 r1\n0 waitall\n"
                + "1 irecv 0 64 0 r0\n1 isend 2 64 0 r1\n1 waitall\n"
                + "2 irecv 1 64 0 r0\n2 isend 3 64 0 r1\n2 waitall\n"
                + "3 irecv 2 64 0 r0\n3 isend 0 64 0 r1\n3 waitall\n";
        run.k = 4;
        TraceReplay r = replay(trace, new int[] {0, 1, 2, 3}, parameters());
        run.run(r);
        assertTrue(r.finished());
        assertEquals(run.zeroLoad(1), r.executionCycles());
        for (int g = 0; g < 4; g++) {
            assertEquals(run.zeroLoad(1), r.finishCycle(g));
        }
    }

    @Test
    void computeAdvancesTheClockScaled() {
        String trace = "fabrica-trace version 1 ranks 2\n0 compute 1000\n0 send 1 8 0\n1 recv 0 8 0\n1 compute 300\n";
        ReplayParameters half = new ReplayParameters(128, 1024, 0.5, 2.0); // 2-ns cycles, half the compute
        TraceReplay r = replay(trace, new int[] {0, 19}, half);
        run.run(r);
        assertEquals(250, r.finishCycle(0));
        assertEquals(250 + run.zeroLoad(5) + 75, r.finishCycle(1));
        assertEquals(250 + run.zeroLoad(5), r.blockedCycles(1));
    }

    @Test
    void activityRecordsComputeAndBlockedIntervals() {
        String trace = "fabrica-trace version 1 ranks 2\n0 compute 100\n0 send 1 8 0\n1 recv 0 8 0\n1 compute 50\n";
        TraceReplay r = replay(trace, new int[] {0, 19}, parameters());
        r.recordActivity();
        run.run(r);
        long arrival = 100 + run.zeroLoad(5);
        assertEquals(List.of(0L, 100L, (long) TraceReplay.ACTIVITY_COMPUTE), boxed(r.activity(0)));
        assertEquals(List.of(0L, arrival, (long) TraceReplay.ACTIVITY_BLOCKED, arrival, arrival + 50,
                (long) TraceReplay.ACTIVITY_COMPUTE), boxed(r.activity(1)));
    }

    private static List<Long> boxed(long[] a) {
        return java.util.Arrays.stream(a).boxed().toList();
    }

    @Test
    void aCycleOfBlockingReceivesIsReportedAsAnApplicationDeadlock() {
        String trace = "fabrica-trace version 1 ranks 2\n"
                + "0 recv 1 8 5\n0 send 1 8 5\n"
                + "1 recv 0 8 5\n1 send 0 8 5\n";
        TraceReplay r = replay(trace, new int[] {0, 19}, parameters());
        NetworkModel net = run.run(r);
        assertFalse(r.finished());
        assertEquals(-1, r.executionCycles());
        assertEquals(0, net.generated());
        List<String> report = r.unfinished();
        assertEquals(2, report.size());
        assertTrue(report.get(0).startsWith("rank 0 (node 0): blocked since cycle 0 in event 0 (recv 1 8 5)"),
                report.get(0));
        assertTrue(report.get(0).contains("rank 1 has not posted the send"), report.get(0));
        assertTrue(report.get(1).startsWith("rank 1 (node 19): blocked since cycle 0 in event 0 (recv 0 8 5)"),
                report.get(1));
    }

    @Test
    void sendsFirstCompleteEagerlyButDeadlockUnderRendezvous() {
        String trace = "fabrica-trace version 1 ranks 2\n"
                + "0 send 1 2000 0\n0 recv 1 2000 0\n"
                + "1 send 0 2000 0\n1 recv 0 2000 0\n";
        TraceReplay eager = replay(trace, new int[] {0, 19}, new ReplayParameters(128, 4096, 1, 1));
        run.run(eager);
        assertTrue(eager.finished(), () -> String.join("\n", eager.unfinished()));
        TraceReplay rendezvous = replay(trace, new int[] {0, 19}, new ReplayParameters(128, 1024, 1, 1));
        run.run(rendezvous);
        assertFalse(rendezvous.finished());
        List<String> report = rendezvous.unfinished();
        assertEquals(2, report.size());
        assertTrue(report.get(0).contains("(send 1 2000 0)") && report.get(0).contains("has not posted the receive"),
                report.get(0));
        assertEquals(2, rendezvous.packets(1), "both requests to send went out");
        assertEquals(0, rendezvous.packets(2));
    }

    @Test
    void aReceiveWithoutASendIsNamedInTheReport() {
        String trace = "fabrica-trace version 1 ranks 2\n0 recv 1 8 7\n1 compute 10\n";
        TraceReplay.Prepared prepared = TraceReplay.prepare(TraceReader.parse(trace, "t"));
        assertEquals(List.of("rank 0, event 0 (recv 1 8 7)"), prepared.unmatchedReceives());
        TraceReplay r = TraceReplay.of(prepared, 1, new int[] {0, 1}, run.nodes(), parameters());
        run.run(r);
        assertEquals(10, r.finishCycle(1));
        assertTrue(r.unfinished().get(0).contains("no matching send in the trace"), r.unfinished().get(0));
    }

    @Test
    void barrierAndAllreduceCompleteOnEveryRankAfterTheLastArrival() {
        String trace = "fabrica-trace version 1 ranks 5\n"
                + "0 compute 400\n0 barrier\n0 allreduce 64\n"
                + "1 barrier\n1 allreduce 64\n2 barrier\n2 allreduce 64\n3 barrier\n3 allreduce 64\n"
                + "4 barrier\n4 allreduce 64\n";
        TraceReplay r = replay(trace, new int[] {0, 9, 18, 27, 36}, parameters());
        run.run(r);
        assertTrue(r.finished(), () -> String.join("\n", r.unfinished()));
        for (int g = 0; g < 5; g++) {
            assertTrue(r.finishCycle(g) > 400, "no rank leaves the barrier before rank 0 enters it");
        }
        // dissemination over 5 ranks: 3 rounds x 5 messages; recursive doubling over 5 (docs/traces.md):
        // rank 0 sends its vector to rank 1, 4 ranks exchange in 2 rounds (8 messages), rank 1 sends back
        long expected = TraceReplay.prepare(TraceReader.parse(trace, "t")).messages();
        assertEquals(expected, r.packets(), "every message is one eager packet");
        assertEquals(15 + 1 + 8 + 1, expected);
    }

    @Test
    void bcastAndReduceRunOnTheNetworkFromAndToTheirRoot() {
        String trace = "fabrica-trace version 1 ranks 5\n"
                + "0 bcast 3 64\n0 reduce 2 64\n1 bcast 3 64\n1 reduce 2 64\n2 bcast 3 64\n2 reduce 2 64\n"
                + "3 compute 400\n3 bcast 3 64\n3 reduce 2 64\n4 bcast 3 64\n4 reduce 2 64\n";
        TraceReplay r = replay(trace, new int[] {0, 9, 18, 27, 36}, parameters());
        run.run(r);
        assertTrue(r.finished(), () -> String.join("\n", r.unfinished()));
        for (int g = 0; g < 5; g++) {
            if (g != 3) { // the root's own eager sends complete as it posts them, at cycle 400
                assertTrue(r.finishCycle(g) > 400, "rank " + g + " has the root's vector only after the root computed");
            }
        }
        assertTrue(r.finishCycle(2) > r.finishCycle(3), "the reduce's root waits for the bcast root's vector");
        assertEquals(4 + 4, r.packets(), "n - 1 eager messages each");
    }

    @Test
    void copiesRunSideBySideWithoutMatchingEachOther() {
        // two copies of the ping-pong on disjoint rows, far apart: each as fast as alone
        TraceReplay r = replay(pingpong(2, 100), new int[] {0, 3, 32, 35}, parameters());
        run.run(r);
        assertTrue(r.finished());
        assertEquals(4L * run.zeroLoad(3), r.finishCycle(0));
        assertEquals(4L * run.zeroLoad(3), r.finishCycle(2));
        assertEquals(8, r.packets());
        assertEquals(8, r.messages());
    }

    @Test
    void aMessageToOneselfCrossesNoLink() {
        String trace = "fabrica-trace version 1 ranks 1\n0 irecv 0 5000 0 r0\n0 send 0 5000 0\n0 wait r0\n";
        TraceReplay r = replay(trace, new int[] {7}, new ReplayParameters(128, 1024, 1, 1));
        NetworkModel net = run.run(r);
        assertTrue(r.finished());
        assertEquals(0, r.executionCycles());
        assertEquals(0, net.generated());
    }

    @Test
    void aReplayRefusesAMappingThatSharesANode() {
        TraceReplay.Prepared p = TraceReplay.prepare(TraceReader.parse("fabrica-trace version 1 ranks 2\n", "t"));
        ReplayParameters params = new ReplayParameters(64, 0, 1, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TraceReplay.of(p, 1, new int[] {3, 3}, 8, params));
        assertTrue(e.getMessage().contains("the mapping put ranks 0 and 1 both on node 3"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TraceReplay.of(p, 2, new int[] {0, 1}, 8, params));
        assertTrue(e.getMessage().contains("2 copies of 2 ranks need 4"), e.getMessage());
    }
}
