package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The software barrier of the Dawning study (examples/dawning/barrier-software.yaml,
 * generator {@code barriers}): replayed on the extended 8-ary 3-tree with the dawning5000
 * interfaces, its time equals the dissemination algorithm's dependency model computed here from
 * the documented latencies, cycle for cycle: in round k rank i sends to i + 2^k and ends the round
 * when its own send is posted and the message of i - 2^k has arrived; a one-flit message takes the
 * switch's zero-load latency (271 cycles through one switch) plus 72 cycles per two more switches
 * (two 20-cycle switches, two 16-cycle links). Equality (power-of-two rank counts) says the rounds'
 * messages never contend; with 100 ranks they do, by a cycle here and there.
 */
class SoftwareBarrierTest {
    @TempDir
    Path tmp;

    private static final String BARRIERS = """
            name: software-barrier
            mode: trace
            topology: {name: extended-kary-ntree, k: 8, n: 3}
            hardware: {name: dawning5000, flitBytes: 8, switchLatencyCycles: 20, linkInterleaving: flits}
            workloads:
              - {label: p, generate: {name: barriers, ranks: RANKS, barriers: 5}}
            replay: {packetBytes: 8, eagerBytes: 1024}
            schemes:
              - {label: dmodk, routing: dmodk, queuing: {name: by-function, unicast: [unicast, mixed]}}
            seeds: [1]
            """;

    /** One-flit message latency between nodes a and b: 271 cycles in one leaf, 72 more per two switches up. */
    private static long latency(int a, int b) {
        return a / 8 == b / 8 ? 271 : a / 64 == b / 64 ? 343 : 415;
    }

    /** The dissemination barrier's finish over {@code barriers} barriers of {@code ranks} ranks on nodes 0 .. P-1. */
    private static long model(int ranks, int barriers) {
        long[] t = new long[ranks];
        int rounds = 32 - Integer.numberOfLeadingZeros(ranks - 1);
        for (int b = 0; b < barriers; b++) {
            for (int k = 0; k < rounds; k++) {
                long[] next = new long[ranks];
                for (int i = 0; i < ranks; i++) {
                    int from = Math.floorMod(i - (1 << k), ranks);
                    next[i] = Math.max(t[i], t[from] + latency(from, i));
                }
                t = next;
            }
        }
        long end = 0;
        for (long x : t) {
            end = Math.max(end, x);
        }
        return end;
    }

    private double execution(int ranks) {
        PointResult r = Fixtures.run(tmp, "p" + ranks, BARRIERS.replace("RANKS", Integer.toString(ranks))).get(0);
        return PointRecords.metric(r, "trace.execution");
    }

    @Test
    void theSoftwareBarrierTakesTheDisseminationModelsTimeCycleForCycle() {
        assertEquals(5 * 271, model(2, 5), "one round of one switch per barrier");
        for (int ranks : new int[] {2, 16, 64}) {
            assertEquals(model(ranks, 5), execution(ranks), 1e-9, ranks + " ranks");
        }
        // 100 ranks: wrapped partners make two messages share a link now and then; that only adds
        double hundred = execution(100);
        assertTrue(hundred >= model(100, 5) && hundred <= model(100, 5) + 5 * 7, hundred + " cycles, the model "
                + model(100, 5));
    }
}
