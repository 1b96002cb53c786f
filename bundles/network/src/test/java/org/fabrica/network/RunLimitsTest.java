package org.fabrica.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RunLimitsTest {
    @Test
    void limitsBelowOneCycleAreRejectedNamingTheField() {
        assertEquals(5, new RunLimits(10, 5).deadlockCycles());
        IllegalArgumentException max = assertThrows(IllegalArgumentException.class, () -> new RunLimits(0, 5));
        assertTrue(max.getMessage().startsWith("maxCycles = 0"), max.getMessage());
        IllegalArgumentException dl = assertThrows(IllegalArgumentException.class, () -> new RunLimits(10, 0));
        assertTrue(dl.getMessage().startsWith("deadlockCycles = 0"), dl.getMessage());
    }
}
