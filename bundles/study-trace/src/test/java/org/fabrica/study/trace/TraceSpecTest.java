package org.fabrica.study.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.file.ExperimentDocument;
import org.junit.jupiter.api.Test;

/**
 * How mode trace reads its own keys (docs/traces.md, "Experiment files"): the collective engine it
 * defaults to, and the replay settings it refuses. The whole mode runs in the runner's tests
 * (TraceStudyTest, HardwareBarrierTest, HardwareBroadcastTest) and the golden results of
 * examples/traces, examples/dawning and examples/osha-sasha.
 */
class TraceSpecTest {
    private static final String WORKLOAD = """
            workloads:
              - label: bar
                generate: {name: barriers, ranks: 4, barriers: 2}
            """;

    private static TraceSpec parse(String yaml) {
        ExperimentDocument doc = ExperimentDocument.parse("t.yaml", yaml, Map.of());
        return TraceSpec.parse(doc, doc.root());
    }

    @Test
    void softwareCollectivesNeedNoEngine() {
        TraceSpec s = parse(WORKLOAD);
        assertFalse(s.usesEngine());
        assertFalse(s.collectiveGiven());
        assertEquals("linear", s.workloads().get(0).mapping().name(), "the default mapping");
        assertEquals(1, s.workloads().get(0).copies());
    }

    @Test
    void hardwareBarriersTakeTheBarrierEngineAndHardwareBroadcastsTheMulticastOne() {
        TraceSpec barriers = parse(WORKLOAD + "replay: {barriers: hardware}\n");
        assertTrue(barriers.usesEngine());
        assertEquals(TraceSpec.DEFAULT_ENGINE, barriers.engine().name());
        assertEquals(TraceSpec.DEFAULT_ROOT_POLICY, barriers.rootPolicy().name());
        TraceSpec broadcasts = parse(WORKLOAD + "replay: {broadcasts: hardware}\n");
        assertEquals(TraceSpec.DEFAULT_MULTICAST_ENGINE, broadcasts.engine().name());
    }

    @Test
    void oneRunHasOneCollectiveEngine() {
        String m = assertThrows(ExperimentException.class,
                () -> parse(WORKLOAD + "replay: {barriers: hardware, broadcasts: hardware}\n")).getMessage();
        assertTrue(m.contains("replay.barriers and replay.broadcasts are both hardware"), m);
    }

    @Test
    void workloadLabelsAreUnique() {
        String m = assertThrows(ExperimentException.class, () -> parse(WORKLOAD + """
                  - label: bar
                    generate: {name: barriers, ranks: 2}
                """)).getMessage();
        assertTrue(m.contains("is used by an earlier workload"), m);
    }
}
