package org.fabrica.study.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.network.NetworkModel;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.CriticalLoadDetector;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;

/**
 * What mode ramp computes alone: the ramp's end from the offered load, its own keys, its end
 * condition per window. The whole mode runs in the runner's tests (ModeValidationTest,
 * RampStudyTest there) and the golden results (examples/spth).
 */
class RampStudyTest {
    /** Load 0 until cycle 100, then rising, back to 0 from cycle 12345. */
    private static final class Ramp implements InjectionProcess {
        @Override
        public long next(int node, long previous, SplittableRandom random) {
            return NEVER;
        }

        @Override
        public double offeredLoad(long now) {
            return now >= 100 && now < 12_345 ? 1e-5 * now : 0;
        }
    }

    private static ExperimentDocument doc(String yaml) {
        return ExperimentDocument.parse("ramp.yaml", "name: r\nmode: ramp\n" + yaml, Map.of());
    }

    private static ObjectNode root(ExperimentDocument doc) {
        return doc.root();
    }

    @Test
    void theRampEndIsFoundFromTheOfferedLoad() {
        assertEquals(12_345, RampStudy.rampEnd(new Ramp(), 1_000_000));
        assertEquals(10_000, RampStudy.rampEnd(new Ramp(), 10_000), "still loaded at the limit");
        assertEquals(-1, RampStudy.rampEnd(new Ramp(), 100), "never loaded below the limit");
    }

    @Test
    void theSeriesAndTheKneeDetectorHaveDefaultsAndRefuseOtherModesKeys() {
        ExperimentDocument none = doc("");
        assertEquals(100, RampStudy.window(none, root(none), "window", 100));
        assertEquals(CriticalLoadDetector.Settings.DEFAULT, RampStudy.criticalLoad(none, root(none)));
        ExperimentDocument given = doc("series: {window: 50, smoothing: 7}\ncriticalLoad: {drop: 0.2}\n");
        assertEquals(50, RampStudy.window(given, root(given), "window", 100));
        assertEquals(7, RampStudy.window(given, root(given), "smoothing", 200));
        assertEquals(0.2, RampStudy.criticalLoad(given, root(given)).drop());
        ExperimentDocument collective = doc("series: {inFlightWindow: 5}\n");
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> RampStudy.window(collective, root(collective), "window", 100));
        assertTrue(e.getMessage().contains("series.inFlightWindow is not used in mode ramp (it applies to mode "
                + "collective); remove it"), e.getMessage());
        ExperimentDocument steep = doc("criticalLoad: {drop: 1.5}\n");
        e = assertThrows(ExperimentException.class, () -> RampStudy.criticalLoad(steep, root(steep)));
        assertTrue(e.getMessage().contains("criticalLoad.drop = 1.5; use a relative fall strictly between 0 and 1"),
                e.getMessage());
    }

    @Test
    void aPointEndsAtTheFirstWindowBoundaryAfterTheLoadReturnsToZero() {
        InjectionProcess ramp = new Ramp();
        RampStudy.Measurement m = new RampStudy.Measurement(new RampStudy.Ramp(100, 20,
                CriticalLoadDetector.Settings.DEFAULT), 1_000_000);
        NetworkObserver events = m.observer(4, new StudyTraffic.Packets((source, random) -> (source + 1) % 4, ramp,
                "ramp"));
        NetworkObserver cycles = m.cycleObserver(unthrottled());
        long end = -1;
        for (long c = 0; c < 1_000_000 && end < 0; c++) {
            if (c == 5) {
                events.packetGenerated(0, 0, 1, 4, c);
            }
            if (c == 9) {
                events.packetDelivered(0, 0, 1, 4, 5, 5, c, 1);
            }
            cycles.cycleEnd(c);
            if (m.ended(c)) {
                end = c;
            }
        }
        assertEquals(12_399, end, "the boundary of the window holding cycle 12,345 (windows of 100 cycles)");
        StudyMeasurement.Outcome o = m.outcome(end + 1, StudyMeasurement.End.MEASURED);
        assertEquals("the ramp ended (offered load back to 0) at cycle 12400", o.endNote());
        assertFalse(o.saturated());
        assertEquals(1.0, metric(o, RampStudy.PACKETS_GENERATED));
        assertEquals(1.0, metric(o, RampStudy.PACKETS_DELIVERED));
        assertEquals(0.0, metric(o, RampStudy.IN_FLIGHT_END));
        assertEquals(124, o.tables().windows().columns().get(0).length, "one row per complete window, [0, 100) to"
                + " [12300, 12400)");
    }

    /** A network without a throttle, the one thing the measurement asks of it. */
    private static NetworkModel unthrottled() {
        return (NetworkModel) Proxy.newProxyInstance(NetworkModel.class.getClassLoader(),
                new Class<?>[] {NetworkModel.class}, (proxy, method, args) -> {
                    if (method.getName().equals("throttleHeldCycles")) {
                        return -1L;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static double metric(StudyMeasurement.Outcome o, String name) {
        return o.metrics().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow().value();
    }
}
