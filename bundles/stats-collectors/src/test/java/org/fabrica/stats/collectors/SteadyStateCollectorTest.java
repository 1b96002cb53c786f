package org.fabrica.stats.collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.stats.Metric;
import org.junit.jupiter.api.Test;

class SteadyStateCollectorTest {

    private static Map<String, Double> byName(List<Metric> metrics) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Metric x : metrics) {
            m.put(x.name(), x.value());
        }
        return m;
    }

    /** Generates a packet at {@code created}, injects it one cycle later, delivers it at {@code delivered}. */
    private static void packet(SteadyStateCollector c, long id, int flits, long created, long delivered, int hops) {
        c.packetGenerated(id, 0, 1, flits, created);
        c.packetInjected(id, 0, created + 1);
        c.packetDelivered(id, 0, 1, flits, created, created + 1, delivered, hops);
    }

    @Test
    void measuresOnlyPacketsGeneratedInTheWindow() {
        // 4 nodes, window [100, 200)
        SteadyStateCollector c = new SteadyStateCollector(4, 100, 100);
        packet(c, 1, 4, 50, 90, 2);      // warm-up: not measured, delivered before the window
        packet(c, 2, 4, 95, 120, 3);     // generated in warm-up, delivered in window: counts for accepted only
        packet(c, 3, 4, 100, 110, 1);    // measured, latency 10
        packet(c, 4, 4, 150, 180, 2);    // measured, latency 30
        packet(c, 5, 4, 199, 260, 3);    // measured, latency 61, delivered after the window
        packet(c, 6, 4, 200, 210, 1);    // after the window: not measured, not accepted
        Map<String, Double> m = byName(c.results(260));
        assertEquals(3, m.get(SteadyStateCollector.PACKETS_MEASURED));
        assertEquals(3, m.get(SteadyStateCollector.PACKETS_MEASURED_DELIVERED));
        assertEquals(6, m.get(SteadyStateCollector.PACKETS_GENERATED));
        assertEquals(6, m.get(SteadyStateCollector.PACKETS_DELIVERED));
        assertEquals((10 + 30 + 61) / 3.0, m.get(SteadyStateCollector.LATENCY_AVG), 1e-12);
        assertEquals(30, m.get(SteadyStateCollector.LATENCY_P50));
        assertEquals(61, m.get(SteadyStateCollector.LATENCY_P99));
        assertEquals(61, m.get(SteadyStateCollector.LATENCY_MAX));
        assertEquals((9 + 29 + 60) / 3.0, m.get(SteadyStateCollector.NETWORK_LATENCY_AVG), 1e-12);
        assertEquals(2.0, m.get(SteadyStateCollector.HOPS_AVG), 1e-12);
        // offered: 3 packets x 4 flits generated in the window over 4 nodes x 100 cycles
        assertEquals(12 / 400.0, m.get(SteadyStateCollector.OFFERED), 1e-12);
        // accepted: packets 2, 3, 4 delivered in the window (12 flits)
        assertEquals(12 / 400.0, m.get(SteadyStateCollector.ACCEPTED), 1e-12);
    }

    @Test
    void aWindowCutShortMeasuresOverItsCutLength() {
        // 2 nodes, window [100, 200), cut after cycle 149
        SteadyStateCollector c = new SteadyStateCollector(2, 100, 100);
        c.cycleEnd(99);
        assertThrows(IllegalStateException.class, c::cutWindow, "not yet open");
        assertFalse(c.acceptsBelow(0.95), "nothing generated in the window yet");
        c.packetGenerated(1, 0, 1, 10, 100);
        c.packetGenerated(2, 0, 1, 10, 120);
        c.packetDelivered(1, 0, 1, 10, 100, 101, 130, 1);
        c.cycleEnd(149);
        assertTrue(c.acceptsBelow(0.95), "10 of 20 flits delivered");
        assertFalse(c.acceptsBelow(0.5), "exactly half is not below half");
        c.cutWindow();
        assertEquals(150, c.windowEnd());
        assertTrue(c.windowClosed());
        assertFalse(c.allMeasuredDelivered(), "packet 2 is in flight");
        Map<String, Double> m = byName(c.results(150));
        assertEquals(20 / (2 * 50.0), m.get(SteadyStateCollector.OFFERED), 1e-12, "over the cut window's 50 cycles");
        assertEquals(10 / (2 * 50.0), m.get(SteadyStateCollector.ACCEPTED), 1e-12);
        assertEquals(2, m.get(SteadyStateCollector.PACKETS_MEASURED));
        assertEquals(1, m.get(SteadyStateCollector.PACKETS_MEASURED_DELIVERED));
        assertThrows(IllegalStateException.class, c::cutWindow, "closed");
    }

    @Test
    void aSubsetIsCheckedByItsOwnThroughput() {
        SteadyStateCollector c = new SteadyStateCollector(2, 0, 100, (source, destination) -> source == 0, "source 0");
        c.packetGenerated(1, 0, 1, 10, 5);
        c.packetGenerated(2, 1, 0, 10, 5); // background, never delivered
        c.packetDelivered(1, 0, 1, 10, 5, 6, 20, 1);
        c.cycleEnd(49);
        assertFalse(c.acceptsBelow(0.95), "the measured subset is carried; the background is not its concern");
        // the reverse: the background is carried, the subset is not
        SteadyStateCollector d = new SteadyStateCollector(2, 0, 100, (source, destination) -> source == 0, "source 0");
        d.packetGenerated(1, 0, 1, 10, 5);
        d.packetGenerated(2, 1, 0, 1000, 5);
        d.packetDelivered(2, 1, 0, 1000, 5, 6, 20, 1);
        d.cycleEnd(49);
        assertTrue(d.acceptsBelow(0.95), "1000 of 1010 flits carried overall, none of the subset's");
    }

    @Test
    void aFilterMeasuresOnlyItsSubsetAndKeepsTheNetworksThroughput() {
        // 4 nodes, window [100, 200); source 3 is background (a hot source), the others foreground
        SteadyStateCollector c = new SteadyStateCollector(4, 100, 100, (source, destination) -> source != 3,
                "foreground packets");
        assertTrue(c.measuresSubset());
        c.packetGenerated(1, 0, 1, 4, 100);
        c.packetGenerated(2, 3, 0, 4, 100);   // background, generated in the window
        c.packetGenerated(3, 1, 3, 4, 150);   // foreground to the hot node: measured
        c.packetDelivered(1, 0, 1, 4, 100, 101, 110, 1);   // latency 10
        c.packetDelivered(2, 3, 0, 4, 100, 101, 400, 5);   // background latency 300: not measured
        c.cycleEnd(199);
        assertFalse(c.allMeasuredDelivered(), "foreground packet 3 is in flight");
        c.packetDelivered(3, 1, 3, 4, 150, 151, 180, 2);   // latency 30
        assertTrue(c.allMeasuredDelivered(), "the background packet does not hold the point");
        Map<String, Double> m = byName(c.results(400));
        assertEquals(20.0, m.get(SteadyStateCollector.LATENCY_AVG), 1e-12);
        assertEquals(30, m.get(SteadyStateCollector.LATENCY_MAX));
        assertEquals(1.5, m.get(SteadyStateCollector.HOPS_AVG), 1e-12);
        assertEquals(2, m.get(SteadyStateCollector.PACKETS_MEASURED));
        assertEquals(2, m.get(SteadyStateCollector.PACKETS_MEASURED_DELIVERED));
        assertEquals(3, m.get(SteadyStateCollector.PACKETS_GENERATED));
        // offered and accepted are the network's, every packet; the subset has its own pair
        assertEquals(12 / 400.0, m.get(SteadyStateCollector.OFFERED), 1e-12);
        assertEquals(8 / 400.0, m.get(SteadyStateCollector.ACCEPTED), 1e-12, "packet 2 arrived after the window");
        assertEquals(8 / 400.0, m.get(SteadyStateCollector.OFFERED_MEASURED), 1e-12);
        assertEquals(8 / 400.0, m.get(SteadyStateCollector.ACCEPTED_MEASURED), 1e-12);
        assertEquals(List.of("offered", "accepted", "offered.measured", "accepted.measured", "latency.avg"),
                c.results(400).stream().map(Metric::name).toList().subList(0, 5));
    }

    @Test
    void withoutAFilterTheMetricsAreThoseOfEveryPacket() {
        SteadyStateCollector all = new SteadyStateCollector(4, 100, 100);
        SteadyStateCollector everything = new SteadyStateCollector(4, 100, 100, (s, d) -> true, "all packets");
        for (SteadyStateCollector c : List.of(all, everything)) {
            packet(c, 1, 4, 100, 110, 1);
            packet(c, 2, 4, 120, 170, 3);
        }
        assertFalse(all.measuresSubset());
        Map<String, Double> a = byName(all.results(200));
        Map<String, Double> e = byName(everything.results(200));
        assertFalse(a.containsKey(SteadyStateCollector.OFFERED_MEASURED), "no subset, no subset metrics");
        for (Map.Entry<String, Double> x : a.entrySet()) {
            assertEquals(x.getValue(), e.get(x.getKey()), x.getKey());
        }
        assertEquals(e.get(SteadyStateCollector.OFFERED), e.get(SteadyStateCollector.OFFERED_MEASURED));
        assertThrows(IllegalArgumentException.class, () -> new SteadyStateCollector(4, 0, 1, (s, d) -> true, " "));
    }

    @Test
    void completeOnlyAfterWindowClosedAndEveryMeasuredPacketArrived() {
        SteadyStateCollector c = new SteadyStateCollector(2, 10, 10);
        assertFalse(c.allMeasuredDelivered(), "window not reached yet");
        c.cycleEnd(5);
        assertFalse(c.allMeasuredDelivered());
        c.packetGenerated(1, 0, 1, 2, 12);
        c.cycleEnd(19);
        assertTrue(c.windowClosed());
        assertFalse(c.allMeasuredDelivered(), "packet 1 still in flight");
        c.packetGenerated(2, 1, 0, 2, 25); // generated after the window: irrelevant
        c.packetDelivered(1, 0, 1, 2, 12, 13, 30, 1);
        c.cycleEnd(30);
        assertTrue(c.allMeasuredDelivered());
        // a repeated or older cycleEnd does not reopen the window
        c.cycleEnd(3);
        assertTrue(c.windowClosed());
    }

    @Test
    void emptyWindowGivesNaNLatenciesAndZeroThroughput() {
        SteadyStateCollector c = new SteadyStateCollector(16, 0, 100);
        c.cycleEnd(99);
        assertTrue(c.allMeasuredDelivered());
        Map<String, Double> m = byName(c.results(100));
        assertTrue(Double.isNaN(m.get(SteadyStateCollector.LATENCY_AVG)));
        assertTrue(Double.isNaN(m.get(SteadyStateCollector.LATENCY_P99)));
        assertTrue(Double.isNaN(m.get(SteadyStateCollector.HOPS_AVG)));
        assertEquals(0.0, m.get(SteadyStateCollector.ACCEPTED));
        assertEquals(0.0, m.get(SteadyStateCollector.OFFERED));
    }

    @Test
    void metricsHaveAStableOrderAndUnits() {
        List<Metric> r = new SteadyStateCollector(1, 0, 1).results(1);
        assertEquals(List.of("offered", "accepted", "latency.avg", "latency.p50", "latency.p99", "latency.max",
                "latency.network.avg", "hops.avg", "packets.measured", "packets.measured.delivered",
                "packets.generated", "packets.delivered"), r.stream().map(Metric::name).toList());
        assertEquals("flits/node/cycle", r.get(1).unit());
        assertEquals("cycles", r.get(2).unit());
    }

    @Test
    void rejectsImpossibleWindows() {
        assertThrows(IllegalArgumentException.class, () -> new SteadyStateCollector(0, 0, 10));
        assertThrows(IllegalArgumentException.class, () -> new SteadyStateCollector(4, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new SteadyStateCollector(4, -1, 10));
    }

    @Test
    void percentilesOverManyPackets() {
        SteadyStateCollector c = new SteadyStateCollector(1, 0, 1_000_000);
        for (int i = 1; i <= 1000; i++) {
            packet(c, i, 1, i, i + i, 1); // latency i
        }
        Map<String, Double> m = byName(c.results(3000));
        assertEquals(500, m.get(SteadyStateCollector.LATENCY_P50));
        assertEquals(990, m.get(SteadyStateCollector.LATENCY_P99));
        assertEquals(1000, m.get(SteadyStateCollector.LATENCY_MAX));
        assertEquals(500.5, m.get(SteadyStateCollector.LATENCY_AVG), 1e-9);
    }
}
