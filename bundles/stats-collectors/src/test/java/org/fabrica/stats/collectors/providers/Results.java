package org.fabrica.stats.collectors.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.stats.Metric;
import org.fabrica.stats.StatisticsCollector;

/** Reading a collector's metrics in the tests. */
final class Results {
    private Results() {
    }

    static List<String> names(StatisticsCollector c, long end) {
        List<String> names = new ArrayList<>();
        for (Metric m : c.results(end)) {
            names.add(m.name());
        }
        return names;
    }

    static double value(StatisticsCollector c, long end, String name) {
        for (Metric m : c.results(end)) {
            if (m.name().equals(name)) {
                return m.value();
            }
        }
        throw new AssertionError("no metric " + name + " in " + names(c, end));
    }

    static void assertValue(double expected, StatisticsCollector c, long end, String name) {
        assertEquals(expected, value(c, end, name), 1e-12, name);
    }

    /** A packet delivered: only the cycles matter to the collectors under test. */
    static void deliver(StatisticsCollector c, int source, int destination, int flits, long created, long delivered) {
        c.packetDelivered(0, source, destination, flits, created, created, delivered, 1);
    }
}
