package org.fabrica.stats.collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fabrica.stats.Metric;
import org.junit.jupiter.api.Test;

/** The collective mode's observers on a scripted event stream. */
class CollectiveSeriesTest {

    @Test
    void inFlightIsSampledAtTheEndOfEveryWindow() {
        InFlightSeries s = new InFlightSeries(10);
        for (int p = 0; p < 6; p++) {
            s.packetGenerated(p, p % 3, 0, 8, 0);
        }
        for (long t = 0; t < 40; t++) {
            int deliveries = t == 5 || t == 12 || t == 33 ? 1 : t == 19 ? 2 : 0;
            for (int d = 0; d < deliveries; d++) {
                s.packetDelivered(0, 0, 0, 8, 0, 0, t, 1);
            }
            s.cycleEnd(t);
            s.cycleEnd(t);
        }
        s.cycleEnd(41);
        assertEquals(4, s.samples());
        assertArrayEquals(new long[] {9, 19, 29, 39}, s.cycles());
        // delivered by cycle 9: 1; by 19: 4 (two at t = 19); by 39: 5
        assertArrayEquals(new long[] {5, 2, 2, 1}, s.inFlight());
        assertEquals(6, s.max());
        assertEquals(1, s.current());
        assertThrows(IllegalArgumentException.class, () -> new InFlightSeries(0));
    }

    private static Map<String, Double> byName(java.util.List<Metric> metrics) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Metric x : metrics) {
            m.put(x.name(), x.value());
        }
        return m;
    }

    @Test
    void durationIsTheCycleOfTheLastDeliveryAndPerNodeLikewise() {
        CollectiveDurationCollector c = new CollectiveDurationCollector(4);
        // node 0 sends 2 packets, node 1 one, node 2 one, node 3 nothing (self-mapped)
        c.packetGenerated(1, 0, 1, 8, 0);
        c.packetGenerated(2, 0, 2, 8, 0);
        c.packetGenerated(3, 1, 0, 8, 0);
        c.packetGenerated(4, 2, 0, 8, 0);
        c.packetDelivered(1, 0, 1, 8, 0, 0, 30, 1);
        c.packetDelivered(3, 1, 0, 8, 0, 2, 25, 1);
        assertFalse(c.allDelivered());
        assertEquals(-1, c.duration(), "packets still in flight: no duration yet");
        c.packetDelivered(4, 2, 0, 8, 0, 1, 41, 2);
        c.packetDelivered(2, 0, 2, 8, 0, 9, 38, 2);
        assertTrue(c.allDelivered());
        assertEquals(41, c.duration());
        assertArrayEquals(new long[] {38, 25, 41, -1}, c.nodeDurations());
        assertArrayEquals(new long[] {41, 30, 38, -1}, c.lastArrivals());
        assertArrayEquals(new long[] {2, 1, 1, 0}, c.packetsSent());
        assertArrayEquals(new long[] {2, 1, 1, 0}, c.packetsReceived());
        Map<String, Double> m = byName(c.results(42));
        assertEquals(41, m.get(CollectiveDurationCollector.DURATION));
        assertEquals((38 + 25 + 41) / 3.0, m.get(CollectiveDurationCollector.NODE_DURATION_MEAN), 1e-12);
        assertEquals(25, m.get(CollectiveDurationCollector.NODE_DURATION_MIN));
        assertEquals(3, m.get(CollectiveDurationCollector.SENDING_NODES));
        assertEquals((30 + 25 + 41 + 38) / 4.0, m.get(CollectiveDurationCollector.LATENCY_AVG), 1e-12);
        assertEquals(4, m.get(CollectiveDurationCollector.PACKETS_GENERATED));
        assertEquals(4, m.get(CollectiveDurationCollector.PACKETS_DELIVERED));
    }

    @Test
    void anUnfinishedCollectiveHasNoDuration() {
        CollectiveDurationCollector c = new CollectiveDurationCollector(2);
        c.packetGenerated(1, 0, 1, 8, 0);
        Map<String, Double> m = byName(c.results(100));
        assertTrue(Double.isNaN(m.get(CollectiveDurationCollector.DURATION)));
        assertTrue(Double.isNaN(m.get(CollectiveDurationCollector.NODE_DURATION_MEAN)));
        assertEquals(1, m.get(CollectiveDurationCollector.PACKETS_GENERATED));
        assertEquals(0, m.get(CollectiveDurationCollector.PACKETS_DELIVERED));
        assertThrows(IllegalArgumentException.class, () -> new CollectiveDurationCollector(0));
    }
}
