package org.fabrica.mapping.basic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.fabrica.mapping.MappingContext;
import org.fabrica.mapping.Mappings;
import org.fabrica.params.Parameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.TorusFactory;
import org.fabrica.topology.cube.TorusParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The four providers on a real 4 x 4 torus, through their factories as the runner calls them. */
class MappingProvidersTest {
    private static final Topology TORUS = new TorusFactory().create(Parameters.bind(TorusParameters.class,
            Map.of("k", 4, "n", 2)));

    @TempDir
    Path dir;

    private MappingContext context(int ranks, int copies, long seed) {
        return new MappingContext(ranks, copies, TORUS, seed, dir);
    }

    @Test
    void linearPlacesCopiesSideBySide() {
        int[] map = new LinearMappingFactory().map(context(3, 2, 1), Parameters.defaults(LinearMappingParameters.class));
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, map);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LinearMappingFactory()
                .map(context(9, 2, 1), Parameters.defaults(LinearMappingParameters.class)));
        assertEquals("2 copies of 9 ranks need 18 nodes, but the topology has 16; use fewer copies or a larger topology",
                e.getMessage());
    }

    @Test
    void randomDrawsAnotherPlacementPerSeedAndTheSameForTheSameSeed() {
        RandomMappingFactory f = new RandomMappingFactory();
        RandomMappingParameters p = Parameters.defaults(RandomMappingParameters.class);
        int[] a = f.map(context(8, 2, 7), p);
        Mappings.check(a, context(8, 2, 7), "random");
        assertEquals(16, Arrays.stream(a).distinct().count());
        assertArrayEquals(a, f.map(context(8, 2, 7), p));
        assertNotEquals(Arrays.toString(a), Arrays.toString(f.map(context(8, 2, 8), p)));
    }

    @Test
    void nodesTakesTheListAndWantsOneNodePerRank() {
        NodeListMappingFactory f = new NodeListMappingFactory();
        assertArrayEquals(new int[] {0, 5}, f.map(context(2, 1, 1), Parameters.bind(NodeListMappingParameters.class,
                Map.of("nodes", new int[] {0, 5}))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> f.map(context(2, 2, 1),
                Parameters.bind(NodeListMappingParameters.class, Map.of("nodes", new int[] {0, 5}))));
        assertEquals("2 nodes listed for 4 ranks (2 copies x 2 ranks); list one node per rank", e.getMessage());
    }

    @Test
    void fileIsReadRelativeToTheExperimentsDirectory() throws IOException {
        Files.writeString(dir.resolve("map.txt"), "# two ranks\n15\n3\n");
        FileMappingFactory f = new FileMappingFactory();
        assertArrayEquals(new int[] {15, 3}, f.map(context(2, 1, 1), Parameters.bind(FileMappingParameters.class,
                Map.of("file", "map.txt"))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> f.map(context(2, 1, 1),
                Parameters.defaults(FileMappingParameters.class)));
        assertTrue(e.getMessage().startsWith("file is required"), e.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> f.map(context(2, 1, 1),
                Parameters.bind(FileMappingParameters.class, Map.of("file", "nope.txt"))));
        assertEquals("mapping file " + dir.resolve("nope.txt") + " does not exist (a relative name is read beside the"
                + " experiment file); give a file with one end node per rank", missing.getMessage(),
                "named once, with what is wrong");
    }
}
