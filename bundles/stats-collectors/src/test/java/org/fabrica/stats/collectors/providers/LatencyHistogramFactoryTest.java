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

class LatencyHistogramFactoryTest {
    /** Window [100, 200). */
    private static final CollectorContext WINDOW = new CollectorContext(4, 1.0, 100, 200, 4);

    private static StatisticsCollector histogram(int bins, int width) {
        return new FixedWidthLatencyHistogram(WINDOW, bins, width);
    }

    @Test
    void binsAreNamedByTheirBoundsAndTheLastIsOpen() {
        assertEquals(List.of("0-4", "5-9", "10-14", "15+"), Results.names(histogram(4, 5), 300));
        assertEquals(List.of("0+"), Results.names(histogram(1, 7), 300));
    }

    @Test
    void packetsOfTheWindowAreCountedInTheBinOfTheirLatency() {
        StatisticsCollector h = histogram(4, 5);
        deliver(h, 0, 1, 4, 100, 100); // latency 0 -> 0-4
        deliver(h, 0, 1, 4, 100, 104); // 4 -> 0-4
        deliver(h, 0, 1, 4, 150, 155); // 5 -> 5-9
        deliver(h, 0, 1, 4, 199, 213); // 14 -> 10-14
        deliver(h, 0, 1, 4, 120, 135); // 15 -> 15+
        deliver(h, 0, 1, 4, 120, 1120); // 1000 -> 15+
        deliver(h, 0, 1, 4, 99, 150); // generated in the warm-up: not measured
        deliver(h, 0, 1, 4, 200, 201); // generated after the window: not measured
        assertValue(2, h, 2000, "0-4");
        assertValue(1, h, 2000, "5-9");
        assertValue(1, h, 2000, "10-14");
        assertValue(2, h, 2000, "15+");
    }

    @Test
    void badParametersAreNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> histogram(0, 5)).getMessage()
                .contains("parameter 'bins' = 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> histogram(3, 0)).getMessage()
                .contains("parameter 'width' = 0"));
    }
}
