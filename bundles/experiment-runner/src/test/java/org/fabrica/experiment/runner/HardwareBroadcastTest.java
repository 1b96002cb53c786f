package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace's broadcasts replayed as the network's multicasts ({@code replay.broadcasts: hardware},
 * engine tree-multicast) on the Dawning network. One broadcast of one 256-byte packet (32 flits)
 * takes the time of one unicast message of that size across the multicast tree, plus the
 * replication delay at every branch point on the longest way down. A one-flit message through s
 * switches takes 271 + 36 (s - 1) cycles (SoftwareBarrierTest); 31 more flits add 31.
 */
class HardwareBroadcastTest {
    @TempDir
    Path tmp;

    private static final String BROADCASTS = """
            name: hardware-broadcast
            mode: trace
            topology: {name: extended-kary-ntree, k: 8, n: 3}
            hardware: {name: dawning5000, flitBytes: 8, switchLatencyCycles: 20, linkInterleaving: flits, injectionQueues: per-vc}
            workloads:
              - {label: p, generate: {name: broadcasts, ranks: RANKS, broadcasts: COUNT, bytes: BYTES, root: ROOT}}
            replay: {packetBytes: 256, broadcasts: hardware}
            collective: {engine: {name: ENGINE, replicationCycles: REPLICATION}, rootPolicy: llp}
            schemes:
              - {label: dmodk, routing: dmodk, queuing: {name: by-function, unicast: [unicast, mixed]}}
            seeds: [1]
            """;

    private static String yaml(int ranks, int count, long bytes, String root, int replication) {
        return BROADCASTS.replace("RANKS", Integer.toString(ranks)).replace("COUNT", Integer.toString(count))
                .replace("BYTES", Long.toString(bytes)).replace("ROOT", root)
                .replace("REPLICATION", Integer.toString(replication)).replace("ENGINE", "tree-multicast");
    }

    private PointResult run(String name, String yaml) {
        return Fixtures.run(tmp, name, yaml).get(0);
    }

    /** A 32-flit message through s switches. */
    private static long message(int switches) {
        return 271 + 36L * (switches - 1) + 31;
    }

    @Test
    void oneBroadcastTakesOneMessageAcrossTheTreePlusTheReplicationAtEachBranchPoint() {
        // 16 ranks (two leaf switches): up to a level-2 root, which branches, and each leaf branches again
        assertEquals(message(3), PointRecords.metric(run("p16r0", yaml(16, 1, 256, "0", 0)), "trace.execution"), 1e-9);
        assertEquals(message(3) + 2 * 23, PointRecords.metric(run("p16", yaml(16, 1, 256, "0", 23)), "trace.execution"),
                1e-9);
        // 1,024 ranks: up to a top switch, down through three branching levels
        PointResult all = run("p1024", yaml(1024, 1, 256, "0", 23));
        assertEquals(message(5) + 3 * 23, PointRecords.metric(all, "trace.execution"), 1e-9);
        assertEquals(1023, PointRecords.metric(all, "collective.copies"), 1e-9);
        assertEquals(1, PointRecords.metric(all, "trace.packets"), 1e-9);
    }

    @Test
    void aLongBroadcastIsOneMulticastPerPacketAndEveryRankGetsEachOnce() {
        // 1,000 bytes: 4 packets of 256; 8 broadcasts from every rank in turn
        PointResult r = run("long", yaml(8, 8, 1000, "rotate", 23));
        assertEquals(8 * 4, PointRecords.metric(r, "collective.multicasts"), 1e-9);
        assertEquals(8 * 4 * 7, PointRecords.metric(r, "collective.copies"), 1e-9);
        assertEquals(8 * 4, PointRecords.metric(r, "trace.packets"), 1e-9);
        assertEquals(0, PointRecords.metric(r, "trace.messages"), 1e-9);
    }

    @Test
    void theHardwareBroadcastBeatsTheBinomialTreeOverMessages() {
        String hardware = yaml(64, 1, 256, "0", 23);
        String software = hardware.replace("broadcasts: hardware", "broadcasts: software");
        double hard = PointRecords.metric(run("hard", hardware), "trace.execution");
        PointResult soft = run("soft", software);
        // six rounds of messages (log2 64), each paying both interfaces' software overheads
        assertEquals(63, PointRecords.metric(soft, "trace.messages"), 1e-9);
        assertTrue(PointRecords.metric(soft, "trace.execution") > 4 * hard,
                "software " + PointRecords.metric(soft, "trace.execution") + ", hardware " + hard);
    }

    @Test
    void theSummaryNamesHowCollectivesRunAndAnUnusedCollectiveSection() {
        String hardware = yaml(4, 1, 8, "0", 0);
        Fixtures.assertContains(StudyFiles.plan(hardware).summary(), "barriers software, broadcasts hardware (engine"
                + " tree-multicast");
        String software = hardware.replace("broadcasts: hardware", "broadcasts: software");
        Fixtures.assertContains(StudyFiles.plan(software).summary(), "barriers software, broadcasts software; the"
                + " collective section is not used");
    }

    @Test
    void hardwareBarriersAndBroadcastsTogetherOrABadSettingAreRefused() {
        String both = yaml(4, 1, 8, "0", 0).replace("broadcasts: hardware", "broadcasts: hardware, barriers: hardware");
        ExperimentException e = assertThrows(ExperimentException.class, () -> run("both", both));
        assertTrue(e.getMessage().contains("one collective engine"), e.getMessage());
        String bad = yaml(4, 1, 8, "0", 0).replace("broadcasts: hardware", "broadcasts: multicast");
        e = assertThrows(ExperimentException.class, () -> run("bad", bad));
        assertTrue(e.getMessage().contains("replay.broadcasts must be software"), e.getMessage());
        String badRoot = yaml(4, 1, 8, "first", 0);
        e = assertThrows(ExperimentException.class, () -> run("root", badRoot));
        assertTrue(e.getMessage().contains("root must be a rank (0 .. 3) or rotate"), e.getMessage());
        String outOfRange = yaml(4, 1, 8, "4", 0);
        e = assertThrows(ExperimentException.class, () -> run("range", outOfRange));
        assertTrue(e.getMessage().contains("root = 4 is out of range"), e.getMessage());
    }

    @Test
    void aBarrierEngineCannotPerformBroadcastsAndTheReportSaysWhatTheRanksWaitFor() {
        String wrong = yaml(4, 1, 8, "0", 0).replace("{name: tree-multicast, replicationCycles: 0}", "{name: tree-barrier}");
        RunHandle h = new ExperimentRunner(Fixtures.registry()).start(Fixtures.write(tmp, "wrong.yaml", wrong),
                Fixtures.options(tmp.resolve("wrong")), null);
        Fixtures.await(h);
        PointResult stuck = h.results().get(0);
        assertTrue(stuck.failed());
        assertTrue(stuck.failure().contains("waiting for the multicast packets of its hardware broadcast 1 (0 of 1"
                + " arrived") && stuck.failure().contains("tree-multicast"), stuck.failure());
    }
}
