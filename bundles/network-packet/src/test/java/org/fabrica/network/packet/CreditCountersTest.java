package org.fabrica.network.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Credit counters as ramps give the flit-by-flit count and the first cycle a packet fits. */
class CreditCountersTest {
    @Test
    void aSendTakesOneCreditPerFlitAndTheReturnGivesThemBack() {
        CreditCounters c = new CreditCounters(new int[] {16});
        c.ramp(0, true, 8, 10, 1, 17, 10);
        assertEquals(15, c.credits(0, 10));
        assertEquals(12, c.credits(0, 13));
        assertEquals(8, c.credits(0, 17));
        c.ramp(0, false, 8, 20, 2, 34, 17);
        assertEquals(8, c.credits(0, 19));
        assertEquals(9, c.credits(0, 20));
        assertEquals(10, c.credits(0, 22));
        assertEquals(15, c.credits(0, 33));
        assertEquals(16, c.credits(0, 34));
    }

    @Test
    void fitTimeIsTheFirstCycleWithRoomForTheWholePacket() {
        CreditCounters c = new CreditCounters(new int[] {8});
        c.ramp(0, true, 8, 0, 1, 7, 0);
        c.ramp(0, false, 8, 12, 1, 19, 0);
        assertEquals(Long.MAX_VALUE, c.fitTime(0, 9, 8), "never more than the capacity");
        assertEquals(19, c.fitTime(0, 8, 8), "the last credit back");
        assertEquals(15, c.fitTime(0, 4, 8));
        assertEquals(8, c.fitTime(0, 0, 8));
    }

    @Test
    void atTheEndOfACycleTheFlitsSentInItAreTakenAndTheCreditsBackByThenGiven() {
        CreditCounters c = new CreditCounters(new int[] {8});
        // flits sent in cycles 0..7 (counted from 1 by readers before the routers' turn), back from 12 to 19
        c.ramp(0, true, 8, 1, 1, 8, 0);
        c.ramp(0, false, 8, 12, 1, 19, 0);
        assertEquals(8, c.creditsAt(0, 0), "before the routers' turn of cycle 0 nothing is sent");
        assertEquals(7, c.creditsAtEndOf(0, 0), "after it the first flit is");
        assertEquals(0, c.creditsAtEndOf(0, 7), "the tail sent in cycle 7");
        assertEquals(0, c.creditsAtEndOf(0, 11));
        assertEquals(1, c.creditsAtEndOf(0, 12), "the first credit back in cycle 12");
        assertEquals(8, c.creditsAtEndOf(0, 19));
        assertEquals(12, c.firstEndWith(0, 1, 8), "the first end of a cycle with one credit");
        assertEquals(19, c.firstEndWith(0, 8, 8), "with room for the whole packet");
        assertEquals(19, c.firstEndWith(0, 8, 19), "already there");
        assertEquals(Long.MAX_VALUE, c.firstEndWith(0, 9, 8), "never more than the capacity");
    }

    @Test
    void noRoomComingBackMeansNoFitYet() {
        CreditCounters c = new CreditCounters(new int[] {8});
        c.ramp(0, true, 8, 0, 1, 7, 0);
        assertEquals(Long.MAX_VALUE, c.fitTime(0, 8, 3), "a packet not yet leaving downstream adds its ramp later");
    }

    @Test
    void packetsOfOneVcLeavingTowardSeveralOutputsAtOnceEachGiveTheirCreditsBack() {
        // VOQ: twelve 8-flit packets leave the downstream VC at once, more ramps than a record first holds
        int packets = 12;
        CreditCounters c = new CreditCounters(new int[] {64, 8 * packets});
        c.ramp(0, true, 8, 1, 1, 8, 0); // a neighbour's ramp, which must survive the records' growth
        for (int p = 0; p < packets; p++) {
            c.ramp(1, true, 8, p * 8 + 1, 1, p * 8 + 8, 0);
        }
        assertEquals(0, c.credits(1, 100));
        for (int p = 0; p < packets; p++) {
            c.ramp(1, false, 8, 110 + p, 2, 124 + p, 100);
        }
        long fit = -1;
        for (long t = 100; t < 140; t++) {
            // flit by flit: ramp p gives one credit at 110 + p, then one every 2 cycles
            int expected = 0;
            for (int p = 0; p < packets; p++) {
                expected += t < 110 + p ? 0 : (int) Math.min(8, (t - 110 - p) / 2 + 1);
            }
            if (fit < 0 && expected >= 8 * packets - 8) {
                fit = t;
            }
            assertEquals(expected, c.creditsAt(1, t), "cycle " + t);
        }
        assertEquals(fit, c.fitTime(1, 8 * packets - 8, 100));
        assertEquals(8 * packets, c.credits(1, 140));
        assertEquals(56, c.credits(0, 8));
    }
}
