package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.params.Parameters;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.scheduler.Transfer;
import org.fabrica.stats.collectors.SteadyStateCollector;
import org.fabrica.sweep.PointResult;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.schedule.PlannedRoutes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Routes planned by a circuit scheduler in the packet simulator ({@code routing.from},
 * docs/studies/levelwise.md "Beyond the paper"), with the real FT(l, m, w), levelwise, source-route,
 * dmodk, random-up and permutation providers.
 */
class RoutesFromSchedulerTest {
    static final String SMALL = """
            name: routes-small
            topology: {name: ft, l: 2, w: 4}
            hardware: {name: generic, vcs: 1, bufferFlits: 8}
            traffic:
              packetFlits: 4
              patterns: [permutation]
            schemes:
              - label: level-wise
                routing: {name: source-route, fallback: dmodk, from: levelwise}
                queuing: {name: 1vc}
              - label: dmodk
                routing: {name: dmodk}
                queuing: {name: 1vc}
              - label: random-up
                routing: {name: random-up}
                queuing: {name: 1vc}
            loads: [0.2]
            warmup: 200
            measure: 600
            drain: 5000
            deadlockCycles: 2000
            seeds: [1, 2, 3]
            """;

    @TempDir
    Path tmp;

    private final ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());

    private SweepPlan plan(String yaml) {
        return runner.plan(Fixtures.write(tmp, "routes.yaml", yaml), Fixtures.options(tmp.resolve("out")));
    }

    private String refused(String yaml) {
        return Fixtures.refused(runner, tmp, yaml);
    }

    private static SweepPlan.Assembly assemble(SweepPlan plan, int scheme, long seed) {
        StudyPoint p = plan.points().stream().filter(x -> x.scheme() == scheme && x.seed() == seed).findFirst()
                .orElseThrow();
        return plan.assemble(p, new SteadyStateCollector(plan.topology().nodes(), 10, 10));
    }

    private static int[] table(TrafficPattern pattern, int nodes) {
        int[] d = new int[nodes];
        SplittableRandom unused = new SplittableRandom(99);
        for (int s = 0; s < nodes; s++) {
            d[s] = pattern.destination(s, unused);
        }
        return d;
    }

    /** The level-wise plan of a destination table, computed here without the runner. */
    private static Plan levelwise(Topology topology, int[] destinations) {
        @SuppressWarnings("unchecked")
        SchedulerFactory<Object> f = (SchedulerFactory<Object>) Fixtures.registry().resolve("scheduler", "levelwise")
                .factory();
        Scheduler s = f.create(topology, Parameters.defaults(f.parameterType()), new RandomStreams(7));
        List<Transfer> transfers = new ArrayList<>();
        for (int src = 0; src < destinations.length; src++) {
            if (destinations[src] != TrafficPattern.NONE) {
                transfers.add(new Transfer(src, destinations[src], 1));
            }
        }
        return s.plan(org.fabrica.scheduler.Demands.of(transfers, org.fabrica.scheduler.SizeUnit.PACKETS));
    }

    private static Set<String> lines(String routes) {
        Set<String> out = new HashSet<>();
        for (String l : routes.split("\n")) {
            if (!l.isBlank()) {
                assertTrue(out.add(l.trim()), "route listed twice: " + l);
            }
        }
        return out;
    }

    @Test
    void theRoutesGivenToSourceRouteAreExactlyThePlansGrantedRoutes() {
        SweepPlan plan = plan(SMALL);
        Topology ft = plan.topology();
        for (long seed = 1; seed <= 3; seed++) {
            SweepPlan.Assembly a = assemble(plan, 0, seed);
            assertNotNull(a.routes(), "a scheme with routing.from carries its planned routes");
            int[] destinations = table(a.pattern(), ft.nodes());
            Plan expected = levelwise(ft, destinations);
            Set<String> granted = new HashSet<>();
            for (ScheduledTransfer t : expected.transfers()) {
                StringBuilder b = new StringBuilder().append(t.source()).append(' ').append(t.destination());
                for (int p : t.route().orElseThrow().upPorts()) {
                    b.append(' ').append(p);
                }
                granted.add(b.toString());
            }
            assertEquals(granted, lines(a.routes().routes()), "seed " + seed);
            assertEquals(expected.granted(), a.routes().granted());
            int flows = (int) Arrays.stream(destinations).filter(d -> d != TrafficPattern.NONE).count();
            assertEquals(flows, a.routes().flows());
            assertEquals(flows - expected.granted(), a.routes().fallbackFlows());
            assertArrayEquals(destinations, a.routes().destinations(), "the demands are the pattern's flows");
            assertEquals("source-route", a.names().routing().replaceAll(" .*", ""));
        }
        assertNull(assemble(plan, 1, 1).routes(), "dmodk plans nothing");
    }

    @Test
    void theSameSeedGivesTheSamePermutationToEveryScheme() {
        SweepPlan plan = plan(SMALL);
        int n = plan.topology().nodes();
        List<String> perSeed = new ArrayList<>();
        for (long seed = 1; seed <= 3; seed++) {
            int[] first = table(assemble(plan, 0, seed).pattern(), n);
            for (int scheme = 1; scheme < 3; scheme++) {
                assertArrayEquals(first, table(assemble(plan, scheme, seed).pattern(), n), "scheme " + scheme
                        + ", seed " + seed);
            }
            assertArrayEquals(first, assemble(plan, 0, seed).routes().destinations());
            perSeed.add(Arrays.toString(first));
        }
        assertEquals(3, new HashSet<>(perSeed).size(), "each seed draws its own permutation: " + perSeed);
    }

    @Test
    void aCompletelyScheduledPermutationUsesNoFallbackAndDeliversEveryPacket() {
        // find a seed whose permutation level-wise grants completely (FT(2,4): most of them)
        SweepPlan probe = plan(SMALL);
        long seed = -1;
        for (long s = 1; s <= 3 && seed < 0; s++) {
            if (assemble(probe, 0, s).routes().fallbackFlows() == 0) {
                seed = s;
            }
        }
        assertTrue(seed > 0, "no complete schedule among seeds 1..3");
        // fallback 'fail': a packet of a flow without a planned route would fail the run
        String burst = """
                name: routes-burst
                mode: collective
                topology: {name: ft, l: 2, w: 4}
                hardware: {name: generic, vcs: 1, bufferFlits: 8}
                traffic:
                  packetFlits: 4
                  patterns: [permutation]
                  injection: {name: collective, packets: 20}
                schemes:
                  - label: level-wise
                    routing: {name: source-route, fallback: fail, from: levelwise}
                    queuing: {name: 1vc}
                maxCycles: 200000
                seeds: [SEED]
                """.replace("SEED", Long.toString(seed));
        RunHandle h = runner.start(Fixtures.write(tmp, "burst.yaml", burst), Fixtures.options(tmp.resolve("burst")),
                null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        PointResult r = h.results().get(0);
        assertNull(r.failure(), r.failure());
        assertEquals("ok", r.notes().get("status"), r.notes().toString());
        assertEquals(0.0, PointRecords.metric(r, PlannedRoutes.FALLBACK));
        double flows = PointRecords.metric(r, PlannedRoutes.FLOWS);
        assertEquals(flows, PointRecords.metric(r, PlannedRoutes.GRANTED));
        assertEquals(20 * flows, PointRecords.metric(r, "packets.generated"), "20 packets per sending node");
        assertEquals(PointRecords.metric(r, "packets.generated"), PointRecords.metric(r, "packets.delivered"));
    }

    @Test
    void aSteadyRunReportsFallbackFlowsForThePlannedSchemeOnly() throws java.io.IOException {
        RunHandle h = runner.start(Fixtures.write(tmp, "steady.yaml", Fixtures.with(SMALL, "seeds: [1, 2, 3]", "seeds: [1]")),
                Fixtures.options(tmp.resolve("steady")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        assertEquals(3, h.results().size());
        for (PointResult r : h.results()) {
            assertNull(r.failure(), r.failure());
            boolean planned = r.notes().get("scheme").equals("level-wise");
            assertEquals(planned, !Double.isNaN(PointRecords.metric(r, PlannedRoutes.FALLBACK)), r.notes().toString());
            assertTrue(PointRecords.metric(r, "accepted") > 0);
        }
        // summary.csv: one row per scheme and load, fallback flows only for the planned scheme
        List<String> summary = Files.readAllLines(tmp.resolve("steady").resolve("summary.csv"));
        assertEquals(4, summary.size(), String.join("\n", summary));
        assertTrue(summary.get(0).startsWith("pattern,scheme,load,seeds,offered,offered.ci95,accepted.mean,accepted.ci95"),
                summary.get(0));
        String fallback = Double.toString(PointRecords.metric(h.results().stream().filter(r -> r.notes().get("scheme")
                .equals("level-wise")).findFirst().orElseThrow(), PlannedRoutes.FALLBACK)).replace(".0", "");
        assertTrue(summary.get(1).startsWith("permutation,level-wise,0.2,1,"), summary.get(1));
        // fallbackFlows mean, ci95 (empty: one seed), min, max
        assertTrue(summary.get(1).contains("," + fallback + ",," + fallback + "," + fallback + ","), summary.get(1));
        assertTrue(summary.get(2).startsWith("permutation,dmodk,0.2,1,") && summary.get(2).endsWith(",,,,,"),
                summary.get(2));
        assertTrue(Files.isRegularFile(tmp.resolve("steady").resolve("plots").resolve("latency-offered-permutation.png")));
        assertContains(h.summaryText(), "FALLBACK FLOWS");
        assertContains(h.summaryText(), " of " + (int) PointRecords.metric(h.results().get(0), PlannedRoutes.FLOWS));
    }

    @Test
    void theResolvedExperimentKeepsTheSchedulerAndRunsAgain() {
        SweepPlan plan = plan(SMALL);
        String yaml = plan.resolvedYaml("test", "now");
        assertContains(yaml, "from:");
        assertContains(yaml, "releaseOnFailure: true");
        assertContains(plan.summary(), "on routes from scheduler levelwise");
        assertTrue(plan.providersByPath().containsKey("schemes[0].routing.from"));
        SweepPlan again = plan(yaml);
        assertEquals(plan.experimentId(), again.experimentId());
        String other = plan(Fixtures.with(SMALL, "from: levelwise}", "from: {name: levelwise, releaseOnFailure: false}}"))
                .experimentId();
        assertFalse(other.equals(plan.experimentId()), "scheduler parameters are part of the experiment");
    }

    @Test
    void badCombinationsAreRefusedWithTheirPlaceInTheFile() {
        assertContains(refused(Fixtures.with(SMALL, "from: levelwise}", "from: levelwsie}")),
                "bad.yaml:9:52: schemes[0].routing.from: unknown scheduler 'levelwsie'; did you mean 'levelwise'?");
        assertContains(refused(Fixtures.with(Fixtures.with(SMALL, "{name: ft, l: 2, w: 4}", "{name: torus, k: 4, n: 2}"),
                "fallback: dmodk, ", "")), "bad.yaml:9:");
        assertContains(refused(Fixtures.with(Fixtures.with(SMALL, "{name: ft, l: 2, w: 4}", "{name: torus, k: 4, n: 2}"),
                "fallback: dmodk, ", "")), "scheduler 'levelwise' reserves circuits on fat trees");
        assertContains(refused(Fixtures.with(SMALL, "routing: {name: dmodk}", "routing: {name: dmodk, from: levelwise}")),
                "bad.yaml:12:34: schemes[1].routing: routing 'dmodk' takes no routes");
        assertContains(refused(Fixtures.with(SMALL, "fallback: dmodk,", "fallback: dmodk, routes: '0 1',")),
                "give either 'routes' or 'from'");
        assertContains(refused(Fixtures.with(SMALL, "patterns: [permutation]", "patterns: [uniform]")),
                "bad.yaml:6:14: ");
        assertContains(refused(Fixtures.with(SMALL, "patterns: [permutation]", "patterns: [uniform]")),
                "need a pattern that sends each node to one fixed destination");
        assertContains(refused(Fixtures.with(SMALL, "from: levelwise}", "from: {name: levelwise, relase: false}}")),
                "bad.yaml:9:76: schemes[0].routing.from 'levelwise': unknown parameter 'relase'");
    }
}
