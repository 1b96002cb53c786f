package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Checkpoints come every 4096 cycles on small networks and proportionally more often on large ones. */
class PointControlIntervalTest {
    private static long interval(int routers) {
        PointControl c = Fixtures.idleControl();
        c.sizeFor(routers);
        return c.checkInterval();
    }

    @Test
    void theIntervalKeepsTheRouterCyclesBetweenCheckpointsBounded() {
        assertEquals(4096, interval(64));
        assertEquals(4096, interval(256));
        assertEquals(1024, interval(1024)); // 32 x 32 torus
        assertEquals(436, interval(2400)); // 2D KNS of 2,304 nodes and 96 switches
        assertEquals(64, interval(1_000_000));
    }
}
