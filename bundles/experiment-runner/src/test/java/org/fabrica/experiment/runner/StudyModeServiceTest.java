package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.fabrica.experiment.runner.Fixtures.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.plan.ExperimentSpec;
import org.fabrica.experiment.plan.PacketStudiesService;
import org.fabrica.experiment.plan.StudyCatalog;
import org.fabrica.experiment.study.PacketStudies;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.experiment.study.StudySummary;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.study.load.SteadyStudy;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A study mode is found by its service name only: a mode this bundle does not know, registered
 * under a new name as a framework would register a component, is selected by {@code mode:},
 * reads its own key, runs its points and writes its results, with no switch edited anywhere.
 */
class StudyModeServiceTest {
    @TempDir
    Path tmp;

    /**
     * A burst study with one key of its own, {@code probe}, reported as a metric of every point:
     * written against the study API alone, its file read, resolved and described by the plan's
     * {@link PacketStudiesService} as a mode of another bundle would have it.
     */
    static final class ProbeStudy implements StudyMode {
        private final PacketStudies packets = new PacketStudiesService();

        @Override
        public String description() {
            return "a probe that counts packets";
        }

        @Override
        public List<String> keys() {
            return packets.keys(List.of("probe"));
        }

        @Override
        public StudySpec read(StudyFile file, String name, String description) {
            return packets.read(file, name, description, this, PacketStudies.Options.reading("probe", "collective",
                    f -> new PacketStudies.Own(SpecReader.bounded(f, f.root(), "probe", "probe", 1, 1, 100), 50_000)));
        }

        @Override
        public StudyPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers) {
            return packets.resolve(file, spec, providers);
        }

        @Override
        public List<StudyPoint> points(StudySpec spec) {
            return packets.pointsPerSeed(spec, "probe");
        }

        @Override
        public String loadNote(StudyPoint point) {
            return "probe";
        }

        @Override
        public PointResult run(StudyJob job) {
            long probe = job.plan().spec().settings(Long.class);
            return job.simulate(new StudyMeasurement() {
                private long delivered;

                @Override
                public NetworkObserver observer(int nodes) {
                    return new NetworkObserver() {
                        @Override
                        public void packetDelivered(long packet, int source, int destination, int flits,
                                long created, long injected, long at, int hops) {
                            delivered++;
                        }
                    };
                }

                @Override
                public Outcome outcome(long endCycle, End how) {
                    return new Outcome(List.of(new Metric("probe.delivered", delivered * probe, "packets",
                            "delivered packets times the probe")), false, "probed");
                }
            });
        }

        @Override
        public ObjectNode resolved(StudyPlan plan) {
            return packets.resolvedWith(plan, JsonNodeFactory.instance.objectNode().put("mode", "probe")
                    .put("probe", plan.spec().settings(Long.class)));
        }

        @Override
        public String summary(StudyPlan plan) {
            return packets.summary(plan, "  probe     " + plan.spec().modeSettings() + "\n");
        }

