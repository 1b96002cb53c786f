package org.fabrica.traffic.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    void plansThatNeedBarriersOrPinnedRoutesAreRefused() {
        Round r = new Round(List.of(t(0, 3, 1)));
        Plan twoTransactions = new Plan("hierarchical", SizeUnit.PACKETS, RoundOrder.PER_SOURCE,
                List.of(new Transaction("a", List.of(r)), new Transaction("b", List.of(r))), List.of(), Map.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SchedulePlayback.of(twoTransactions, TREE, Pacing.linkRate(8)));
        assertTrue(e.getMessage().contains("barriers"), e.getMessage());
        Plan barrier = plan(SizeUnit.PACKETS, RoundOrder.BARRIER, List.of(List.of(t(0, 3, 1)), List.of(t(0, 4, 1))));
        assertThrows(IllegalArgumentException.class, () -> SchedulePlayback.of(barrier, TREE, Pacing.linkRate(8)));
        Plan routed = plan(SizeUnit.PACKETS, RoundOrder.PER_SOURCE,
                List.of(List.of(new ScheduledTransfer(0, 0, 3, 1, Optional.of(Route.of(1, 0))))));
        e = assertThrows(IllegalArgumentException.class, () -> SchedulePlayback.of(routed, TREE, Pacing.linkRate(8)));
        assertTrue(e.getMessage().contains("route"), e.getMessage());
        Plan outside = plan(SizeUnit.PACKETS, RoundOrder.PER_SOURCE, List.of(List.of(t(0, 16, 1))));
        assertThrows(IllegalArgumentException.class, () -> SchedulePlayback.of(outside, TREE, Pacing.linkRate(8)));
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
