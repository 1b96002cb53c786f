package org.fabrica.stats.collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The packet id set against java.util.HashSet over random adds and removes, through growth and backward shifts. */
class PacketIdSetTest {
    @Test
    void behavesLikeAHashSetThroughGrowthAndRemovals() {
        PacketIdSet set = new PacketIdSet();
        Set<Long> reference = new HashSet<>();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            long id = r.nextInt(5_000); // a small range: many collisions and repeated ids
            if (r.nextInt(3) == 0) {
                assertEquals(reference.remove(id), set.remove(id), "remove " + id);
            } else {
                set.add(id);
                reference.add(id);
            }
            if (i % 997 == 0) {
                for (long k = 0; k < 5_000; k += 7) {
                    assertEquals(reference.contains(k), set.contains(k), "contains " + k + " after " + i + " steps");
                }
            }
        }
        assertEquals(reference.size(), set.size());
        for (long k = 0; k < 5_000; k++) {
            assertEquals(reference.contains(k), set.contains(k));
        }
        assertFalse(set.remove(-5));
        set.add(Long.MAX_VALUE - 1);
        assertTrue(set.contains(Long.MAX_VALUE - 1));
    }
}
