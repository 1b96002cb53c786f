package org.example.fabrica.burst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.params.ParameterSchema;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.junit.jupiter.api.Test;

/**
 * The burst mode's measurement fed packet events by hand, and its key read from a file tree; the
 * whole mode runs in a framework in the integration tests (itests, StudyPluginIT).
 */
class BurstStudyTest {

    /** Two nodes, 4-flit packets: node 0 sends 3 packets to node 1, node 1 one to node 0, all at cycle 0. */
    private static BurstMeasurement burst(double tail, long... deliveries) {
        BurstMeasurement m = new BurstMeasurement(tail, 4);
        NetworkObserver o = m.observer(2);
        int[][] pairs = {{0, 1}, {0, 1}, {1, 0}, {0, 1}};
        for (int p = 0; p < 4; p++) {
            o.packetGenerated(p, pairs[p][0], pairs[p][1], 4, 0);
        }
        for (int p = 0; p < deliveries.length; p++) {
            o.packetDelivered(p, pairs[p][0], pairs[p][1], 4, 0, 1, deliveries[p], 2);
        }
        return m;
    }

    private static Map<String, Double> metrics(StudyMeasurement.Outcome o) {
        Map<String, Double> out = new HashMap<>();
        for (Metric m : o.metrics()) {
            out.put(m.name(), m.value());
        }
        return out;
    }

    @Test
    void aCompleteBurstReportsCompletionTailLatencyAndTheLinkBound() {
        StudyMeasurement.Outcome o = burst(0.5, 10, 14, 20, 30).outcome(31, StudyMeasurement.End.NETWORK_DONE);
        Map<String, Double> m = metrics(o);
        assertFalse(o.saturated());
        assertEquals("every packet delivered at cycle 30", o.endNote());
        assertEquals(4.0, m.get(BurstMeasurement.PACKETS));
        assertEquals(4.0, m.get(BurstMeasurement.DELIVERED));
        assertEquals(31.0, m.get(BurstMeasurement.COMPLETION));
        assertEquals(15.0, m.get(BurstMeasurement.TAIL_CYCLE), "the second of four packets marks the half");
        assertEquals(18.5, m.get(BurstMeasurement.LATENCY_MEAN), 1e-12);
        assertEquals(12.0, m.get(BurstMeasurement.BOUND), "node 1 receives 3 packets of 4 flits");
        assertEquals(12.0 / 31, m.get(BurstMeasurement.EFFICIENCY), 1e-12);
    }

    @Test
    void theWholeBurstAsTailIsTheCompletion() {
        Map<String, Double> m = metrics(burst(1.0, 10, 14, 20, 30).outcome(31, StudyMeasurement.End.NETWORK_DONE));
        assertEquals(m.get(BurstMeasurement.COMPLETION), m.get(BurstMeasurement.TAIL_CYCLE));
    }

    @Test
    void aBurstCutByTheCycleLimitIsSaturatedWithoutCompletion() {
        StudyMeasurement.Outcome o = burst(0.9, 10, 14).outcome(100, StudyMeasurement.End.LIMIT);
        Map<String, Double> m = metrics(o);
        assertTrue(o.saturated());
        assertEquals("maxCycles reached with 2 packets in flight; no completion", o.endNote());
        assertTrue(m.get(BurstMeasurement.COMPLETION).isNaN());
        assertTrue(m.get(BurstMeasurement.TAIL_CYCLE).isNaN());
        assertEquals(12.0, m.get(BurstMeasurement.LATENCY_MEAN), 1e-12, "of the two delivered packets");
        assertEquals(List.of(BurstMeasurement.PACKETS, BurstMeasurement.DELIVERED, BurstMeasurement.COMPLETION,
                BurstMeasurement.TAIL_CYCLE, BurstMeasurement.LATENCY_MEAN, BurstMeasurement.BOUND,
                BurstMeasurement.EFFICIENCY), o.metrics().stream().map(Metric::name).toList(),
                "every point has the same columns");
    }

