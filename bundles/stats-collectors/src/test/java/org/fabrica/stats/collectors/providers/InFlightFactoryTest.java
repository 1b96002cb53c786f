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

class InFlightFactoryTest {
    @Test
    void packetsInFlightAreSampledAtTheEndOfEveryCycleOfTheWindow() {
        StatisticsCollector c = new InFlightPackets(new CollectorContext(4, 1.0, 2, 6, 4), 1);
        assertEquals(List.of("mean", "max", "samples"), Results.names(c, 10));
        c.packetGenerated(1, 0, 1, 4, 0);
        c.packetGenerated(2, 0, 1, 4, 0);
        c.cycleEnd(0); // before the window: 2 in flight, not sampled
        c.packetGenerated(3, 0, 1, 4, 1);
        c.packetGenerated(4, 0, 1, 4, 1);
        c.packetGenerated(5, 0, 1, 4, 1);
        c.cycleEnd(1); // 5, not sampled
        deliver(c, 0, 1, 4, 0, 2);
        c.cycleEnd(2); // sample 4
        c.cycleEnd(2); // reported twice: counted once
        deliver(c, 0, 1, 4, 0, 3);
        deliver(c, 0, 1, 4, 1, 3);
        c.cycleEnd(3); // sample 2
        c.packetReplicated(3, 6, 0, 2, 5, 4); // a copy is one more packet in flight
        c.cycleEnd(4); // sample 3
        deliver(c, 0, 1, 4, 1, 5);
        deliver(c, 0, 1, 4, 1, 5);
        deliver(c, 0, 2, 4, 1, 5);
        c.cycleEnd(5); // sample 0
        c.packetGenerated(7, 0, 1, 4, 6);
        c.cycleEnd(6); // after the window: not sampled
        assertValue(4, c, 7, "samples");
        assertValue((4 + 2 + 3 + 0) / 4.0, c, 7, "mean");
        assertValue(4, c, 7, "max");
    }

    @Test
    void everyNthCycleOfTheWindowIsSampled() {
        StatisticsCollector c = new InFlightPackets(new CollectorContext(4, 1.0, 1, CollectorContext.OPEN, 4), 3);
        for (long cycle = 0; cycle < 10; cycle++) {
            c.packetGenerated(cycle, 0, 1, 4, cycle); // cycle + 1 packets in flight at the end of cycle
            c.cycleEnd(cycle);
        }
        // samples at cycles 1, 4, 7: 2, 5 and 8 packets
        assertValue(3, c, 10, "samples");
        assertValue(5, c, 10, "mean");
        assertValue(8, c, 10, "max");
    }

    @Test
    void withoutSamplesMeanAndMaxAreUndefined() {
        StatisticsCollector c = new InFlightPackets(new CollectorContext(4, 1.0, 100, 200, 4), 1);
        c.cycleEnd(50);
        assertTrue(Double.isNaN(Results.value(c, 51, "mean")));
        assertTrue(Double.isNaN(Results.value(c, 51, "max")));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new InFlightPackets(new CollectorContext(4, 1.0, 0, 10, 4), 0)).getMessage()
                .contains("parameter 'every' = 0"));
    }
}
