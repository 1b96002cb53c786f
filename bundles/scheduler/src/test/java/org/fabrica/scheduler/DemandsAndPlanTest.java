package org.fabrica.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DemandsAndPlanTest {
    @Test
    void personalizedDemandsKeepTheTableOrderAndLeaveOutZeroSizes() {
        long[][] sizes = {{1, 0, 2}, {3, 4, 0}};
        Demands d = Demands.personalized(new int[] {5, 1}, new int[] {9, 7, 8}, sizes, SizeUnit.BYTES);
        assertEquals(List.of(5, 1), d.senders());
        assertEquals(List.of(9, 7, 8), d.receivers());
        assertEquals(List.of(new Transfer(5, 9, 1), new Transfer(5, 8, 2), new Transfer(1, 9, 3), new Transfer(1, 7, 4)),
                d.transfers());
        assertArrayEquals(sizes, d.sizeMatrix());
        assertArrayEquals(new int[][] {{0, -1, 1}, {2, 3, -1}}, d.requestMatrix());
        assertEquals(2, d.m());
        assertEquals(3, d.n());
    }

    @Test
    void groupsOfATransferListAreItsSourcesAndDestinationsInAscendingOrder() {
        Demands d = Demands.of(List.of(new Transfer(4, 2, 1), new Transfer(0, 3, 1), new Transfer(4, 3, 5)),
                SizeUnit.PACKETS);
        assertEquals(List.of(0, 4), d.senders());
        assertEquals(List.of(2, 3), d.receivers());
        assertArrayEquals(new long[][] {{0, 1}, {1, 5}}, d.sizeMatrix());
        Demands p = Demands.permutation(new int[] {2, 0, 1}, 1, SizeUnit.PACKETS);
        assertEquals(new Transfer(1, 0, 1), p.transfers().get(1));
    }

    @Test
    void mistakesAreNamed() {
        IllegalArgumentException outside = assertThrows(IllegalArgumentException.class,
                () -> new Demands(List.of(new Transfer(0, 1, 1)), List.of(0), List.of(2), SizeUnit.BYTES));
        assertTrue(outside.getMessage().contains("outside the groups"), outside.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Transfer(0, 1, 0));
        assertThrows(IllegalArgumentException.class,
                () -> new Demands(List.of(), List.of(0, 0), List.of(1), SizeUnit.BYTES));
        IllegalArgumentException rows = assertThrows(IllegalArgumentException.class,
                () -> Demands.personalized(new int[] {0, 1}, new int[] {2}, new long[][] {{1}}, SizeUnit.BYTES));
        assertTrue(rows.getMessage().contains("one row per sender"), rows.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RequestOutcome(0, RequestStatus.GRANTED, 2));
        assertThrows(IllegalArgumentException.class, () -> new RequestOutcome(0, RequestStatus.DOWNLINK_TAKEN, -1));
    }

    @Test
    void planCountsAndRatio() {
        Round r = new Round(List.of(new ScheduledTransfer(0, 1, 2, 10, Optional.of(Route.of(1, 0))),
                new ScheduledTransfer(2, 3, 0, 10)));
        Plan plan = new Plan("test", SizeUnit.BYTES, RoundOrder.BARRIER,
                List.of(new Transaction("a", List.of(r, r)), new Transaction("b", List.of(r))),
                List.of(RequestOutcome.granted(0), new RequestOutcome(1, RequestStatus.NO_COMMON_PORT, 1),
                        RequestOutcome.granted(2), new RequestOutcome(3, RequestStatus.NO_FREE_UPLINK, 0)),
                Map.of(7, 1));
        assertEquals(3, plan.roundCount());
        assertEquals(6, plan.transfers().size());
        assertEquals(2, plan.granted());
        assertEquals(0.5, plan.schedulabilityRatio());
        assertEquals(1, plan.placed(7));
        assertEquals(5, plan.placed(5));
        assertEquals("1.0", Route.of(1, 0).toString());
        assertEquals("-", Route.of().toString());
        assertEquals(4, plan.transactions().get(0).transfers());
        IllegalArgumentException order = assertThrows(IllegalArgumentException.class, () -> new Plan("test",
                SizeUnit.BYTES, RoundOrder.BARRIER, List.of(), List.of(RequestOutcome.granted(1)), Map.of()));
        assertTrue(order.getMessage().contains("in demand order"), order.getMessage());
    }
}
