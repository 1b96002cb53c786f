package org.fabrica.stats.collectors.providers;

import static org.fabrica.stats.collectors.providers.Results.assertValue;
import static org.fabrica.stats.collectors.providers.Results.deliver;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.StatisticsCollector;
import org.junit.jupiter.api.Test;

class LatencyPercentilesFactoryTest {
    private static final CollectorContext WINDOW = new CollectorContext(4, 1.0, 100, 200, 4);
    private static final double[] DEFAULTS = {50, 90, 99, 99.9};

    @Test
    void theDefaultsAreP50P90P99AndP999WithTheCount() {
        assertEquals(List.of("p50", "p90", "p99", "p99.9", "count"),
                Results.names(new LatencyPercentiles(WINDOW, DEFAULTS), 300));
    }

    @Test
    void nearestRankPercentilesOfTheWindowsPackets() {
        StatisticsCollector c = new LatencyPercentiles(WINDOW, new double[] {10, 50, 90, 99, 99.9, 100});
        for (int latency = 1; latency <= 10; latency++) { // latencies 1 .. 10, generated in the window
            deliver(c, 0, 1, 4, 100 + latency, 100 + 2 * latency);
        }
        deliver(c, 0, 1, 4, 50, 5000); // warm-up packet with a huge latency: not measured
        // nearest rank of P among 10 values: ceil(P / 100 x 10)
        assertValue(1, c, 1000, "p10"); // rank 1
        assertValue(5, c, 1000, "p50"); // rank 5
        assertValue(9, c, 1000, "p90"); // rank 9
        assertValue(10, c, 1000, "p99"); // rank ceil(9.9) = 10
        assertValue(10, c, 1000, "p99.9");
        assertValue(10, c, 1000, "p100");
        assertValue(10, c, 1000, "count");
    }

    @Test
    void theRankOfADecimalPercentageIsExact() {
        // 99.9% of 1000 is rank 999; 0.999 x 1000 in binary floating point rounds above 999
        assertEquals(999, LatencyPercentiles.rank(99.9, 1000));
        assertEquals(1000, LatencyPercentiles.rank(99.9, 1001)); // 999.999 -> 1000
        assertEquals(9, LatencyPercentiles.rank(90, 10));
        assertEquals(1, LatencyPercentiles.rank(0.5, 3)); // 0.015 -> 1
    }

    @Test
    void withoutMeasuredPacketsThePercentilesAreUndefined() {
        StatisticsCollector c = new LatencyPercentiles(WINDOW, DEFAULTS);
        assertTrue(Double.isNaN(Results.value(c, 300, "p50")));
        assertValue(0, c, 300, "count");
    }

    @Test
    void badListsAreRefusedNamingTheParameter() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new LatencyPercentiles(WINDOW, new double[0]))
                .getMessage().contains("parameter 'percentiles' is empty"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new LatencyPercentiles(WINDOW, new double[] {50, 100.5})).getMessage()
                .contains("parameter 'percentiles' has 100.5"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new LatencyPercentiles(WINDOW, new double[] {0})).getMessage()
                .contains("parameter 'percentiles' has 0.0"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new LatencyPercentiles(WINDOW, new double[] {99, 99.0})).getMessage()
                .contains("lists 99.0 twice"));
    }
}
