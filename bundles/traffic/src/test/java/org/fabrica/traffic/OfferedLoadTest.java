package org.fabrica.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OfferedLoadTest {
    @Test
    void validLoadsAreKept() {
        OfferedLoad l = new OfferedLoad(0.0, 1, Long.MAX_VALUE);
        assertEquals(0.0, l.flitsPerNodeCycle());
        assertEquals(8, new OfferedLoad(0.3, 8, 1000).packetFlits());
    }

    @Test
    void negativeNanOrInfiniteLoadsAndEmptyPacketsAreRejectedWithTheFix() {
        for (double bad : new double[] {-0.1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new OfferedLoad(bad, 8, 10));
            assertTrue(e.getMessage().contains("use a value >= 0"), e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new OfferedLoad(0.1, 0, 10));
        assertTrue(e.getMessage().contains("use >= 1"), e.getMessage());
    }
}
