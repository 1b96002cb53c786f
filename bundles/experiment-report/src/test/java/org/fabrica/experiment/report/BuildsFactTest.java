package org.fabrica.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;

/** The report's "points by build" fact, which must not depend on the order parallel points finished in. */
class BuildsFactTest {
    private static PointResult ranBy(int index, String commit) {
        Map<String, String> notes = commit == null ? Map.of() : Map.of(PointRecords.COMMIT_NOTE, commit);
        return new PointResult(new SweepPoint("e", "p" + index, index), List.of(), notes, null, 1);
    }

    @Test
    void mostPointsFirstThenByNameWhateverTheOrderOfTheResults() {
        List<PointResult> results = new ArrayList<>(List.of(ranBy(0, "bbbb2222+changes"), ranBy(1, "aaaa1111"),
                ranBy(2, "cccc3333"), ranBy(3, "cccc3333"), ranBy(4, null)));
        assertEquals("cccc3333 (2), aaaa1111 (1), bbbb2222+changes (1), not noted (1)", HtmlReport.builds(results));
        Collections.reverse(results);
        assertEquals("cccc3333 (2), aaaa1111 (1), bbbb2222+changes (1), not noted (1)", HtmlReport.builds(results));
    }

    @Test
    void noPointNamingABuildGivesNoFact() {
        assertNull(HtmlReport.builds(List.of(ranBy(0, null), ranBy(1, null))));
    }
}
