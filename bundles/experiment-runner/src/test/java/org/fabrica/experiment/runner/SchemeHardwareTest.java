package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.fabrica.experiment.runner.Fixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scheme's own hardware ({@code schemes[i].hardware}): parameters of the experiment's hardware
 * model that differ for one scheme. Its points equal those of an experiment whose hardware has
 * those parameters; the resolved file and the summary say what it changed; a different model, a
 * different flit size or clock, an empty mapping and an unknown parameter are refused at their place.
 */
class SchemeHardwareTest {
    @TempDir
    Path tmp;

    /** Two schemes on the same routing: the experiment's 8-flit buffers, and 2-flit buffers of the scheme's own. */
    private static final String TWO = with(Fixtures.TINY, "loads: [0.05, 0.1]", """
              - label: shallow
                routing: {name: dor, dateline: classic}
                queuing: {name: dateline}
                hardware: {bufferFlits: 2}
            loads: [0.3]""");

    private Map<String, Double> latencies(String name, String yaml) {
        Map<String, Double> out = new HashMap<>();
        for (PointResult r : Fixtures.run(tmp, name, yaml)) {
            out.put(r.point().pointId().split("/")[1], PointRecords.metric(r, "latency.avg"));
        }
        return out;
    }

    @Test
    void aSchemesHardwareRunsLikeAnExperimentWithThatHardware() {
        Map<String, Double> both = latencies("both", TWO);
        String alone = with(with(Fixtures.TINY, "loads: [0.05, 0.1]", "loads: [0.3]"),
                "hardware: {name: generic, vcs: 2, bufferFlits: 8}", "hardware: {name: generic, vcs: 2, bufferFlits: 2}")
                .replace("label: dor", "label: shallow");
        Map<String, Double> shallowAlone = latencies("alone", alone);
        assertEquals(shallowAlone.get("shallow"), both.get("shallow"), "the scheme's 2-flit buffers, in both experiments");
        assertNotEquals(both.get("dor"), both.get("shallow"), "8-flit and 2-flit buffers at load 0.3");
    }

    @Test
    void theResolvedFileAndTheSummaryNameWhatTheSchemeChanges() {
        SweepPlan plan = StudyFiles.plan(TWO);
        JsonNode schemes = plan.spec().study().resolved(plan).get("schemes");
        assertNull(schemes.get(0).get("hardware"), "the first scheme runs on the experiment's hardware");
        JsonNode own = schemes.get(1).get("hardware");
        assertEquals(2, own.get("bufferFlits").asInt());
        assertEquals(2, own.get("vcs").asInt(), "every parameter of the scheme's model");
        assertNull(own.get("name"));
        assertContains(plan.summary(), "scheme    shallow: routing");
        assertContains(plan.summary(), ", its own hardware bufferFlits=2\n");
    }

    private static String refused(String hardware) {
        String yaml = TWO.replace("hardware: {bufferFlits: 2}", "hardware: " + hardware);
        return assertThrows(ExperimentException.class, () -> StudyFiles.plan(yaml)).getMessage();
    }

    @Test
    void whatASchemesHardwareMayNotChangeIsRefusedAtItsPlace() {
        assertContains(refused("{name: rapidio-cps1848}"), "schemes[1].hardware changes parameters of the experiment's"
                + " hardware 'generic', not the model; remove the name");
        assertContains(refused("{flitBytes: 8}"), "schemes[1].hardware gives 8-byte flits and 1.0 ns cycles, the"
                + " experiment's hardware 16-byte flits and 1.0 ns cycles; a scheme's hardware must keep both");
        assertContains(refused("{}"), "schemes[1].hardware must be a mapping of the hardware model's parameters that"
                + " differ for this scheme, e.g. {crossbar: vc-inputs}; found an empty mapping");
        assertContains(refused("{bufferFlit: 2}"), "bufferFlit");
        assertContains(refused("{bufferFlit: 2}"), "schemes[1].hardware");
        assertContains(refused("[2]"), "found a list");
    }
}