    @Test
    void manyDeliveriesGrowTheRecord() {
        BurstMeasurement m = new BurstMeasurement(0.5, 1);
        NetworkObserver o = m.observer(1);
        int n = 5000;
        for (int p = 0; p < n; p++) {
            o.packetGenerated(p, 0, 0, 1, 0);
        }
        for (int p = 0; p < n; p++) {
            o.packetDelivered(p, 0, 0, 1, 0, 0, p, 0);
        }
        Map<String, Double> r = metrics(m.outcome(n, StudyMeasurement.End.NETWORK_DONE));
        assertEquals((double) n, r.get(BurstMeasurement.COMPLETION));
        assertEquals(n / 2.0, r.get(BurstMeasurement.TAIL_CYCLE));
    }

    @Test
    void theSettingsMetatypeGivesTheDefaultsAndTheHelpText() {
        assertEquals(List.of("tail", "shift"), List.copyOf(new BurstStudy(null).defaults().keySet()));
        assertEquals(List.of(0.9, 0), List.copyOf(new BurstStudy(null).defaults().values()));
        ParameterSchema schema = ParameterSchema.of(BurstSettings.class);
        assertEquals(1.0, schema.parameter("tail").max(), "the range from the generated Metatype XML");
        assertTrue(schema.parameter("shift").description().contains("(i + shift) mod nodes"));
    }

    @Test
    void tailDefaultsAndIsCheckedAtItsPlace() {
        assertEquals(0.9, BurstStudy.tail(file(JsonNodeFactory.instance.objectNode())));
        assertEquals(0.5, BurstStudy.tail(withTail(0.5)));
        ExperimentException zero = assertThrows(ExperimentException.class, () -> BurstStudy.tail(withTail(0.0)));
        assertEquals("burst.yaml:tail: tail = 0.0 is out of range; use a fraction above 0 and at most 1, e.g. 0.9 for"
                + " the cycle by which 90% of the packets had arrived", zero.getMessage());
        assertThrows(ExperimentException.class, () -> BurstStudy.tail(withTail(1.5)));
        ObjectNode text = JsonNodeFactory.instance.objectNode().put("tail", "most");
        assertTrue(assertThrows(ExperimentException.class, () -> BurstStudy.tail(file(text))).getMessage()
                .contains("tail must be a number"));
    }

    @Test
    void shiftDefaultsToTheFilesPatternAndRefusesWhatIsNoWholeNumber() {
        assertEquals(0, BurstStudy.shift(file(JsonNodeFactory.instance.objectNode())));
        assertEquals(3, BurstStudy.shift(file(JsonNodeFactory.instance.objectNode().put("shift", 3))));
        for (ObjectNode bad : List.of(JsonNodeFactory.instance.objectNode().put("shift", -1),
                JsonNodeFactory.instance.objectNode().put("shift", 1.5),
                JsonNodeFactory.instance.objectNode().put("shift", "one"))) {
            assertTrue(assertThrows(ExperimentException.class, () -> BurstStudy.shift(file(bad))).getMessage()
                    .startsWith("burst.yaml:shift: shift = "));
        }
    }

    @Test
    void theShiftedTrafficSendsEveryNodeToOneNodeAndWrapsAround() {
        BurstTraffic.Shift shift = new BurstTraffic.Shift(16, 3);
        assertEquals(3, shift.destination(0, null));
        assertEquals(2, shift.destination(15, null), "node 15 + 3 wraps to node 2");
        java.util.Set<Integer> destinations = new java.util.HashSet<>();
        for (int n = 0; n < 16; n++) {
            destinations.add(shift.destination(n, null));
        }
        assertEquals(16, destinations.size(), "a permutation: every node receives from exactly one");
    }

    private static StudyFile withTail(double tail) {
        return file(JsonNodeFactory.instance.objectNode().put("tail", tail));
    }

    /** A file tree whose errors name the path (the runner's name file, line and column). */
    private static StudyFile file(ObjectNode root) {
        return new StudyFile() {
            @Override
            public ObjectNode root() {
                return root;
            }

            @Override
            public String source() {
                return "burst.yaml";
            }

            @Override
            public String where(String path) {
                return "burst.yaml:" + path;
            }

            @Override
            public ExperimentException error(String path, String message) {
                return new ExperimentException(where(path) + ": " + message);
            }

            @Override
            public ExperimentException keyError(String path, String message) {
                return error(path, message);
            }

            @Override
            public ExperimentException error(String path, String message, Throwable cause) {
                return new ExperimentException(where(path) + ": " + message, cause);
            }
        };
    }
}
