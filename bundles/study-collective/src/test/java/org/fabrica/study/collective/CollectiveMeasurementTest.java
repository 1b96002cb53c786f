package org.fabrica.study.collective;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.List;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.network.NetworkModel;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.junit.jupiter.api.Test;

/**
 * The collective measurement fed packet events and cycle ends by hand, as the runner feeds it; the
 * whole mode runs in the runner's tests (ModeValidationTest, CollectiveStudyTest) and the golden results.
 */
class CollectiveMeasurementTest {

    /** A network that answers only {@code throttleHeldCycles} (the one thing the measurement reads), with {@code held[0]}. */
    private static NetworkModel network(long[] held) {
        return (NetworkModel) Proxy.newProxyInstance(NetworkModel.class.getClassLoader(),
                new Class<?>[] {NetworkModel.class}, (proxy, method, args) -> {
                    if (method.getName().equals("throttleHeldCycles")) {
                        return held[0];
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    /**
     * Two nodes, windows of 2 cycles: node 0 sends packet 0 to node 1 and node 1 packet 1 to node 0
     * at cycle 0; packet 0 arrives at cycle 3, packet 1 at {@code second} (never when negative).
     */
    private static StudyMeasurement.Outcome run(long[] held, long second, long end, StudyMeasurement.End how) {
        CollectiveMeasurement m = new CollectiveMeasurement(2, 2, 100);
        NetworkObserver events = m.observer(2);
        NetworkObserver cycles = m.cycleObserver(network(held));
        events.packetGenerated(0, 0, 1, 4, 0);
        events.packetGenerated(1, 1, 0, 4, 0);
        for (long c = 0; c < end; c++) {
            if (c == 3) {
                events.packetDelivered(0, 0, 1, 4, 0, 0, 3, 1);
            }
            if (c == second) {
                events.packetDelivered(1, 1, 0, 4, 0, 0, second, 1);
            }
            if (held[0] >= 0) {
                held[0] += 1; // one node held back every cycle
            }
            cycles.cycleEnd(c);
        }
        return m.outcome(end, how);
    }

    private static double metric(StudyMeasurement.Outcome o, String name) {
        return o.metrics().stream().filter(x -> x.name().equals(name)).mapToDouble(Metric::value).findFirst()
                .orElseThrow(() -> new AssertionError("no metric " + name + " in " + o.metrics()));
    }

    @Test
    void aCompleteBurstHasItsDurationTheInFlightSeriesAndPerNodeCounts() {
        StudyMeasurement.Outcome o = run(new long[] {-1}, 5, 6, StudyMeasurement.End.NETWORK_DONE);
        assertFalse(o.saturated());
        assertTrue(o.endNote().startsWith("every packet delivered at cycle "), o.endNote());
        assertEquals(2.0, metric(o, CollectiveMeasurement.IN_FLIGHT_MAX));
        StudyMeasurement.Table inFlight = o.tables().inFlight();
        assertEquals(List.of("cycle", "inFlight"), inFlight.names(), "no held column without an active throttle");
        assertArrayEquals(new double[] {2, 1, 0}, inFlight.columns().get(1), "sampled at cycles 1, 3 and 5");
        StudyMeasurement.Table nodes = o.tables().nodes();
        assertEquals(List.of("node", "sent", "received", "lastSentDelivered", "lastArrival"), nodes.names());
        assertArrayEquals(new double[] {1, 1}, nodes.columns().get(1));
        assertArrayEquals(new double[] {1, 1}, nodes.columns().get(2));
        assertNull(o.tables().windows());
    }

    @Test
    void anActiveThrottleAddsWhatItHeldBackPerWindow() {
        StudyMeasurement.Outcome o = run(new long[] {0}, 5, 6, StudyMeasurement.End.NETWORK_DONE);
        StudyMeasurement.Table inFlight = o.tables().inFlight();
        assertEquals(List.of("cycle", "inFlight", "held"), inFlight.names());
        assertArrayEquals(new double[] {1, 1, 1}, inFlight.columns().get(2), "one node-cycle per cycle: a mean of 1");
    }

    @Test
    void aBurstCutByMaxCyclesIsSaturatedWithoutDuration() {
        StudyMeasurement.Outcome o = run(new long[] {-1}, -1, 8, StudyMeasurement.End.LIMIT);
        assertTrue(o.saturated());
        assertEquals("maxCycles = 100 reached with 1 packets in flight; no duration", o.endNote());
        assertTrue(Double.isNaN(o.tables().nodes().columns().get(3)[1]), "node 1's packet never arrived");
    }
}
