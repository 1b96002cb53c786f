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

class ThroughputTrendFactoryTest {
    @Test
    void eachPartDividesItsOwnDeliveriesByItsSpan() {
        // 2 nodes, window [10, 30): 4 parts of 5 cycles
        StatisticsCollector c = new ThroughputTrend(new CollectorContext(2, 1.0, 10, 30, 4), 4);
        assertEquals(List.of("part1", "part2", "part3", "part4", "change"), Results.names(c, 100));
        deliver(c, 0, 1, 20, 0, 10);  // part 1
        deliver(c, 1, 0, 10, 0, 14);  // part 1
        deliver(c, 0, 1, 10, 0, 15);  // part 2
        deliver(c, 0, 1, 5, 0, 29);   // part 4
        deliver(c, 0, 1, 99, 0, 9);   // before the window
        deliver(c, 0, 1, 99, 0, 30);  // after it
        assertValue(30.0 / (2 * 5), c, 100, "part1");
        assertValue(10.0 / (2 * 5), c, 100, "part2");
        assertValue(0.0, c, 100, "part3");
        assertValue(5.0 / (2 * 5), c, 100, "part4");
        assertValue(0.5 / 3.0 - 1, c, 100, "change");
    }

    @Test
    void aWindowEndedEarlyIsSplitOverTheCyclesSimulated() {
        // window [0, 100), the point ended after cycle 39 (a saturation check): parts of 10 cycles
        StatisticsCollector c = new ThroughputTrend(new CollectorContext(1, 1.0, 0, 100, 4), 4);
        for (int t = 0; t < 40; t++) {
            deliver(c, 0, 0, t < 20 ? 2 : 1, 0, t); // 2 flits a cycle, then 1
        }
        assertValue(2.0, c, 40, "part1");
        assertValue(2.0, c, 40, "part2");
        assertValue(1.0, c, 40, "part3");
        assertValue(1.0, c, 40, "part4");
        assertValue(-0.5, c, 40, "change");
    }

    @Test
    void aLongWindowInBucketsStillGivesExactRatesForSteadyTraffic() {
        // 10,000 cycles: buckets of 3 cycles, the last one of 1; one flit per node and cycle
        StatisticsCollector c = new ThroughputTrend(new CollectorContext(3, 1.0, 500, 10_500, 4), 3);
        for (int t = 500; t < 10_500; t++) {
            deliver(c, 0, 1, 3, 0, t);
        }
        for (String part : List.of("part1", "part2", "part3")) {
            assertValue(1.0, c, 20_000, part);
        }
        assertValue(0.0, c, 20_000, "change");
    }

    @Test
    void tooShortARunLeavesPartsUndefinedAndAnOpenWindowIsRefused() {
        StatisticsCollector c = new ThroughputTrend(new CollectorContext(1, 1.0, 10, 20, 4), 4);
        deliver(c, 0, 0, 1, 0, 10);
        assertTrue(Double.isNaN(Results.value(c, 12, "part1")), "2 cycles simulated: part 1 has none");
        assertValue(1.0 / 1, c, 12, "part2");
        assertTrue(Double.isNaN(Results.value(c, 5, "change")), "ended before the window");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ThroughputTrend(new CollectorContext(1, 1.0, 0, CollectorContext.OPEN, 4), 4));
        assertTrue(e.getMessage().contains("throughput-trend splits a measurement window that ends (steady mode)"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ThroughputTrend(new CollectorContext(1, 1.0, 0, 10, 4), 1));
    }
}