        @Override
        public StudyOutputs outputs(StudyPlan plan) {
            return new StudyOutputs(new StudySummary.Tables(List.of(), ""), List.of(), StudyOutputs.LOAD_POINT_COLUMNS,
                    "");
        }
    }

    private static final String PROBE = """
            name: probe-tiny
            mode: probe
            topology: {name: torus, k: 4, n: 2}
            hardware: {name: generic, vcs: 2, bufferFlits: 8}
            traffic:
              packetFlits: 4
              patterns: [uniform]
              injection: {name: collective, packets: 2}
            schemes:
              - label: dor
                routing: {name: dor, dateline: classic}
                queuing: {name: dateline}
            probe: 3
            """;

    private static ProviderRegistry withProbe() {
        ProviderRegistry r = ClasspathProviders.registry();
        r.add(new ProbeStudy(), Map.of(StudyMode.NAME_PROPERTY, "probe"));
        return r;
    }

    @Test
    void theModesOnTheClassPathAreFoundAsComponents() {
        assertEquals(List.of("collective", "m2n", "ramp", "schedulability", "steady", "trace"),
                ClasspathProviders.registry().studies().names());
    }

    @Test
    void aFileWithoutModeIsOfTheModeThatSaysItIsTheDefault() {
        assertEquals("steady", ClasspathProviders.registry().studies().defaultMode());
        StudyCatalog none = new StudyCatalog(Map.of("probe", new ProbeStudy()));
        assertNull(none.defaultMode());
        ExperimentDocument doc = ExperimentDocument.parse("p.yaml", PROBE.replace("mode: probe\n", ""), Map.of());
        ExperimentException e = assertThrows(ExperimentException.class, () -> none.find(doc, doc.root().get("mode")));
        assertTrue(e.getMessage().contains("the file has no 'mode' and no installed mode is the default; add mode:"
                + " with probe ("), e.getMessage());
    }

    @Test
    void aModeOfTheSameNameWithAHigherRankingReplacesTheBuiltIn() {
        ProviderRegistry registry = ClasspathProviders.registry();
        ProbeStudy probe = new ProbeStudy();
        registry.add(probe, Map.of(StudyMode.NAME_PROPERTY, "steady", org.osgi.framework.Constants.SERVICE_RANKING, 10));
        ExperimentSpec spec = ExperimentSpec.parse(ExperimentDocument.parse("p.yaml",
                with(PROBE, "mode: probe", "mode: steady"), Map.of()), registry.studies());
        assertSame(probe, spec.study());
        registry.remove(probe);
        assertTrue(registry.studies().names().contains("steady"));
        assertTrue(ExperimentSpec.parse(ExperimentDocument.parse("t.yaml", Fixtures.TINY, Map.of()), registry.studies())
                .study() instanceof SteadyStudy, "bundle study-load's again once the replacement is gone");
    }

    @Test
    void anUnknownModeIsRefusedWithTheInstalledOnes() {
        // the file keeps the mode's own key: the missing mode is named first, not the key
        String msg = Fixtures.refused(new ExperimentRunner(ClasspathProviders.registry()), tmp, PROBE);
        assertTrue(PROBE.contains("probe: 3\n"), "the file has the probe mode's own key");
        assertContains(msg, "mode 'probe' is not a mode; valid: collective, m2n, ramp, schedulability, steady, trace; use "
                + "collective (burst at cycle 0), m2n (M-to-N communications played from schedules), ramp (ramp load), "
                + "schedulability (circuit schedulers on random permutations), steady (load points) or trace"
                + " (applications replayed from traces)");
        assertContains(Fixtures.refused(new ExperimentRunner(ClasspathProviders.registry()), tmp,
                Fixtures.TINY + "probe: 3\n"), "unknown key 'probe'");
    }

    @Test
    void aModeRegisteredUnderANewNameIsSelectedAndReadsItsOwnKey() {
        ProviderRegistry registry = withProbe();
        ExperimentSpec spec = ExperimentSpec.parse(ExperimentDocument.parse("p.yaml", PROBE, Map.of()),
                registry.studies());
        assertEquals("probe", spec.mode());
        assertTrue(spec.study() instanceof ProbeStudy);
        assertEquals(3L, spec.modeSettings());
        assertEquals(List.of("uniform/dor/probe/s1"), spec.study().points(spec).stream().map(StudyPoint::pointId)
                .toList());
        // its key is known now, and still refused in the other modes
        ExperimentException e = assertThrows(ExperimentException.class, () -> ExperimentSpec.parse(
                ExperimentDocument.parse("t.yaml", Fixtures.TINY + "probe: 3\n", Map.of()), registry.studies()));
        assertContains(e.getMessage(), "'probe' is only used in mode probe; remove it or set mode: probe");
        assertContains(Fixtures.refused(new ExperimentRunner(registry), tmp, with(PROBE, "probe: 3", "probe: 0")),
                "probe = 0 is out of range; use 1 .. 100");
    }

    @Test
    void aModeRegisteredUnderANewNameRunsItsPoints() throws Exception {
        ProviderRegistry registry = withProbe();
        ExperimentRunner runner = new ExperimentRunner(registry);
        Path file = Fixtures.write(tmp, "probe.yaml", PROBE);
        Path out = tmp.resolve("out");
        assertContains(runner.validate(file, Fixtures.options(out)), "  probe     3");
        RunHandle h = runner.start(file, Fixtures.options(out), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        List<PointResult> results = h.results();
        assertEquals(1, results.size());
        PointResult r = results.get(0);
        assertEquals("uniform/dor/probe/s1", r.point().pointId());
        assertEquals("probe", r.notes().get(PointSimulation.LOAD));
        assertEquals("probed", r.notes().get(PointSimulation.END));
        double delivered = r.metrics().stream().filter(m -> m.name().equals("probe.delivered")).findFirst()
                .orElseThrow().value();
        assertEquals(3 * 16 * 2, delivered, "every node's 2 packets delivered, times the probe");
        String yaml = Files.readString(out.resolve("experiment.yaml"));
        assertTrue(yaml.contains("mode: \"probe\"") || yaml.contains("mode: probe"), yaml);
        assertTrue(yaml.contains("probe: 3"), yaml);
        assertSame(RunState.FINISHED, h.state());
    }
}
