package org.fabrica.traffic.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.fabrica.scheduler.ScheduledTransfer;
import org.junit.jupiter.api.Test;

/**
 * The 6-to-10 claim of docs/studies/rapidio-m2n.md ("Node-level schedule, M <= N"), simulated: extended 2-ary
 * 3-tree (16 nodes), senders 0-5, receivers 6-15, one message of 4 packets of 8 flits per pair,
 * one VC, 16-flit buffers, virtual cut-through, every sender generating at its link's rate and
 * playing its rounds without waiting for the others.
 * <p>
 * What the simulation shows (and the formula predicts): the shuffle with top-forced S-mod-k is
 * contention-free; with top-forced D-mod-k it is not. Under D-mod-k the level-1 up port is
 * floor(d / 2) mod 2, and in rounds 8-10 the wrap-around of the destination table puts two
 * senders of one level-1 switch on destinations with the same d mod 4 (round 8: 1 -> 14 and
 * 3 -> 6; round 9: 0 -> 14 with 2 -> 6 and 1 -> 15 with 3 -> 7; round 10: 0 -> 15 and 2 -> 7),
 * so they share the up link of that level-1 switch; the delay then makes consecutive rounds
 * overlap further (D-mod-k sends every packet to one destination over the same up links). Under
 * S-mod-k the up ports depend on the sender only, so the six senders never share an up link, and
 * the shuffle gives each receiver one sender per round.
 */
class SixToTenContentionTest {
    static M2nRun.Result run(M2nRun r, String what) {
        M2nRun.Result result = r.run();
        System.out.println("6-to-10 " + what + ": " + result);
        assertDeliveredExactlyOnce(r, result);
        return result;
    }

    static M2nRun.Result run(String scheduler, String routing) {
        M2nRun r = new M2nRun();
        r.scheduler = scheduler;
        r.routing = routing;
        return run(r, scheduler + " " + routing + " top-forced");
    }

    /** Every packet the played plan generates is delivered once, to the right receiver. */
    static void assertDeliveredExactlyOnce(M2nRun r, M2nRun.Result result) {
        Map<Long, Integer> expected = new HashMap<>();
        long packets = 0;
        for (ScheduledTransfer t : r.played.transfers()) {
            expected.merge((long) t.source() * 16 + t.destination(), (int) t.size(), Integer::sum);
            packets += t.size();
        }
        assertFalse(result.truncated());
        assertEquals(packets, result.generated());
        assertEquals(result.generated(), result.delivered());
        assertTrue(result.deliveredOnce(), "a packet was delivered twice");
        assertEquals(expected, result.deliveredPerPair());
    }

    @Test
    void shuffleWithTopForcedSModKHasNoContention() {
        M2nRun.Result result = run("shuffle", "smodk");
        assertEquals(240, result.generated());
        assertEquals(60, result.deliveredPerPair().size());
        assertEquals(0, result.contention(), "link/switch-port contention");
        assertEquals(0, result.endpointContention(), "endpoint contention");
        assertEquals(0, result.waitCycles());
    }

    @Test
    void baselineWithTopForcedSModKContends() {
        M2nRun.Result result = run("baseline", "smodk");
        assertEquals(240, result.generated());
        assertTrue(result.contention() > 0, result.toString());
        assertTrue(result.endpointContention() > 0, "all senders reach receiver 6 first: " + result);
    }

    @Test
    void shuffleWithTopForcedDModKContendsOnUpLinksOnly() {
        M2nRun.Result result = run("shuffle", "dmodk");
        assertEquals(240, result.generated());
        assertTrue(result.contention() > 0, "D-mod-k shares level-1 up links in rounds 8-10: " + result);
        assertEquals(0, result.endpointContention(), "the shuffle still gives each receiver one sender per round");
        M2nRun.Result baseline = run("baseline", "smodk");
        assertTrue(result.contention() + result.endpointContention() < baseline.contention() + baseline.endpointContention(),
                "far less than the uncoordinated baseline");
    }

    @Test
    void dModKContentionComesFromTheRoundsThatShareUpLinks() {
        M2nRun first = new M2nRun();
        first.routing = "dmodk";
        first.lastRound = 7;
        M2nRun.Result clean = run(first, "shuffle dmodk rounds 1-7");
        assertEquals(0, clean.contention() + clean.endpointContention());
        for (int round = 8; round <= 10; round++) {
            M2nRun alone = new M2nRun();
            alone.routing = "dmodk";
            alone.firstRound = round;
            alone.lastRound = round;
            M2nRun.Result r = run(alone, "shuffle dmodk round " + round + " alone");
            assertTrue(r.contention() > 0, "round " + round + ": " + r);
            assertEquals(0, r.endpointContention());
            // the same round under S-mod-k shares nothing
            M2nRun s = new M2nRun();
            s.firstRound = round;
            s.lastRound = round;
            M2nRun.Result sr = run(s, "shuffle smodk round " + round + " alone");
            assertEquals(0, sr.contention() + sr.endpointContention());
        }
    }

    /**
     * M > N: the hierarchical schedule of 10-to-6 (senders 0-9, receivers 10-15) is two
     * transactions, 6-to-6 then 4-to-6, separated by a barrier: no packet of the second is generated
     * before the last packet of the first is delivered, and every packet is delivered once.
     */
    @Test
    void hierarchicalTransactionsRunOneAfterAnother() {
        M2nRun r = new M2nRun();
        r.scheduler = "hierarchical";
        r.senders = M2nRun.range(0, 10);
        r.receivers = M2nRun.range(10, 16);
        M2nRun.Result result = run(r, "hierarchical 10-to-6 smodk top-forced");
        assertEquals(2, r.played.transactions().size());
        assertEquals(10 * 6 * 4, result.generated());
        long endOfFirst = -1;
        for (int s = 0; s < 6; s++) {
            endOfFirst = Math.max(endOfFirst, result.lastDelivered()[s]);
        }
        long startOfSecond = Long.MAX_VALUE;
        for (int s = 6; s < 10; s++) {
            startOfSecond = Math.min(startOfSecond, result.firstCreated()[s]);
        }
        assertEquals(endOfFirst + 1, startOfSecond, "the second transaction starts the cycle after the first ends");
        // contention is not asserted: senders 8, 9 share a local network with receivers 10, 11 here
    }
}
