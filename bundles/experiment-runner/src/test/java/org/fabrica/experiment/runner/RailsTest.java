package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multi-rail networks ({@code topology.rails}) in a run: it delivers everything and pays the
 * interface hops; bad values are refused at their key. (The wiring and the plane selection:
 * RailTopologyTest in topology-rails.)
 */
class RailsTest {
    @TempDir
    Path tmp;

    private static final String RAILS = """
            name: rails
            topology: {name: kary-ntree, k: 4, n: 1, RAILS}
            hardware: {name: generic, vcs: 2, bufferFlits: 8}
            traffic:
              packetFlits: 4
              patterns: [uniform]
            schemes:
              - {label: dmodk, routing: dmodk, queuing: by-function}
            loads: [0.05]
            warmup: 500
            measure: 4000
            drain: 20000
            seeds: [1]
            """;

    private PointResult run(String rails) {
        PointResult r = Fixtures.run(tmp, "r" + Math.abs(rails.hashCode()), RAILS.replace(", RAILS", rails)).get(0);
        assertEquals(PointRecords.metric(r, "packets.measured"), PointRecords.metric(r, "packets.measured.delivered"));
        return r;
    }

    @Test
    void aMultiRailRunDeliversEverythingAndPaysTheInterfaceHops() {
        double plain = PointRecords.metric(run(""), "latency.avg");
        double oneRail = PointRecords.metric(run(", rails: 1"), "latency.avg");
        double fourRails = PointRecords.metric(run(", rails: 4, railSelection: destination"), "latency.avg");
        // one switch: 1 router hop; behind interfaces: 3 (source interface, switch, destination interface)
        assertTrue(oneRail > plain + 4, "one rail " + oneRail + " against the switch alone " + plain);
        assertEquals(oneRail, fourRails, 2.0, "four idle-enough planes: the same path length as one");
        SweepPlan plan = StudyFiles.plan(RAILS.replace(", RAILS", ", rails: 4"));
        assertEquals(4 * 1 + 4, plan.networkRouters());
        assertContains(plan.summary(), "4 rails (planes), one interface router per node, plane chosen by packet");
        var topology = plan.spec().study().resolved(plan).get("topology");
        assertEquals(4, topology.get("rails").asInt());
        assertEquals("packet", topology.get("railSelection").asText());
    }

    private static String refused(String rails) {
        return assertThrows(ExperimentException.class, () -> StudyFiles.plan(RAILS.replace(", RAILS", rails)))
                .getMessage();
    }

    @Test
    void badRailsAreRefusedAtTheirKey() {
        assertContains(refused(", rails: 0"), "topology.rails = 0 is not a number of planes; use a whole number from 1 to 64");
        assertContains(refused(", rails: two"), "topology.rails = two is not a number of planes");
        assertContains(refused(", rails: 2, railSelection: random"), "topology.railSelection = 'random' is not a selection;"
                + " use packet");
        assertContains(refused(", railSelection: destination"), "topology.railSelection without topology.rails");
    }
}
