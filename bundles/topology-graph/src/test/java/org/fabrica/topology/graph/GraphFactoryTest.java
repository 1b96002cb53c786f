package org.fabrica.topology.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphFactoryTest {
    @TempDir
    Path dir;

    private static GraphParameters file(String name) {
        return Parameters.bind(GraphParameters.class, Map.of("file", name));
    }

    @Test
    void aRelativeFileIsReadFromTheExperimentFilesDirectory() throws Exception {
        Files.createDirectories(dir.resolve("fabrics"));
        Files.writeString(dir.resolve("fabrics/pair.anynet"), "router 0 node 0 router 1\nrouter 1 node 1\n");
        Topology t = new GraphFactory().create(file("fabrics/pair.anynet"), dir);
        assertEquals(2, t.nodes());
        assertTrue(t.describe().startsWith("anynet network fabrics/pair.anynet"), t.describe());
        Topology absolute = new GraphFactory().create(file(dir.resolve("fabrics/pair.anynet").toString()),
                Path.of("/nonexistent"));
        assertEquals(2, absolute.routers());
    }

    @Test
    void aMissingFileOrParameterSaysWhereItLooked() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new GraphFactory().create(file("none.anynet"), dir));
        assertTrue(e.getMessage().contains("fabric file 'none.anynet' not found (looked for " + dir.resolve("none.anynet")
                + "); a relative name is read from the experiment file's directory"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new GraphFactory().create(file(""), dir));
        assertTrue(e.getMessage().contains("parameter 'file' is required"), e.getMessage());
    }

    @Test
    void theFormatMayBeForced() throws Exception {
        Files.writeString(dir.resolve("x.txt"), "router 0 node 0\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new GraphFactory().create(
                Parameters.bind(GraphParameters.class, Map.of("file", "x.txt", "format", "ibnetdiscover")), dir));
        assertTrue(e.getMessage().startsWith("x.txt line 1: cannot read 'router 0 node 0'"), e.getMessage());
    }
}
