package org.fabrica.traffic.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.Round;
import org.fabrica.scheduler.RoundOrder;
import org.fabrica.scheduler.Route;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.scheduler.Transaction;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;

class SchedulePlaybackTest {
    static final Topology TREE = new M2nRun().topology();
    static final SplittableRandom RANDOM = new SplittableRandom(1);

    static Plan plan(SizeUnit unit, RoundOrder order, List<List<ScheduledTransfer>> rounds) {
        List<Round> rs = new ArrayList<>();
        for (List<ScheduledTransfer> r : rounds) {
            rs.add(new Round(r));
        }
        return new Plan("test", unit, order, List.of(new Transaction("t", rs)), List.of(), Map.of());
    }

    static ScheduledTransfer t(int s, int d, long size) {
        return new ScheduledTransfer(0, s, d, size);
    }

    /** Plays node {@code node} the way the network does: next, then destination per packet, until NEVER. */
    static List<long[]> play(SchedulePlayback p, int node) {
        List<long[]> packets = new ArrayList<>();
        long at = p.injection().next(node, -1, RANDOM);
        while (at != InjectionProcess.NEVER) {
            packets.add(new long[] {at, p.pattern().destination(node, RANDOM)});
            at = p.injection().next(node, at, RANDOM);
        }
        return packets;
    }

    static String show(List<long[]> packets) {
        StringBuilder b = new StringBuilder();
        for (long[] x : packets) {
            b.append(b.length() == 0 ? "" : " ").append(x[0]).append("->").append(x[1]);
        }
        return b.toString();
    }

    @Test
    void eachSenderPlaysItsTransfersInRoundOrderAtItsLinkRate() {
        Plan plan = plan(SizeUnit.PACKETS, RoundOrder.PER_SOURCE, List.of(
                List.of(t(0, 3, 2), t(1, 2, 1)),
                List.of(t(0, 2, 1), t(1, 3, 2))));
        SchedulePlayback p = SchedulePlayback.of(plan, TREE, Pacing.linkRate(8));
        assertEquals(6, p.packets());
        assertEquals("0->3 8->3 16->2", show(play(p, 0)));
        // sender 1 does not wait for sender 0's round 1: rounds are not synchronised
        assertEquals("0->2 8->3 16->3", show(play(p, 1)));
        assertEquals("", show(play(p, 2)), "a receiver generates nothing");
        assertEquals(16, p.lastGenerationCycle());
        assertEquals(2.0 * 8 / 8 / 16, p.injection().offeredLoad(10), 1e-12);
        assertEquals(0, p.injection().offeredLoad(17));
    }

    @Test
    void allAtOnceGeneratesEverySendersSequenceAtTheStart() {
        Plan plan = plan(SizeUnit.PACKETS, RoundOrder.PER_SOURCE, List.of(List.of(t(0, 3, 3))));
        SchedulePlayback p = SchedulePlayback.of(plan, TREE, Pacing.allAtOnce(8));
        assertEquals("0->3 0->3 0->3", show(play(p, 0)));
    }

