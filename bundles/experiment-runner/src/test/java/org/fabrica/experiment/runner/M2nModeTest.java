package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.results.SeriesTable;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mode m2n end to end with the real providers: the 6-to-10 communication of docs/studies/rapidio-m2n.md
 * on the extended 2-ary 3-tree with the CPS-1848 model, messages of 1 KiB (four 256-byte packets
 * of 35 flits), every sender at its link's rate.
 */
class M2nModeTest {
    @TempDir
    Path tmp;

    private final ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());

    static final String SIX_TO_TEN = """
            name: m2n-six-to-ten
            mode: m2n
            topology: {name: extended-kary-ntree, k: 2, n: 3}
            hardware: {name: rapidio-cps1848}
            communications:
              - label: six-to-ten
                m: 6
                n: 10
                messageBytes: 1024
            schemes:
              - label: baseline
                scheduler: baseline
                routing: {name: smodk, topForced: true}
              - label: shuffle
                scheduler: shuffle
                routing: {name: smodk, topForced: true}
            deadlockCycles: 5000
            """;

    private String refused(String yaml) {
        return Fixtures.refused(runner, tmp, yaml);
    }

    private static PointResult point(List<PointResult> results, String id) {
        return results.stream().filter(r -> r.point().pointId().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no point " + id));
    }

    @Test
    void theShuffleIsContentionFreeAndTheBaselineIsNot() throws IOException {
        Path out = tmp.resolve("r");
        RunHandle h = runner.start(Fixtures.write(tmp, "m.yaml", SIX_TO_TEN), Fixtures.options(out), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        List<PointResult> results = h.results();
        assertEquals(2, results.size());
        for (PointResult r : results) {
            assertNull(r.failure(), r.failure());
            assertEquals("ok", r.notes().get("status"), r.notes().toString());
            assertEquals(35, PointRecords.metric(r, "m2n.packetFlits"), "a 256-byte NWRITE on 8-byte flits");
            assertEquals(240, PointRecords.metric(r, "m2n.packets"), "6 x 10 messages of 4 packets");
            assertEquals(240, PointRecords.metric(r, "packets.generated"));
            assertEquals(240, PointRecords.metric(r, "packets.delivered"));
            double completion = PointRecords.metric(r, "m2n.completion");
            assertEquals(PointRecords.metric(r, "collective.duration") + 1, completion,
                    "completion = the cycle after the last delivery");
            assertEquals(completion * 4 / 1000, PointRecords.metric(r, "m2n.completionMicros"), 1e-9, "4 ns cycles");
            assertTrue(PointRecords.metric(r, "m2n.latency.max") >= PointRecords.metric(r, "m2n.latency.mean"));
        }
        PointResult shuffle = point(results, "six-to-ten/shuffle/m2n/s1");
        PointResult baseline = point(results, "six-to-ten/baseline/m2n/s1");
        assertEquals(0, PointRecords.metric(shuffle, "m2n.contention.link"), "link and switch-port contention");
        assertEquals(0, PointRecords.metric(shuffle, "m2n.contention.endpoint"), "endpoint contention");
        assertEquals(0, PointRecords.metric(shuffle, "m2n.contention.waitCycles"));
        assertTrue(PointRecords.metric(baseline, "m2n.contention.link") > 0);
        assertTrue(PointRecords.metric(baseline, "m2n.contention.endpoint") > 0, "every sender reaches node 6 first");
        assertTrue(PointRecords.metric(baseline, "m2n.completion") > PointRecords.metric(shuffle, "m2n.completion"));

        // per-pair series: the representative pairs, every packet of a pair once, in generation order
        SeriesTable pairs = SeriesTable.parse(Files.readString(out.resolve("series/six-to-ten_shuffle_m2n_s1.csv")));
        double[] src = pairs.column("source");
        double[] dst = pairs.column("destination");
        double[] packet = pairs.column("packet");
        double[] created = pairs.column("created");
        double[] delivered = pairs.column("delivered");
        double[] latency = pairs.column("latency");
        Map<String, Integer> perPair = new HashMap<>();
        for (int i = 0; i < src.length; i++) {
            String key = (int) src[i] + "->" + (int) dst[i];
            int k = perPair.merge(key, 1, Integer::sum);
            assertEquals(k - 1, packet[i], "packets of a pair numbered in generation order");
            assertEquals(delivered[i] - created[i], latency[i]);
            assertTrue(delivered[i] < PointRecords.metric(shuffle, "m2n.completion"));
            assertTrue(latency[i] <= PointRecords.metric(shuffle, "m2n.latency.max"));
        }
        // shuffle: sender 0 sends to 6 first and 15 last; sender 5 to 11 first and 10 last
        assertEquals(Map.of("0->6", 4, "0->15", 4, "5->11", 4, "5->10", 4), perPair);
        SeriesTable ports = SeriesTable.parse(Files.readString(out.resolve("series/six-to-ten_shuffle_m2n_s1-nodes.csv")));
        double[] received = ports.column("receivedPackets");
        double[] sent = ports.column("sentPackets");
        for (int n = 0; n < 16; n++) {
            assertEquals(n < 6 ? 40 : 0, sent[n], "node " + n);
            assertEquals(n < 6 ? 0 : 24, received[n], "node " + n);
        }
        assertTrue(Files.size(out.resolve("plots/latency-six-to-ten-shuffle.png")) > 0);
        assertTrue(Files.size(out.resolve("plots/latency-six-to-ten-baseline.svg")) > 0);

        String text = h.summaryText();
        assertContains(text, "Completion time (us");
        assertContains(text, "Link and switch-port contention events");
        String[] row = text.lines().filter(l -> l.startsWith("six-to-ten")).findFirst().orElseThrow().trim()
                .split("\\s+");
        assertEquals(ModeRunTest.ResultsValue.of(baseline, "m2n.completionMicros"), row[1]);
    }

    @Test
    void hierarchicalTransactionsRunBehindABarrier() throws IOException {
        Path out = tmp.resolve("h");
        String yaml = """
                name: m2n-ten-to-six
                mode: m2n
                topology: {name: extended-kary-ntree, k: 2, n: 3}
                hardware: {name: rapidio-cps1848}
                communications:
                  - {label: ten-to-six, senders: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], receivers: [10, 11, 12, 13, 14, 15],
                     messageBytes: 512}
                schemes:
                  - {label: hier, scheduler: hierarchical, routing: {name: smodk, topForced: true}}
                outputs: {pairs: [[5, 10], [6, 10]], report: false}
                """;
        RunHandle h = runner.start(Fixtures.write(tmp, "h.yaml", yaml), Fixtures.options(out), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        PointResult r = h.results().get(0);
        assertNull(r.failure(), r.failure());
        assertEquals(2, PointRecords.metric(r, "m2n.transactions"), "6-to-6, then 4-to-6");
        assertEquals(10 * 6 * 2, PointRecords.metric(r, "packets.delivered"));
        SeriesTable pairs = SeriesTable.parse(Files.readString(out.resolve("series/ten-to-six_hier_m2n_s1.csv")));
        double lastOfFirst = -1;
        double firstOfSecond = Double.MAX_VALUE;
        for (int i = 0; i < pairs.rows(); i++) {
            if (pairs.column("source")[i] == 5) {
                lastOfFirst = Math.max(lastOfFirst, pairs.column("delivered")[i]);
            } else {
                firstOfSecond = Math.min(firstOfSecond, pairs.column("created")[i]);
            }
        }
        assertTrue(firstOfSecond > lastOfFirst, "sender 6 starts after sender 5's packets of transaction 1 arrived: "
                + firstOfSecond + " vs " + lastOfFirst);
    }

    @Test
    void theScheduleOfTheSixToTenExampleIsTheSpecsTable() {
        Path file = Fixtures.write(tmp, "m.yaml", SIX_TO_TEN);
        String text = runner.schedule(file, null, false);
        assertContains(text, "== six-to-ten (6-to-10), scheme shuffle: shuffle (");
        assertContains(text, "shuffle: 1 transaction, 10 rounds, 60 transfers of 1024 bytes");
        assertContains(text, "  round 1: (0,6) (1,7) (2,8) (3,9) (4,10) (5,11)\n");
        assertContains(text, "  round 2: (0,7) (1,8) (2,9) (3,10) (4,11) (5,12)\n");
        assertContains(text, "  round 10: (0,15) (1,6) (2,7) (3,8) (4,9) (5,10)\n");
        assertContains(text, "== six-to-ten (6-to-10), scheme baseline: baseline (");
        String csv = runner.schedule(file, null, true);
        String[] rows = csv.split("\n");
        assertEquals("communication,scheme,transaction,round,request,source,destination,size,route", rows[0]);
        assertEquals(1 + 60 + 60, rows.length, "a row per scheduled transfer of both schemes");
        assertContains(csv, "six-to-ten,shuffle,1,1,0,0,6,1024,\n");
        assertContains(csv, "six-to-ten,shuffle,1,10,54,5,10,1024,\n");
        String m = assertThrows(ExperimentException.class,
                () -> runner.schedule(Fixtures.write(tmp, "tiny.yaml", Fixtures.TINY), null, false)).getMessage();
        assertContains(m, "mode steady has no schedules to print; 'schedule' prints the plans of an experiment of mode m2n");
    }

    @Test
    void chosenPairsAreRecordedWithAllTheirPackets() throws IOException {
        Path out = tmp.resolve("p");
        String yaml = SIX_TO_TEN.replace("deadlockCycles: 5000", "outputs: {pairs: [[2, 9], [3, 3]], report: false}");
        RunHandle h = runner.start(Fixtures.write(tmp, "p.yaml", yaml), Fixtures.options(out), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        SeriesTable pairs = SeriesTable.parse(Files.readString(out.resolve("series/six-to-ten_baseline_m2n_s1.csv")));
        assertEquals(4, pairs.rows(), "2 -> 9 has 4 packets; 3 -> 3 carries nothing and is left out");
        for (double s : pairs.column("source")) {
            assertEquals(2, s);
        }
    }

    @Test
    void badInputIsRefusedWithItsPlaceInTheFile() {
        String m = refused(Fixtures.with(SIX_TO_TEN, "m: 6\n    n: 10", "senders: [0, 16]\n    n: 10"));
        assertContains(m, "communications[0].senders[1]");
        assertContains(m, "node 16 is out of range");
        assertTrue(m.matches("(?s).*bad\\.yaml:\\d+:\\d+.*"), m);
        m = refused(Fixtures.with(SIX_TO_TEN, "m: 6", "m: 8"));
        assertContains(m, "8 senders and 10 receivers do not fit on the 16 nodes");
        m = refused(Fixtures.with(SIX_TO_TEN, "scheduler: shuffle", "scheduler: shufle"));
        assertContains(m, "schemes[1].scheduler");
        assertContains(m, "shuffle");
        m = refused(Fixtures.with(SIX_TO_TEN, "m: 6\n    n: 10", "m: 6\n    n: 3"));
        assertContains(m, "scheme 'shuffle' on communication 'six-to-ten'");
        m = refused(Fixtures.with(SIX_TO_TEN, "messageBytes: 1024", "messageBytes: 1024\n    sizes: [[1]]"));
        assertContains(m, "not both");
        m = refused(Fixtures.with(SIX_TO_TEN, "rapidio-cps1848", "generic"));
        assertContains(m, "packet format");
        m = refused(SIX_TO_TEN + "traffic: {packetFlits: 8}\n");
        assertContains(m, "'traffic' is not used in mode m2n");
        m = refused(Fixtures.with(SIX_TO_TEN, "    scheduler: shuffle\n", "    scheduler: shuffle\n    communications: [six]\n"));
        assertContains(m, "'six' is not the label of a communication");
    }
}
