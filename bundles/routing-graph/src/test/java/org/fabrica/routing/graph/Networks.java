package org.fabrica.routing.graph;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.graph.GraphFactory;
import org.fabrica.topology.graph.GraphParameters;

/** Networks of the tests, read by the graph topology from files written to a directory. */
final class Networks {
    private Networks() {
    }

    /** A ring of {@code n} routers, one node each (anynet). */
    static String ring(int n) {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < n; r++) {
            sb.append("router ").append(r).append(" node ").append(r).append(" router ").append((r + 1) % n).append('\n');
        }
        return sb.toString();
    }

    static Topology read(Path dir, String name, String text) {
        try {
            Files.writeString(dir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new GraphFactory().create(Parameters.bind(GraphParameters.class, Map.of("file", name)), dir);
    }
}
