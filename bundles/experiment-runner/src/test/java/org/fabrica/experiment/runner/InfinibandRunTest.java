package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The InfiniBand-like model on a KNS: 4 KB packets in 64-byte flits, interfaces that forward with their own latency. */
class InfinibandRunTest {
    @TempDir
    Path tmp;

    private static final String KNS = """
            name: ib
            topology: {name: kns, k: 4, n: 2}
            hardware: {name: infiniband, interfaceLatencyNs: INTERFACE}
            traffic:
              packetBytes: 4096
              patterns: [uniform]
            schemes:
              - label: osha
                routing: {name: kns-dor, order: network}
                queuing: {name: dbbq, queuesPerNetwork: 2, selection: round-robin}
            loads: [0.05]
            warmup: 2000
            measure: 20000
            drain: 40000
            deadlockCycles: 20000
            seeds: [1]
            """;

    private double latency(String interfaceNs) {
        return latency(interfaceNs, interfaceNs);
    }

    /** The run's average latency, {@code hardware} the keys of the hardware model after its name. */
    private double latency(String tag, String hardware) {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        Path file = Fixtures.write(tmp, "ib-" + tag + ".yaml", KNS.replace("INTERFACE", hardware));
        RunHandle h = runner.start(file, Fixtures.options(tmp.resolve("ib-" + tag)), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        PointResult r = h.results().get(0);
        assertNull(r.failure(), r.failure());
        assertEquals("ok", r.notes().get("status"), r.notes().toString());
        assertEquals(PointRecords.metric(r, "packets.measured"), PointRecords.metric(r, "packets.measured.delivered"));
        return PointRecords.metric(r, "latency.avg");
    }

    @Test
    void packetsOfFourKilobytesCrossTheKnsAndTheInterfacesLatencyCounts() {
        double fast = latency("0");
        double slow = latency("512");
        // a packet of 64 flits needs at least 64 cycles to leave its source; every interface on its
        // path (the source's and the destination's at least) takes 100 cycles (512 ns at 5.12 ns)
        // instead of the 3 that stay at 0 ns: 194 cycles more at zero load, a little contention aside
        assertTrue(fast > 64, "latency " + fast);
        assertTrue(slow - fast > 150, "interfaces at 512 ns: " + slow + " cycles, at 0 ns: " + fast);
    }

    @Test
    void theIdentitySlToVlTableGivesTheSameRunAndOneThatMergesTheLevelsAnother() {
        // OSHA-4VC-DBBQ chooses SLs 0 to 3; the identity table sends each on the VL of its number
        double none = latency("none", "0");
        assertEquals(none, latency("identity", "0, slToVl: [0, 1, 2, 3]"), 0);
        // SLs 2 and 3 (the second virtual network) on the VLs of the first: another run, same packets
        double merged = latency("merged", "0, slToVl: [0, 1, 0, 1]");
        assertTrue(merged != none, "merging the networks' VLs changed nothing: " + merged);
    }

    @Test
    void vlArbitrationTablesRunThroughTheRegisteredAllocator() {
        double none = latency("rr", "0");
        // every VL one 4 KB packet per turn: the same packets, served by the VL arbiter
        double weighted = latency("vl", "0, vlArbitrationLow: ['0:64', '1:64', '2:64', '3:64']");
        assertTrue(weighted > 64 && Math.abs(weighted - none) < 0.2 * none, "round robin " + none + ", VL arbitration "
                + weighted + " cycles at load 0.05");
    }
}
