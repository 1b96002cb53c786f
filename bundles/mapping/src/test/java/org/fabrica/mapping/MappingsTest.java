package org.fabrica.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fabrica.testing.GraphTopology;
import org.junit.jupiter.api.Test;

/** What the runner checks of any mapping's answer, and what the context gives a provider. */
class MappingsTest {
    private static final GraphTopology SIXTEEN = GraphTopology.crossbar(16);

    private static MappingContext context(int ranks, int copies) {
        return new MappingContext(ranks, copies, SIXTEEN, 7, Path.of("/experiments/x"));
    }

    @Test
    void theContextCountsEveryRankOfEveryCopyAndResolvesFilesAgainstTheExperiment() {
        MappingContext c = context(3, 4);
        assertEquals(12, c.ranks());
        assertEquals(16, c.nodes());
        assertEquals(Path.of("/experiments/x/maps/a.txt"), c.resolve("maps/../maps/a.txt"));
        assertEquals(Path.of("/elsewhere/a.txt"), c.resolve("/elsewhere/a.txt"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> context(0, 1));
        assertTrue(e.getMessage().contains("at least one rank of one copy"), e.getMessage());
    }

    @Test
    void aGoodAnswerPasses() {
        Mappings.check(new int[] {15, 0, 7}, context(3, 1), "m");
        Mappings.fits(context(8, 2));
    }

    @Test
    void theCheckNamesAMisbehavingMapping() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Mappings.check(new int[] {4, 4}, context(2, 1), "mapping 'plugin'"));
        assertEquals("mapping 'plugin' (1 copies x 2 ranks) put ranks 0 and 1 both on node 4; every rank needs a node"
                + " of its own", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Mappings.check(new int[] {16}, context(1, 1), "m"));
        assertEquals("m (1 copies x 1 ranks) put rank 0 on node 16, but the topology's end nodes are 0 to 15",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Mappings.check(new int[] {1}, context(2, 1), "m"));
        assertTrue(e.getMessage().contains("placed 1 rank(s), but the run has 2"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Mappings.check(null, 2, 16, "m"));
        assertTrue(e.getMessage().startsWith("m placed no rank(s)"), e.getMessage());
    }

    @Test
    void moreRanksThanNodesDoNotFit() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Mappings.fits(context(9, 2)));
        assertEquals("2 copies of 9 ranks need 18 nodes, but the topology has 16; use fewer copies or a larger topology",
                e.getMessage());
    }
}
