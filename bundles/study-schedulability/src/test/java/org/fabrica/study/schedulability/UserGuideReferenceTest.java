package org.fabrica.study.schedulability;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fabrica.experiment.study.StudyMode;
import org.junit.jupiter.api.Test;

/**
 * The user guide's experiment file reference has a row for every key of this mode, with its
 * default (the runner's own test checks the keys of the modes it holds).
 */
class UserGuideReferenceTest {
    private static final Path GUIDE = Path.of("../../docs/user-guide.md");

    @Test
    void everyKeyAndDefaultOfTheModeHasItsRow() throws IOException {
        String guide = Files.readString(GUIDE);
        int start = guide.indexOf("## Experiment file reference");
        assertTrue(start >= 0, "docs/user-guide.md has no '## Experiment file reference' section");
        int end = guide.indexOf("\n## ", start + 1);
        String reference = guide.substring(start, end < 0 ? guide.length() : end);
        StudyMode mode = Runs.registry().studies().get(SchedulabilityStudy.NAME);
        assertNotNull(mode, "the mode is found on the class path");
        for (String key : mode.keys()) {
            assertTrue(reference.contains("| `" + key + "` |"), "key '" + key + "' is not in the reference table");
        }
        for (Map.Entry<String, Object> d : mode.defaults().entrySet()) {
            String row = reference.lines().filter(l -> l.startsWith("| `" + d.getKey() + "` |")).findFirst().orElse(null);
            assertNotNull(row, "key '" + d.getKey() + "' has no row");
            assertTrue(row.contains("| " + d.getValue() + " |"), "default of '" + d.getKey() + "' is " + d.getValue()
                    + ", the guide says: " + row);
        }
    }
}
