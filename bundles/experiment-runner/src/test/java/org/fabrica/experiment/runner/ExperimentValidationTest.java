package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.plan.ExperimentSpec;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.study.load.SteadyStudy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every bad input is an {@link ExperimentException} with a message that says where (file, line,
 * column or key path) and what to do, thrown before anything is written.
 */
class ExperimentValidationTest {
    @TempDir
    Path tmp;

    private final ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());

    /** Starts the file and expects it to be refused without writing the results folder. */
    private String refused(String yaml, Map<String, String> overrides) {
        Path file = Fixtures.write(tmp, "bad.yaml", yaml);
        Path out = tmp.resolve("out");
        ExperimentException v = assertThrows(ExperimentException.class,
                () -> runner.validate(file, new RunOptions(out, false, 1, overrides, false)));
        ExperimentException s = assertThrows(ExperimentException.class,
                () -> runner.start(file, new RunOptions(out, false, 1, overrides, false), null));
        assertEquals(v.getMessage(), s.getMessage(), "validate and start report the same problem");
        assertFalse(Files.exists(out), "nothing may be written for a refused experiment");
        assertTrue(runner.runs().isEmpty());
        return s.getMessage();
    }

    private String refused(String yaml) {
        return refused(yaml, Map.of());
    }

    private static String tinyWith(String from, String to) {
        assertTrue(Fixtures.TINY.contains(from), from);
        return Fixtures.TINY.replace(from, to);
    }

    @Test
    void theQuickstartExampleIsValid() {
        String summary = runner.validate(Path.of("../../examples/quickstart.yaml"),
                Fixtures.options(tmp.resolve("q")));
        assertContains(summary, "quickstart: 2 pattern(s) x 1 scheme(s) x 8 load(s) x 1 seed(s) = 16 points");
        assertContains(summary, "8 x 8 torus");
        assertContains(summary, "routing dor (org.fabrica.routing.cube ");
        assertFalse(Files.exists(tmp.resolve("q")), "validate writes nothing");
    }

    @Test
    void theTinyExperimentParsesWithDefaultsFilledIn() {
        ExperimentDocument doc = ExperimentDocument.parse("tiny.yaml", Fixtures.TINY, Map.of());
        ExperimentSpec spec = StudyFiles.spec(doc);
        assertEquals("tiny", spec.name());
        assertEquals("flit", spec.network().name());
        assertEquals("sequential", spec.kernel().name());
        assertEquals("bernoulli", spec.injection().name());
        assertEquals("none", spec.schemes().get(0).throttle().name());
        assertEquals(List.of(0.05, 0.1), spec.settings(SteadyStudy.LoadPoints.class).loads());
        assertEquals(List.of(1L), spec.seeds());
        assertEquals(4, spec.packetFlits());
        SweepPlan plan = SweepPlan.resolve(doc, spec, Fixtures.registry());
        assertEquals(List.of("uniform/dor/l0.05/s1", "uniform/dor/l0.1/s1"),
                plan.points().stream().map(StudyPoint::pointId).toList());
        String resolved = plan.resolvedYaml("9.9.9", "now");
        assertContains(resolved, "tie: plus\n");
        assertContains(resolved, "bundle: org.fabrica.routing.cube\n");
        assertFalse(resolved.contains("commit:"), "no commit named when the build did not know it");
        // the resolved file is itself a valid experiment with the same id
        ExperimentDocument again = ExperimentDocument.parse("resolved.yaml", resolved, Map.of());
        SweepPlan replan = SweepPlan.resolve(again, StudyFiles.spec(again), Fixtures.registry());
        assertEquals(plan.experimentId(), replan.experimentId());
        // the source commit is provenance: written, and no part of the experiment's id
        String withCommit = plan.resolvedYaml("9.9.9", "0123456789ab+changes", "now");
        assertContains(withCommit, "  fabrica: 9.9.9\n  commit: 0123456789ab+changes\n");
        ExperimentDocument third = ExperimentDocument.parse("resolved.yaml", withCommit, Map.of());
        assertEquals(plan.experimentId(),
                SweepPlan.resolve(third, StudyFiles.spec(third), Fixtures.registry()).experimentId());
    }

    @Test
    void rampsAndSeedCountsExpand() {
        ExperimentDocument doc = ExperimentDocument.parse("t.yaml", tinyWith("loads: [0.05, 0.1]",
                "loads: {from: 0.1, to: 0.3, step: 0.05}").replace("seeds: [1]", "seeds: 3"), Map.of());
        ExperimentSpec spec = StudyFiles.spec(doc);
        assertEquals(List.of(0.1, 0.15, 0.2, 0.25, 0.3), spec.settings(SteadyStudy.LoadPoints.class).loads());
        assertEquals(List.of(1L, 2L, 3L), spec.seeds());
        assertEquals(15, spec.pointCount());
        ExperimentDocument pats = ExperimentDocument.parse("t.yaml", tinyWith("patterns: [uniform]",
                "patterns: [uniform, {name: hotspot, hotspots: [1]}, uniform, {name: hotspot}]"), Map.of());
        assertEquals(List.of("uniform", "hotspot", "uniform-2", "hotspot-2"), StudyFiles.spec(pats).patternLabels());
    }

    @Test
    void malformedYamlNamesLineAndColumn() {
        String msg = refused("name: tiny\ntopology: {name: torus, k: 4\nhardware: {name: generic}\n");
        assertTrue(msg.matches("(?s).*bad\\.yaml:\\d+:\\d+: not valid YAML: .*"), msg);
        String tab = refused("name: tiny\ntopology:\n\tname: torus\n");
        assertContains(tab, "bad.yaml:3:1: not valid YAML");
        String dup = refused(Fixtures.TINY + "warmup: 5\n");
        assertContains(dup, "bad.yaml:18:");
        assertContains(dup, "Duplicate field 'warmup'");
    }

    @Test
    void yamlThatReadsWronglyIsRefusedWithTheSpotAndTheFix() {
        String second = refused(Fixtures.TINY + "---\nname: other\n");
        assertTrue(second.matches("(?s).*bad\\.yaml:\\d+:\\d+: a second YAML document .*"), second);
        String nan = refused(tinyWith("loads: [0.05, 0.1]", "loads: [0.05, .nan]"));
        assertContains(nan, "not valid YAML: Malformed numeric value '.nan' (numbers must be finite");
        String inf = refused(tinyWith("loads: [0.05, 0.1]", "loads: [.inf]"));
        assertContains(inf, "(numbers must be finite: .nan and .inf are not accepted; write a number)");
        String unclosed = refused(tinyWith("loads: [0.05, 0.1]", "loads: [0.05, 0.1"));
        assertContains(unclosed, "while parsing a flow sequence started at ");
        assertContains(unclosed, "a list opened with '[' is not closed with ']'");
        // the YAML reader would hand an alias on as the text of its name: refuse any alias
        String alias = refused(tinyWith("seeds: [1]", "seeds: *one"));
        assertContains(alias, "a YAML alias (*name)");
        String defined = refused(tinyWith("seeds: [1]", "seeds: &one [1]\nextra: *one"));
        assertContains(defined, "a YAML alias (*name)");
        String setAlias = refused(Fixtures.TINY, Map.of("seeds", "*one"));
        assertContains(setAlias, "--set seeds=*one: a YAML alias");
        String setNan = refused(Fixtures.TINY, Map.of("loads", "[.nan]"));
        assertContains(setNan, "--set loads=[.nan]: the value is not valid YAML");
        assertContains(setNan, "numbers must be finite");
    }

    @Test
    void filesThatAreNotUtf8TextOrAreHugeAreRefusedBeforeParsing() throws IOException {
        Path latin1 = tmp.resolve("latin1.yaml");
        Files.write(latin1, Fixtures.TINY.replace("name: tiny", "name: tiny-caf\u00e9")
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> runner.validate(latin1, Fixtures.options(tmp.resolve("o"))));
        assertTrue(e.getMessage().matches("(?s).*latin1\\.yaml:1:15: not UTF-8 text \\(byte 0xE9 at offset \\d+\\).*"),
                e.getMessage());
        Path bom = tmp.resolve("bom.yaml");
        Files.write(bom, ("\uFEFF" + Fixtures.TINY).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertContains(runner.validate(bom, Fixtures.options(tmp.resolve("b"))), "tiny:");
        Path huge = tmp.resolve("huge.yaml");
        Files.write(huge, new byte[ExperimentDocument.MAX_FILE_BYTES + 1]);
        ExperimentException h = assertThrows(ExperimentException.class,
                () -> runner.validate(huge, Fixtures.options(tmp.resolve("h"))));
        assertContains(h.getMessage(), "huge.yaml: longer than 4 MB");
    }

    @Test
    void unknownKeysSuggestTheClosestValidKey() {
        String msg = refused(tinyWith("loads:", "lods:"));
        assertContains(msg, "bad.yaml:12:1: unknown key 'lods'; did you mean 'loads'?");
        String nested = refused(tinyWith("packetFlits: 4", "packetFlit: 4"));
        assertContains(nested, "bad.yaml:6:3: unknown key 'packetFlit' in traffic; did you mean 'packetFlits'?");
    }

    @Test
    void unknownProvidersSuggestTheClosestName() {
        String msg = refused(tinyWith("{name: torus, k: 4, n: 2}", "{name: torsu, k: 4, n: 2}"));
        assertContains(msg, "bad.yaml:3:");
        assertContains(msg, "topology: unknown topology 'torsu'; did you mean 'torus'? Valid: dragonfly, extended-kary-ntree, flatfly, ft, graph, hyperx, kary-ntree, kns, mesh, torus");
        String pattern = refused(tinyWith("patterns: [uniform]", "patterns: [unifrom]"));
        assertContains(pattern, "bad.yaml:7:14: traffic.patterns[0]: unknown traffic 'unifrom'; did you mean 'uniform'?");
    }

    @Test
    void unknownParametersNameTheProviderAndTheClosestParameter() {
        String msg = refused(tinyWith("{name: dor, dateline: classic}", "{name: dor, datelin: classic}"));
        assertContains(msg, "bad.yaml:10:26: schemes[0].routing 'dor': unknown parameter 'datelin'; did you mean 'dateline'?");
        String value = refused(tinyWith("{name: dor, dateline: classic}", "{name: dor, dateline: clasic}"));
        assertContains(value, "bad.yaml:10:36: schemes[0].routing 'dor': parameter 'dateline' = 'clasic' is not a valid choice; "
                + "did you mean 'classic'?");
    }

    @Test
    void outOfRangeValuesAreRejected() {
        String k = refused(tinyWith("k: 4", "k: 0"));
        assertContains(k, "bad.yaml:3:");
        assertContains(k, "topology 'torus': parameter 'k' = 0 is out of range");
        String load = refused(tinyWith("loads: [0.05, 0.1]", "loads: [0.05, -0.1]"));
        assertContains(load, "bad.yaml:12:15: loads[1] = -0.1 is not a valid offered load; use a value >= 0 flits/node/cycle");
        String measure = refused(tinyWith("measure: 700", "measure: 0"));
        assertContains(measure, "measure = 0 is out of range");
        String name = refused(tinyWith("name: tiny", "name: Tiny Run"));
        assertContains(name, "bad.yaml:1:7: name 'Tiny Run' must be lower-case letters, digits and hyphens");
    }

    @Test
    void dorOnATorusWithOneVcQueuingIsRejectedBeforeRunning() {
        String msg = refused(tinyWith("queuing: {name: dateline}", "queuing: {name: 1vc}"));
        assertContains(msg, "bad.yaml:11:");
        assertContains(msg, "scheme 'dor': schemes[0].queuing '1vc' (org.fabrica.queuing.basic ");
        assertContains(msg, "cannot separate the 2 VC classes");
    }

    @Test
    void datelineQueuingWithTooFewVcsIsRejected() {
        String msg = refused(tinyWith("dateline: classic", "dateline: two-per-ring"));
        assertContains(msg, "schemes[0].queuing 'dateline'");
        assertContains(msg, "needs at least 3 VCs per port");
        assertContains(msg, "2 VCs per port");
        String overridden = refused(Fixtures.TINY, Map.of("hardware.vcs", "1"));
        assertContains(overridden, "needs at least 2 VCs per port");
    }

    @Test
    void overridesApplyBeforeValidationAndAreNamedInErrors() {
        Path file = Fixtures.write(tmp, "tiny.yaml", Fixtures.TINY);
        Map<String, String> set = new LinkedHashMap<>();
        set.put("traffic.patterns", "[tornado, {name: hotspot, hotspots: [0]}]");
        set.put("loads", "[0.02]");
        set.put("schemes[0].routing.tie", "packet-hash");
        String summary = runner.validate(file, new RunOptions(tmp.resolve("o"), false, 1, set, false));
        assertContains(summary, "traffic   tornado, hotspot;");
        assertContains(summary, "loads     0.02 flits");
        String msg = refused(Fixtures.TINY, Map.of("topology.k", "0"));
        assertContains(msg, "--set topology.k=0: topology 'torus': parameter 'k' = 0 is out of range");
        String bad = refused(Fixtures.TINY, Map.of("loads", "[0.1"));
        assertContains(bad, "--set loads=[0.1: the value is not valid YAML");
    }

    @Test
    void unwritableResultsFolderIsRejectedBeforeAnythingRuns() throws IOException {
        Path file = Fixtures.write(tmp, "tiny.yaml", Fixtures.TINY);
        Path blocker = Files.writeString(tmp.resolve("a-file"), "not a folder");
        Path out = blocker.resolve("results");
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> runner.start(file, Fixtures.options(out), null));
        assertContains(e.getMessage(), "results folder " + out + " cannot be created");
        assertContains(e.getMessage(), "choose another folder with --out");
        ExperimentException f = assertThrows(ExperimentException.class,
                () -> runner.start(file, Fixtures.options(blocker), null));
        assertContains(f.getMessage(), "is a file, not a folder");
        assertEquals("not a folder", Files.readString(blocker));
        assertTrue(runner.runs().isEmpty());
    }

    @Test
    void missingFileAndEmptyFileAreExplained() {
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> runner.validate(tmp.resolve("nope.yaml"), Fixtures.options(tmp.resolve("o"))));
        assertContains(e.getMessage(), "no such experiment file");
        assertContains(refused(""), "the experiment file is empty");
        assertContains(refused("- a\n- b\n"), "an experiment file is a YAML mapping");
        assertContains(refused("name: x\n"), "'topology' is required");
    }

    @Test
    void duplicateSchemeLabelsAndLoadsAreRejected() {
        String two = Fixtures.TINY.replace("loads:", """
                  - label: dor
                    routing: {name: dor}
                    queuing: {name: dateline}
                loads:""");
        assertContains(refused(two), "label 'dor' is used by an earlier scheme");
        assertContains(refused(tinyWith("loads: [0.05, 0.1]", "loads: [0.05, 0.05]")), "load 0.05 appears twice");
    }

    /** An executor whose own configuration is wrong: its check says so. */
    private static final class MisconfiguredExecutor implements org.fabrica.sweep.SweepExecutor {
        @Override
        public void execute(List<org.fabrica.sweep.SweepPoint> points, org.fabrica.sweep.PointRunner runner,
                int parallelism, org.fabrica.sweep.SweepListener listener) {
            throw new AssertionError("a misconfigured executor must not run");
        }

        @Override
        public void check() {
            throw new IllegalArgumentException("its members file lists no member; add members = host:port");
        }
    }

    @Test
    void anExecutorsOwnConfigurationIsCheckedBeforeTheResultsFolderExists() {
        ProviderRegistry registry = ClasspathProviders.registry();
        registry.add(new MisconfiguredExecutor(), Map.of("fabrica.name", "picky"));
        ExperimentRunner runner = new ExperimentRunner(registry);
        String refused = Fixtures.refused(runner, tmp, Fixtures.TINY + "executor: picky\n");
        assertContains(refused, "executor 'picky': its members file lists no member; add members = host:port");
        Path out = tmp.resolve("started");
        assertThrows(ExperimentException.class, () -> runner.start(Fixtures.write(tmp, "p.yaml",
                Fixtures.TINY + "executor: picky\n"), Fixtures.options(out), null));
        assertFalse(Files.exists(out), "start refuses it too, before writing anything");
    }

    @Test
    void validateSaysWhatARunWillDoWithTheFolderItFinds() {
        Fixtures.run(tmp, "done", Fixtures.TINY);
        ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());
        Path file = Fixtures.write(tmp, "again.yaml", Fixtures.TINY);
        Path out = tmp.resolve("done");
        assertContains(runner.validate(file, new RunOptions(out, true, 1, Map.of(), false)),
                "(all 2 points are done: nothing to simulate; --resume draws the outputs again)");
        assertContains(runner.validate(file, new RunOptions(out, false, 1, Map.of(), false)),
                "(it holds 2 finished point(s) of this experiment: a run without --resume starts over and moves them"
                        + " into earlier/; add --resume to continue them)");
        assertContains(runner.validate(Fixtures.write(tmp, "more.yaml", Fixtures.with(Fixtures.TINY, "loads: [0.05, 0.1]",
                "loads: [0.05, 0.1, 0.15]")), new RunOptions(tmp.resolve("fresh"), true, 1, Map.of(), false)),
                "results   " + tmp.resolve("fresh").toAbsolutePath().normalize());
        String fresh = runner.validate(file, new RunOptions(tmp.resolve("fresh"), true, 1, Map.of(), false));
        assertTrue(fresh.endsWith("results   " + tmp.resolve("fresh").toAbsolutePath().normalize()),
                "a new folder has nothing to say: " + fresh);
    }
}
