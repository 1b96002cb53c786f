package org.fabrica.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CollectorContextTest {
    @Test
    void aClosedWindowCountsOnlyItsOwnCyclesOfTheRun() {
        CollectorContext c = new CollectorContext(16, 1.0, 100, 300, 4);
        assertFalse(c.inWindow(99));
        assertTrue(c.inWindow(100));
        assertTrue(c.inWindow(299));
        assertFalse(c.inWindow(300));
        assertEquals(0, c.windowCycles(50), "the run ended before the window");
        assertEquals(50, c.windowCycles(150), "the run ended inside the window");
        assertEquals(200, c.windowCycles(5000), "the drain does not count");
    }

    @Test
    void anOpenWindowEndsWithTheRun() {
        CollectorContext c = new CollectorContext(16, 1.0, 0, CollectorContext.OPEN, 4);
        assertTrue(c.inWindow(Long.MAX_VALUE - 1));
        assertEquals(1234, c.windowCycles(1234));
    }

    @Test
    void impossibleContextsAreRefusedNamingTheValue() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CollectorContext(0, 1, 0, 10, 1))
                .getMessage().contains("nodes = 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CollectorContext(1, 1, 10, 10, 1))
                .getMessage().contains("window [10, 10)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CollectorContext(1, 0, 0, 10, 1))
                .getMessage().contains("cycleNanoseconds = 0.0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CollectorContext(1, 1, 0, 10, 0))
                .getMessage().contains("packetFlits = 0"));
    }
}
