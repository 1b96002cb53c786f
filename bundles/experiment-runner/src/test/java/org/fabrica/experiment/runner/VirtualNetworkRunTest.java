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

/** OSHA and SASHA schemes on a torus: two virtual networks chosen at the source, XY in one, YX in the other. */
class VirtualNetworkRunTest {
    @TempDir
    Path tmp;

    private static final String OSHA_SASHA = """
            name: vn
            topology: {name: torus, k: 4, n: 2}
            hardware: {name: generic, vcs: 4, bufferFlits: 8}
            traffic:
              packetFlits: 4
              patterns: [uniform, transpose]
            schemes:
              - label: osha
                routing: {name: dor-vn}
                queuing: {name: dbbq, queuesPerNetwork: 1, selection: round-robin}
              - label: sasha
                routing: {name: dor-vn}
                queuing: {name: dbbq, queuesPerNetwork: 1, selection: least-occupied}
            loads: [0.1, 0.3]
            warmup: 500
            measure: 2000
            drain: 6000
            deadlockCycles: 3000
            seeds: [1]
            """;

    @Test
    void bothSelectionsDeliverEveryMeasuredPacketWithoutDeadlock() {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        Path file = Fixtures.write(tmp, "vn.yaml", OSHA_SASHA);
        RunHandle h = runner.start(file, Fixtures.options(tmp.resolve("out")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        assertEquals(8, h.results().size());
        for (PointResult r : h.results()) {
            assertNull(r.failure(), r.failure());
            assertEquals("ok", r.notes().get("status"), r.notes().toString());
            assertEquals(PointRecords.metric(r, "packets.measured"), PointRecords.metric(r, "packets.measured.delivered"));
            double offered = PointRecords.metric(r, "offered");
            double accepted = PointRecords.metric(r, "accepted");
            assertTrue(Math.abs(accepted - offered) < 0.2 * offered, "accepted " + accepted + " offered " + offered);
        }
    }

    @Test
    void onAKnsTheSourcesNetworkChoosesXyOrYxHybridPaths() {
        String kns = OSHA_SASHA.replace("{name: torus, k: 4, n: 2}", "{name: kns, k: 4, n: 2}")
                .replace("vcs: 4", "vcs: 2").replace("{name: dor-vn}", "{name: kns-dor, order: network}");
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        RunHandle h = runner.start(Fixtures.write(tmp, "kns.yaml", kns), Fixtures.options(tmp.resolve("kns")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        assertEquals(8, h.results().size());
        for (PointResult r : h.results()) {
            assertNull(r.failure(), r.failure());
            assertEquals("ok", r.notes().get("status"), r.notes().toString());
            assertEquals(PointRecords.metric(r, "packets.measured"), PointRecords.metric(r, "packets.measured.delivered"));
        }
    }

    @Test
    void schemesThatNeedMoreVcsThanTheHardwareHasAreRefusedBeforeRunning() {
        String message = Fixtures.refused(new ExperimentRunner(Fixtures.registry()), tmp,
                OSHA_SASHA.replace("queuesPerNetwork: 1, selection: round-robin", "queuesPerNetwork: 2"));
        Fixtures.assertContains(message, "= 8 VCs, but the hardware has 4");
    }
}
