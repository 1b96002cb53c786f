package org.fabrica.network.parts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdmissionQueuesTest {
    /** The ids still waiting at node {@code n}, front first (holes skipped). */
    private static List<Long> waiting(AdmissionQueues q, int n) {
        List<Long> ids = new ArrayList<>();
        for (int k = 0; k < q.span(n); k++) {
            if (!q.isHole(n, k)) {
                ids.add(q.id(n, k));
            }
        }
        return ids;
    }

    @Test
    void recordsKeepGenerationOrderAndTheirFields() {
        AdmissionQueues q = new AdmissionQueues(2);
        q.add(0, 10, 100, 1);
        q.add(0, 11, 101, 0);
        q.add(1, 12, 102, 0);
        assertEquals(3, q.records());
        assertEquals(2, q.size(0));
        assertEquals(List.of(10L, 11L), waiting(q, 0));
        assertEquals(101, q.created(0, 1));
        assertEquals(0, q.destination(0, 1));
        assertEquals(-1, q.network(0, 0), "no virtual network chosen yet");
        q.network(0, 0, 3);
        assertEquals(3, q.network(0, 0));
    }

    @Test
    void aPacketAdmittedFromTheMiddleLeavesAHoleThatTheFrontDrops() {
        AdmissionQueues q = new AdmissionQueues(1);
        for (long id = 0; id < 3; id++) {
            q.add(0, id, id, 0);
        }
        assertEquals(0, q.remove(0, 1), "a hole in the middle: nothing dropped from the front");
        assertTrue(q.isHole(0, 1));
        assertEquals(3, q.span(0));
        assertEquals(2, q.size(0));
        assertEquals(2, q.remove(0, 0), "the front and the hole behind it are dropped");
        assertEquals(1, q.span(0));
        assertEquals(List.of(2L), waiting(q, 0));
        assertEquals(1, q.records());
    }

    @Test
    void theRingGrowsAndCompactsWithoutLosingOrder() {
        AdmissionQueues q = new AdmissionQueues(1);
        List<Long> expected = new ArrayList<>();
        for (long id = 0; id < 100; id++) {
            q.add(0, id, id, (int) (id % 3));
            expected.add(id);
            if (id % 4 == 1) {
                // admit a packet from the middle: a hole that compaction must drop
                int k = q.span(0) / 2;
                while (q.isHole(0, k)) {
                    k++;
                }
                expected.remove(q.id(0, k));
                q.remove(0, k);
            }
        }
        assertEquals(expected, waiting(q, 0));
        assertEquals(expected.size(), q.size(0));
    }

    @Test
    void blockedDestinationsLastOneScan() {
        AdmissionQueues q = new AdmissionQueues(4);
        q.block(2);
        q.block(2);
        assertTrue(q.blocked(2));
        assertFalse(q.blocked(1));
        q.endScan();
        assertFalse(q.blocked(2));
    }
}
