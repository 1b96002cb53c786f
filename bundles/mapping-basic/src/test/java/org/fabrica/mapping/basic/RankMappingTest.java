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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RankMappingTest {
    @TempDir
    Path dir;

    @Test
    void linearPutsRankGOnNodeG() {
        assertArrayEquals(new int[] {0, 1, 2}, RankMapping.linear(3, 4));
    }

    @Test
    void randomGivesDistinctNodesAndDependsOnTheSeed() {
        int[] a = RankMapping.random(50, 64, 1);
        assertEquals(50, Arrays.stream(a).distinct().count());
        assertTrue(Arrays.stream(a).allMatch(n -> n >= 0 && n < 64));
        assertArrayEquals(a, RankMapping.random(50, 64, 1));
        assertNotEquals(Arrays.toString(a), Arrays.toString(RankMapping.random(50, 64, 2)));
    }

    @Test
    void moreRanksThanNodesIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RankMapping.linear(5, 4));
        assertTrue(e.getMessage().contains("5 ranks onto 4 nodes"), e.getMessage());
    }

    @Test
    void aFileGivesOneNodePerLineWithComments() throws IOException {
        Path f = dir.resolve("map.txt");
        Files.writeString(f, "# rank -> node\n7\n\n3  # rank 1\n0\n");
        assertArrayEquals(new int[] {7, 3, 0}, RankMapping.fromFile(f, 3, 8));
    }

    @Test
    void fileErrorsNameTheLine() throws IOException {
        Path f = dir.resolve("map.txt");
        Files.writeString(f, "1\n2\n1\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RankMapping.fromFile(f, 3, 8));
        assertTrue(e.getMessage().startsWith(f + ":3: node 1 is already given to rank of line 1"), e.getMessage());
        Files.writeString(f, "1\nx\n");
        e = assertThrows(IllegalArgumentException.class, () -> RankMapping.fromFile(f, 2, 8));
        assertTrue(e.getMessage().startsWith(f + ":2: 'x' is not a node number"), e.getMessage());
        Files.writeString(f, "1\n9\n");
        e = assertThrows(IllegalArgumentException.class, () -> RankMapping.fromFile(f, 2, 8));
        assertTrue(e.getMessage().contains("node 9 is out of range"), e.getMessage());
        Files.writeString(f, "1\n");
        e = assertThrows(IllegalArgumentException.class, () -> RankMapping.fromFile(f, 2, 8));
        assertTrue(e.getMessage().contains("1 entries but the replay has 2 ranks"), e.getMessage());
    }
}
