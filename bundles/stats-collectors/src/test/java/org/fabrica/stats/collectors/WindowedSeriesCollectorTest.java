package org.fabrica.stats.collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WindowedSeriesCollectorTest {

    /** Delivers a packet of {@code flits} generated at {@code created}, delivered at {@code delivered}. */
    private static void deliver(WindowedSeriesCollector c, int flits, long created, long delivered) {
        c.packetDelivered(0, 0, 1, flits, created, created, delivered, 1);
    }

    @Test
    void countsPacketsFlitsAndAgesPerWindow() {
        // 2 nodes, windows of 10 cycles, offered load g(t) = 0.01 t
        WindowedSeriesCollector c = new WindowedSeriesCollector(2, 10, t -> 0.01 * t);
        c.packetGenerated(1, 0, 1, 4, 0);
        c.packetGenerated(2, 1, 0, 4, 3);
        for (long t = 0; t < 10; t++) {
            if (t == 7) {
                deliver(c, 4, 0, 7);   // age 7
            }
            if (t == 9) {
                deliver(c, 4, 3, 9);   // age 6
            }
            c.cycleEnd(t);
            c.cycleEnd(t);             // reported twice: counted once
        }
        assertEquals(1, c.windows());
        for (long t = 10; t < 20; t++) {
            c.cycleEnd(t);             // a window without deliveries
        }
        c.packetGenerated(3, 0, 1, 2, 21);
        deliver(c, 2, 21, 25);         // age 4
        deliver(c, 2, 15, 29);         // age 14
        for (long t = 20; t < 30; t++) {
            c.cycleEnd(t);
        }
        deliver(c, 8, 30, 33);         // in the open window: not reported
        c.cycleEnd(33);

        assertEquals(3, c.windows());
        assertArrayEquals(new long[] {0, 10, 20}, c.windowStarts());
        assertArrayEquals(new long[] {2, 0, 2}, c.receivedPackets());
        assertArrayEquals(new long[] {8, 0, 4}, c.receivedFlits());
        assertArrayEquals(new double[] {8 / 20.0, 0, 4 / 20.0}, c.throughput(), 1e-12);
        double[] latency = c.averageLatency();
        assertEquals(6.5, latency[0], 1e-12);
        assertTrue(Double.isNaN(latency[1]), "no packet, no latency");
        assertEquals(9.0, latency[2], 1e-12);
        // mean of 0.01 t over t = 0..9, 10..19, 20..29
        assertArrayEquals(new double[] {0.045, 0.145, 0.245}, c.offeredLoad(), 1e-12);
        assertArrayEquals(new double[] {8 / 20.0, 0, 2 / 20.0}, c.generatedLoad(), 1e-12);
    }

    @Test
    void anEventOfALaterWindowClosesTheOpenOnes() {
        WindowedSeriesCollector c = new WindowedSeriesCollector(1, 5, t -> 1.0);
        deliver(c, 1, 0, 2);
        deliver(c, 1, 0, 12); // no cycleEnd reported in between
        c.cycleEnd(14);
        assertArrayEquals(new long[] {1, 0, 1}, c.receivedPackets());
        // windows 0 and 1 were closed by the event of cycle 12 before any cycle of theirs was reported
        double[] offered = c.offeredLoad();
        assertTrue(Double.isNaN(offered[0]) && Double.isNaN(offered[1]));
        assertEquals(1.0, offered[2], 1e-12);
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> new WindowedSeriesCollector(0, 100, t -> 0));
        assertThrows(IllegalArgumentException.class, () -> new WindowedSeriesCollector(4, 0, t -> 0));
        assertThrows(IllegalArgumentException.class, () -> new WindowedSeriesCollector(4, 100, null));
    }
}
