package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SourceQueuesTest {

    @Test
    void recordsComeOutInOrderAcrossWrapsAndGrowth() {
        SourceQueues q = new SourceQueues(3, true);
        long next = 0;
        long expected = 0;
        // interleave adds and removals so the ring wraps before and after each doubling
        for (int round = 0; round < 40; round++) {
            for (int k = 0; k < round % 7 + 1; k++) {
                q.add(1, next, 1000 + next, (int) (next % 5), 1L << (next % 3));
                next++;
            }
            for (int k = 0; k < round % 5 && !q.isEmpty(1); k++) {
                assertEquals(expected, q.frontId(1));
                assertEquals(1000 + expected, q.frontCreated(1));
                assertEquals((int) (expected % 5), q.frontDestination(1));
                assertEquals(1L << (expected % 3), q.frontFirstHopVcs(1));
                q.removeFirst(1);
                expected++;
            }
        }
        assertEquals(next - expected, q.records());
        while (!q.isEmpty(1)) {
            assertEquals(expected++, q.frontId(1));
            q.removeFirst(1);
        }
        assertEquals(next, expected);
        assertEquals(0, q.records());
        assertTrue(q.isEmpty(0) && q.isEmpty(2), "other queues untouched");
    }

    @Test
    void aFrontSlotIsCountedUntilItsRecordLeaves() {
        SourceQueues q = new SourceQueues(2, false);
        q.add(0, 7, 0, 1, 0);
        q.add(0, 8, 0, 1, 0);
        q.add(1, 9, 0, 0, 0);
        assertEquals(-1, q.frontSlot(0));
        q.frontSlot(0, 5);
        q.frontSlot(0, 5);
        q.frontSlot(1, 6);
        assertEquals(2, q.materialized());
        q.removeFirst(0);
        assertEquals(-1, q.frontSlot(0), "the next record has no slot yet");
        assertEquals(1, q.materialized());
        assertEquals(8, q.frontId(0));
        assertFalse(q.isEmpty(0));
        assertEquals(2, q.records());
    }
}
