package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packet network model against the flit model on the OSHA/SASHA study's network, scaled
 * down: an 8-ary 2-direct KNS with forwarding interfaces, InfiniBand-like switches with whole
 * packets on links, the study's six queuing schemes under Zipf (s = 1) and hot-spot traffic. The
 * same experiment file run on both models must give the same accepted traffic (within 1%) and
 * latency (within 2%) below saturation, the same state (saturated or not), and past saturation
 * (the hot spot's sources overload its node) the same accepted traffic within 3%.
 */
class PacketModelRunTest {
    @TempDir
    Path tmp;

    private static final String STUDY = """
            name: kns-models
            topology: {name: kns, k: 8, n: 2, s: 1}
            hardware: {name: infiniband, vls: 4, linkInterleaving: packets}
            network: NETWORK
            traffic:
              packetBytes: 4096
              patterns:
                - {name: zipf, s: 1}
                - {name: hotspot, hotspots: [0], sourceFraction: 0.25}
              injection: bernoulli
            schemes:
              - {label: 1vc, routing: {name: kns-dor, order: xy}, queuing: 1vc}
              - {label: bbq-4vc, routing: {name: kns-dor, order: xy}, queuing: {name: bbq, queues: 4}}
              - {label: osha-2vc, routing: {name: kns-dor, order: network},
                 queuing: {name: dbbq, queuesPerNetwork: 1, selection: round-robin}}
              - {label: osha-4vc-dbbq, routing: {name: kns-dor, order: network},
                 queuing: {name: dbbq, queuesPerNetwork: 2, selection: round-robin}}
              - {label: sasha-2vc, routing: {name: kns-dor, order: network},
                 queuing: {name: dbbq, queuesPerNetwork: 1, selection: least-occupied}}
              - {label: sasha-4vc-dbbq, routing: {name: kns-dor, order: network},
                 queuing: {name: dbbq, queuesPerNetwork: 2, selection: least-occupied}}
            loads: [0.3]
            warmup: 3000
            measure: 8000
            drain: 20000
            seeds: [1]
            outputs: {plots: false, report: false}
            """;

    private Map<String, PointResult> run(String network) {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        String name = network.contains("packet") ? "packet" : "flit";
        Path file = Fixtures.write(tmp, name + ".yaml", STUDY.replace("NETWORK", network));
        RunHandle h = runner.start(file, Fixtures.options(tmp.resolve(name)), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        Map<String, PointResult> byPoint = new HashMap<>();
        for (PointResult r : h.results()) {
            assertNull(r.failure(), r.failure());
            byPoint.put(r.notes().get("pattern") + "/" + r.notes().get("scheme"), r);
        }
        return byPoint;
    }

    @Test
    void theSixSchemesAcceptTheSameTrafficAtTheSameLatencyOnBothModels() {
        Map<String, PointResult> flit = run("{name: flit, bitErrorRate: 0}");
        Map<String, PointResult> packet = run("{name: packet}");
        assertEquals(12, flit.size(), flit.keySet().toString());
        assertEquals(flit.keySet(), packet.keySet());
        int saturatedPoints = 0;
        for (String point : flit.keySet()) {
            PointResult f = flit.get(point);
            PointResult p = packet.get(point);
            String status = f.notes().get("status");
            assertEquals(status, p.notes().get("status"), point + ": the models disagree on saturation");
            boolean saturated = !"ok".equals(status);
            saturatedPoints += saturated ? 1 : 0;
            for (String metric : saturated ? List.of("accepted") : List.of("accepted", "latency.avg", "hops.avg")) {
                double a = PointRecords.metric(f, metric);
                double b = PointRecords.metric(p, metric);
                double tolerance = saturated ? 0.03 : metric.equals("accepted") ? 0.01 : 0.02;
                assertEquals(a, b, Math.abs(a) * tolerance, point + " " + metric + ": flit " + a + ", packet " + b);
            }
            assertTrue(PointRecords.metric(p, "packets.measured") > 100, point + " measured too few packets");
        }
        assertTrue(saturatedPoints <= 6, saturatedPoints + " of 12 points saturated: the comparison below saturation is thin");
    }
}
