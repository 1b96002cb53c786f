package org.fabrica.topology.graph;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code graph} topology: a network read from a file, BookSim2's anynet listing
 * ({@link AnynetReader}) or an InfiniBand fabric as ibnetdiscover prints it
 * ({@link IbnetdiscoverReader}). A relative file name is read from the experiment file's directory.
 */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=graph",
        "fabrica.description=A network read from a file: BookSim2's anynet listing or an InfiniBand fabric as"
                + " ibnetdiscover prints it (switches, CAs, ports, links)"})
public final class GraphFactory implements TopologyFactory<GraphParameters> {
    /** The longest fabric file read (a 10,000-port fabric is about 1 MB). */
    public static final long MAX_FILE_BYTES = 64L * 1024 * 1024;

    @Override
    public Class<GraphParameters> parameterType() {
        return GraphParameters.class;
    }

    /** Outside an experiment: a relative name is read from the working directory. */
    @Override
    public Topology create(GraphParameters parameters) {
        return create(parameters, Path.of("").toAbsolutePath());
    }

    @Override
    public Topology create(GraphParameters parameters, Path baseDirectory) {
        String name = parameters.file().strip();
        if (name.isEmpty()) {
            throw new IllegalArgumentException("graph: parameter 'file' is required: the fabric file, e.g. topology:"
                    + " {name: graph, file: fabrics/ring.anynet}");
        }
        return read(name, lines(name, baseDirectory), parameters.format());
    }

    /** The network of a file's lines, {@code name} naming it in messages. */
    static FileGraph read(String name, List<String> lines, GraphFormat format) {
        GraphFormat f = format == GraphFormat.AUTO ? detect(lines) : format;
        return f == GraphFormat.ANYNET ? AnynetReader.read(name, lines) : IbnetdiscoverReader.read(name, lines);
    }

    /**
     * ibnetdiscover when the first line (outside comments) is a {@code key=value} line or starts with
     * {@code Switch}, {@code Ca} or {@code Rt}; anynet otherwise (whose reader then names a wrong word).
     */
    static GraphFormat detect(List<String> lines) {
        for (String line : lines) {
            String s = line.strip();
            if (s.isEmpty() || s.startsWith("#")) {
                continue;
            }
            String word = s.split("\\s+", 2)[0];
            return word.contains("=") || word.equals("Switch") || word.equals("Ca") || word.equals("Rt")
                    ? GraphFormat.IBNETDISCOVER : GraphFormat.ANYNET;
        }
        return GraphFormat.ANYNET;
    }

    private static List<String> lines(String name, Path baseDirectory) {
        Path path;
        try {
            path = baseDirectory.resolve(name).normalize();
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("graph: parameter 'file' '" + name + "' is not a valid path: "
                    + e.getMessage(), e);
        }
        try {
            if (!Files.isRegularFile(path)) {
                throw new IllegalArgumentException("graph: fabric file '" + name + "' not found (looked for " + path
                        + "); a relative name is read from the experiment file's directory " + baseDirectory);
            }
            if (Files.size(path) > MAX_FILE_BYTES) {
                throw new IllegalArgumentException("graph: fabric file '" + name + "' is larger than "
                        + MAX_FILE_BYTES / (1024 * 1024) + " MB; is it the right file?");
            }
            return Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("graph: cannot read fabric file '" + name + "' (" + path + "): "
                    + e.getMessage(), e);
        }
    }
}
