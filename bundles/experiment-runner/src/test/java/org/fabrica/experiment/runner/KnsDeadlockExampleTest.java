package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The deadlock example of docs/studies/osha-sasha.md, run from its experiment file
 * (examples/osha-sasha/kns-deadlock.yaml): on the 16-node 2D KNS the flows 0->5 and 5->0 (XY) and
 * 1->4 and 4->1 (YX) deadlock in one set of buffers, and the report's cycle of channels runs
 * through the network ports of the interfaces of nodes 0, 1, 4 and 5; with two virtual networks the
 * same flows complete. The same holds with a 2-ary 2-tree per line (s = 2) for flows that climb it.
 */
class KnsDeadlockExampleTest {
    private static final Path EXAMPLE = Path.of("../../examples/osha-sasha/kns-deadlock.yaml");

    @TempDir
    Path tmp;

    @Test
    void mixedOrdersDeadlockInOneSetOfBuffersAndCompleteInTwoVirtualNetworks() {
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        RunHandle h = runner.start(EXAMPLE, Fixtures.options(tmp.resolve("out")), null);
        assertEquals(RunState.FAILED, Fixtures.await(h), "a run with a failed point ends FAILED");
        Map<String, PointResult> byScheme = h.results().stream()
                .collect(Collectors.toMap(r -> r.point().pointId().split("/")[1], r -> r));
        assertEquals(List.of("one-set", "two-vns"), byScheme.keySet().stream().sorted().toList());

        String failure = byScheme.get("one-set").failure();
        assertNotNull(failure, "one set of buffers: the point must fail with a deadlock");
        assertTrue(failure.contains("deadlock at cycle"), failure);
        assertTrue(failure.contains("Cycle of waiting channels"), failure);
        // every channel of the cycle is fed by an interface (r0..r15) or a switch (r16..r23) port, on VC 0;
        // the interfaces' network ports in it are those of nodes 0, 1, 4 and 5
        Matcher m = Pattern.compile("\\br(\\d+)\\.(x|y)\\b vc(\\d+)").matcher(cycleOf(failure));
        java.util.Set<Integer> interfaces = new java.util.TreeSet<>();
        java.util.Set<Integer> vcs = new java.util.TreeSet<>();
        while (m.find()) {
            interfaces.add(Integer.parseInt(m.group(1)));
            vcs.add(Integer.parseInt(m.group(3)));
        }
        assertEquals(java.util.Set.of(0, 1, 4, 5), interfaces, failure);
        assertEquals(java.util.Set.of(0), vcs, failure);

        PointResult vns = byScheme.get("two-vns");
        assertNull(vns.failure(), vns.failure());
        double measured = PointRecords.metric(vns, "packets.measured");
        assertTrue(measured > 20, "measured packets: " + measured);
        assertEquals(measured, PointRecords.metric(vns, "packets.measured.delivered"));
        // XY and YX paths of these flows cross two switches: 4 router-to-router links
        assertEquals(4.0, PointRecords.metric(vns, "hops.avg"), 1e-9);
    }

    @Test
    void withATwoLevelTreePerLineTheFourFlowsStillDeadlockInOneSetAndCompleteInTwoVirtualNetworks() {
        // the same file on 4-ary 2-direct 2-indirect (a 2-ary 2-tree per line), with the four flows
        // moved to nodes 0 (0,0), 2 (2,0), 8 (0,2), 10 (2,2): coordinates 0 and 2 hang from different leaf
        // switches, so every line crossing climbs to the top level and back (3 switches)
        Map<String, String> overrides = new java.util.LinkedHashMap<>();
        overrides.put("topology.s", "2");
        overrides.put("traffic.patterns[0].flows", "['0->10', '10->0', '2->8', '8->2']");
        overrides.put("schemes[0].routing.yxSources", "[2, 8]");
        overrides.put("schemes[1].routing.yxSources", "[2, 8]");
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        RunHandle h = runner.start(EXAMPLE, new org.fabrica.experiment.RunOptions(tmp.resolve("s2"), false, 2, overrides,
                false), null);
        assertEquals(RunState.FAILED, Fixtures.await(h), "a run with a failed point ends FAILED");
        Map<String, PointResult> byScheme = h.results().stream()
                .collect(Collectors.toMap(r -> r.point().pointId().split("/")[1], r -> r));
        String failure = byScheme.get("one-set").failure();
        assertNotNull(failure, "one set of buffers: the point must fail with a deadlock");
        assertTrue(failure.contains("deadlock at cycle"), failure);
        Matcher m = Pattern.compile("\\br(\\d+)\\.(x|y)\\b vc(\\d+)").matcher(cycleOf(failure));
        java.util.Set<Integer> interfaces = new java.util.TreeSet<>();
        while (m.find()) {
            interfaces.add(Integer.parseInt(m.group(1)));
        }
        assertEquals(java.util.Set.of(0, 2, 8, 10), interfaces, failure);

        PointResult vns = byScheme.get("two-vns");
        assertNull(vns.failure(), vns.failure());
        double measured = PointRecords.metric(vns, "packets.measured");
        assertTrue(measured > 20, "measured packets: " + measured);
        assertEquals(measured, PointRecords.metric(vns, "packets.measured.delivered"));
        // two lines of three switches each: 2 x 4 router-to-router links
        assertEquals(8.0, PointRecords.metric(vns, "hops.avg"), 1e-9);
    }

    /** The part of a deadlock report after "Cycle of waiting channels". */
    private static String cycleOf(String failure) {
        return failure.substring(failure.indexOf("Cycle of waiting channels"));
    }
}
