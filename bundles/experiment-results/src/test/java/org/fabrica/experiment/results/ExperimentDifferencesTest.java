package org.fabrica.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExperimentDifferencesTest {
    private static final String THERE = """
            name: e
            description: first
            hardware: {name: ib, vls: 4, crossbar: voq}
            schemes:
              - {label: a, queuing: {name: 1vc}}
              - {label: b, queuing: {name: bbq, vcs: 4}}
            loads: [0.1, 0.2]
            provenance: {experimentId: aaaa, resolvedAt: yesterday}
            """;

    @TempDir
    Path tmp;

    private static JsonNode yaml(String text) throws IOException {
        return new YAMLMapper().readTree(text);
    }

    @Test
    void namesChangedAddedAndRemovedSettingsByPathAndIgnoresWhatTheIdIgnores() throws IOException {
        String here = THERE.replace("vls: 4", "vls: 8").replace("vcs: 4", "vcs: 4, weight: 2")
                .replace("crossbar: voq", "arbitration: []").replace("[0.1, 0.2]", "[0.1, 0.3]")
                .replace("first", "second").replace("aaaa", "bbbb");
        List<ExperimentDifferences.Difference> d = ExperimentDifferences.between(yaml(THERE), yaml(here));
        assertEquals(List.of("hardware.vls (4 there, 8 here)", "hardware.arbitration (absent there, [] here)",
                "schemes[1].queuing.weight (absent there, 2 here)", "loads[1] (0.2 there, 0.3 here)",
                "hardware.crossbar (voq there, absent here)"), d.stream().map(Object::toString).toList());
        assertTrue(ExperimentDifferences.between(yaml(THERE), yaml(THERE.replace("first", "x"))).isEmpty(),
                "the description does not make another experiment");
    }

    @Test
    void theHintToResumeWithTheOlderFabricaComesOnlyWhenEveryDifferenceIsANewSetting() throws IOException {
        String added = THERE.replace("vls: 4", "vls: 4, limitOfHighPriority: 255, slToVl: []");
        String onlyAdded = ExperimentDifferences.describe(ExperimentDifferences.between(yaml(THERE), yaml(added)), 6);
        assertEquals("they differ in hardware.limitOfHighPriority (absent there, 255 here), hardware.slToVl (absent "
                + "there, [] here); every difference is a setting the folder's experiment lacks, added by a later "
                + "Fabrica (at their defaults the journal would be continued): to continue it, leave them at their "
                + "defaults or resume with the Fabrica that wrote it (its experiment.yaml's provenance names the "
                + "version and, from builds that knew it, the commit)", onlyAdded);
        String changed = ExperimentDifferences.describe(
                ExperimentDifferences.between(yaml(THERE), yaml(added.replace("vls: 4", "vls: 2"))), 2);
        assertEquals("they differ in hardware.vls (4 there, 2 here), hardware.limitOfHighPriority (absent there, "
                + "255 here) and 1 more", changed);
    }

    @Test
    void theStoreNamesTheDifferencesWhenItRefusesAnotherExperimentsFolder() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("r"));
        Files.writeString(dir.resolve(ResultsStore.EXPERIMENT), THERE);
        PointResult done = new PointResult(new SweepPoint("aaaa", "p", 0), List.of(), java.util.Map.of(), null, 1);
        Files.writeString(dir.resolve(ResultsStore.JOURNAL), PointRecords.line(done) + "\n");
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> ResultsStore.check(dir, "bbbb", java.util.Set.of(), THERE.replace("vls: 4", "vls: 8"), true));
        assertTrue(e.getMessage().contains("holds results of another experiment 'e' (id aaaa, this one is bbbb; they "
                + "differ in hardware.vls (4 there, 8 here)); choose another folder with --out"), e.getMessage());
        ExperimentException plain = assertThrows(ExperimentException.class,
                () -> ResultsStore.check(dir, "bbbb", true));
        assertFalse(plain.getMessage().contains("differ"), plain.getMessage());
        // the same experiment as an earlier Fabrica resolved it: its lines are kept
        ResultsStore.check(dir, "bbbb", java.util.Set.of("aaaa"), null, true);
        try (ResultsStore s = ResultsStore.open(dir, "bbbb", java.util.Set.of("aaaa"), null, true)) {
            assertEquals(List.of("p"), s.results().stream().map(r -> r.point().pointId()).toList());
        }
    }
}
