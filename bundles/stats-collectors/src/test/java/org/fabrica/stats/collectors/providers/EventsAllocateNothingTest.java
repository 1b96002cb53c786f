package org.fabrica.stats.collectors.providers;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.collectors.providers.NodeThroughputParameters.Node;
import org.junit.jupiter.api.Test;

/**
 * The collectors are called from the simulation's observer hooks, once per packet event and cycle:
 * a million events must not allocate (one object per event would be tens of megabytes).
 */
class EventsAllocateNothingTest {
    @Test
    void packetEventsAndCycleEndsAllocateNothing() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean threads) || !threads.isThreadAllocatedMemorySupported()) {
            return; // the JVM cannot count allocated bytes per thread
        }
        threads.setThreadAllocatedMemoryEnabled(true);
        CollectorContext context = new CollectorContext(64, 1.0, 1000, 900_000, 4);
        List<StatisticsCollector> collectors = List.of(new FixedWidthLatencyHistogram(context, 20, 5),
                new LatencyPercentiles(context, new double[] {50, 99}), new InFlightPackets(context, 1),
                new NodeThroughput(context, Node.DESTINATION), new ThroughputTrend(context, 8));
        StatisticsCollector[] all = collectors.toArray(new StatisticsCollector[0]);
        feed(all, 0, 100_000); // warm up: compiled code, as in a long run
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        feed(all, 100_000, 1_000_000);
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertTrue(allocated < 10_000, "900000 cycles of events allocated " + allocated + " bytes");
        assertTrue(Results.value(all[1], 1_000_000, "count") > 0);
    }

    private static void feed(StatisticsCollector[] all, long from, long to) {
        for (long cycle = from; cycle < to; cycle++) {
            int node = (int) (cycle % 64);
            for (StatisticsCollector c : all) {
                c.packetGenerated(cycle, node, 63 - node, 4, cycle);
                c.packetInjected(cycle, node, cycle);
                if (cycle >= 10) {
                    c.packetDelivered(cycle - 10, node, 63 - node, 4, cycle - 10 - node % 7, cycle - 10, cycle,
                            node % 9);
                }
                c.cycleEnd(cycle);
            }
        }
    }
}