    @Test
    void byteSizesAreCutIntoPacketsOfThePayload() {
        Plan plan = plan(SizeUnit.BYTES, RoundOrder.PER_SOURCE, List.of(List.of(t(0, 3, 600), t(1, 4, 256))));
        SchedulePlayback p = SchedulePlayback.of(plan, TREE, new Pacing(8, 5, 10, 256));
        assertEquals("5->3 15->3 25->3", show(play(p, 0)));
        assertEquals("5->4", show(play(p, 1)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SchedulePlayback.of(plan, TREE, Pacing.linkRate(8)));
        assertTrue(e.getMessage().contains("payload"), e.getMessage());
    }

    @Test
    void plansWithPinnedRoutesOrForeignNodesAreRefused() {
        Plan routed = plan(SizeUnit.PACKETS, RoundOrder.PER_SOURCE,
                List.of(List.of(new ScheduledTransfer(0, 0, 3, 1, Optional.of(Route.of(1, 0))))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SchedulePlayback.of(routed, TREE, Pacing.linkRate(8)));
        assertTrue(e.getMessage().contains("route"), e.getMessage());
        Plan outside = plan(SizeUnit.PACKETS, RoundOrder.PER_SOURCE, List.of(List.of(t(0, 16, 1))));
        assertThrows(IllegalArgumentException.class, () -> SchedulePlayback.of(outside, TREE, Pacing.linkRate(8)));
    }

    /** Delivers a packet to the playback's observer, as the network does. */
    static void deliver(SchedulePlayback p, long cycle) {
        p.observer().packetDelivered(0, 0, 0, 8, 0, 0, cycle, 1);
    }

    @Test
    void aTransactionStartsTheCycleAfterThePreviousOneIsDelivered() {
        // transaction a: 0 -> 3 (2 packets), 1 -> 4 (1 packet); transaction b: 0 -> 5, 2 -> 6 (1 packet each)
        Plan twoTransactions = new Plan("hierarchical", SizeUnit.PACKETS, RoundOrder.PER_SOURCE,
                List.of(new Transaction("a", List.of(new Round(List.of(t(0, 3, 2), t(1, 4, 1))))),
                        new Transaction("b", List.of(new Round(List.of(t(0, 5, 1), t(2, 6, 1)))))),
                List.of(), Map.of());
        SchedulePlayback p = SchedulePlayback.of(twoTransactions, TREE, Pacing.linkRate(8));
        assertTrue(p.barriers());
        assertEquals(2, p.phaseCount());
        InjectionProcess in = p.injection();
        assertEquals(0, in.next(0, -1, RANDOM));
        assertEquals(8, in.next(0, 0, RANDOM));
        assertEquals(InjectionProcess.AFTER_DELIVERY, in.next(0, 8, RANDOM), "node 0's third packet is in transaction b");
        assertEquals(0, in.next(1, -1, RANDOM));
        assertEquals(InjectionProcess.NEVER, in.next(1, 0, RANDOM));
        assertEquals(InjectionProcess.AFTER_DELIVERY, in.next(2, -1, RANDOM), "node 2 sends in transaction b only");
        deliver(p, 40);
        deliver(p, 48);
        assertEquals(0, p.completePhases());
        assertEquals(InjectionProcess.AFTER_DELIVERY, in.next(0, 48, RANDOM), "one packet of a is still in flight");
        deliver(p, 60);
        assertEquals(1, p.completePhases());
        assertEquals(61, in.next(0, 60, RANDOM), "b opens the cycle after a's last delivery");
        assertEquals(InjectionProcess.NEVER, in.next(0, 61, RANDOM));
        assertEquals(61, in.next(2, 60, RANDOM));
    }

    @Test
    void aBarrierRoundOrderMakesEveryRoundAPhase() {
        Plan barrier = plan(SizeUnit.PACKETS, RoundOrder.BARRIER, List.of(List.of(t(0, 3, 1)), List.of(t(0, 4, 1))));
        SchedulePlayback p = SchedulePlayback.of(barrier, TREE, Pacing.linkRate(8));
        assertEquals(2, p.phaseCount());
        assertEquals(0, p.injection().next(0, -1, RANDOM));
        assertEquals(InjectionProcess.AFTER_DELIVERY, p.injection().next(0, 0, RANDOM));
        deliver(p, 30);
        assertEquals(31, p.injection().next(0, 30, RANDOM));
        Plan one = plan(SizeUnit.PACKETS, RoundOrder.PER_SOURCE, List.of(List.of(t(0, 3, 1)), List.of(t(0, 4, 1))));
        assertFalse(SchedulePlayback.of(one, TREE, Pacing.linkRate(8)).barriers(), "per-source rounds overlap");
    }

    @Test
    void aPlaybackServesOneRun() {
        Plan plan = plan(SizeUnit.PACKETS, RoundOrder.PER_SOURCE, List.of(List.of(t(0, 3, 1))));
        SchedulePlayback p = SchedulePlayback.of(plan, TREE, Pacing.linkRate(8));
        play(p, 0);
        assertEquals(InjectionProcess.NEVER, p.injection().next(0, -1, RANDOM));
        assertThrows(IllegalStateException.class, () -> p.pattern().destination(0, RANDOM));
    }
}
