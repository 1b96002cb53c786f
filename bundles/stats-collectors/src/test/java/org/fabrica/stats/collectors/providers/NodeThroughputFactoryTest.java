package org.fabrica.stats.collectors.providers;

import static org.fabrica.stats.collectors.providers.Results.assertValue;
import static org.fabrica.stats.collectors.providers.Results.deliver;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.collectors.providers.NodeThroughputParameters.Node;
import org.junit.jupiter.api.Test;

class NodeThroughputFactoryTest {
    /** 4 nodes, window [10, 20): 10 cycles. */
    private static final CollectorContext WINDOW = new CollectorContext(4, 1.0, 10, 20, 4);

    /** Node 0 receives 20 flits in the window, node 1 10, node 2 10, node 3 nothing. */
    private static void feed(StatisticsCollector c) {
        deliver(c, 3, 0, 8, 5, 10);
        deliver(c, 3, 0, 12, 9, 19);
        deliver(c, 2, 1, 10, 12, 15);
        deliver(c, 1, 2, 4, 11, 12);
        deliver(c, 1, 2, 6, 11, 13);
        deliver(c, 0, 3, 100, 2, 9); // delivered before the window
        deliver(c, 0, 3, 100, 18, 20); // delivered after it
    }

    @Test
    void perDestinationRatesAndJainsIndex() {
        StatisticsCollector c = new NodeThroughput(WINDOW, Node.DESTINATION);
        assertEquals(List.of("min", "mean", "max", "jain"), Results.names(c, 100));
        feed(c);
        // flits per node per cycle: 2.0, 1.0, 1.0, 0.0
        assertValue(0.0, c, 100, "min");
        assertValue(1.0, c, 100, "mean");
        assertValue(2.0, c, 100, "max");
        // (2 + 1 + 1 + 0)^2 / (4 x (4 + 1 + 1 + 0)) = 16 / 24
        assertValue(16.0 / 24, c, 100, "jain");
    }

    @Test
    void perSourceCountsWhatEachNodeGotThrough() {
        StatisticsCollector c = new NodeThroughput(WINDOW, Node.SOURCE);
        feed(c);
        // sources: node 3 sent 20 flits, node 2 10, node 1 10, node 0 none in the window
        assertValue(0.0, c, 100, "min");
        assertValue(2.0, c, 100, "max");
        assertValue(16.0 / 24, c, 100, "jain");
    }

    @Test
    void anOpenWindowDividesByTheCyclesRunAndEqualNodesAreFair() {
        StatisticsCollector c = new NodeThroughput(new CollectorContext(2, 1.0, 0, CollectorContext.OPEN, 4),
                Node.DESTINATION);
        deliver(c, 1, 0, 5, 0, 3);
        deliver(c, 0, 1, 5, 0, 4);
        assertValue(0.5, c, 10, "mean"); // 5 flits over the 10 cycles run
        assertValue(1.0, c, 10, "jain");
    }

    @Test
    void nothingDeliveredLeavesTheIndexUndefined() {
        StatisticsCollector c = new NodeThroughput(WINDOW, Node.DESTINATION);
        assertValue(0.0, c, 100, "max");
        assertTrue(Double.isNaN(Results.value(c, 100, "jain")));
        assertTrue(Double.isNaN(Results.value(c, 5, "mean")), "the run ended before the window");
    }
}
