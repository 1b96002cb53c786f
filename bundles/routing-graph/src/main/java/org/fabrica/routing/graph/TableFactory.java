package org.fabrica.routing.graph;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code table}: forwarding tables read from a file ({@link TableFile}), checked route by route. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=table",
        "fabrica.description=Forwarding tables read from a file (router, destination, port), every route checked for"
                + " missing entries, loops and cyclic channel dependencies before the run"})
public final class TableFactory implements RoutingFactory<TableParameters> {
    /** The longest tables file read. */
    public static final long MAX_FILE_BYTES = 256L * 1024 * 1024;

    @Override
    public Class<TableParameters> parameterType() {
        return TableParameters.class;
    }

    /** Outside an experiment: a relative name is read from the working directory. */
    @Override
    public RoutingAlgorithm create(Topology topology, TableParameters parameters) {
        return create(topology, parameters, new RandomStreams(0), Path.of("").toAbsolutePath());
    }

    @Override
    public RoutingAlgorithm create(Topology topology, TableParameters parameters, RandomStreams random,
            Path baseDirectory) {
        String name = parameters.file().strip();
        if (name.isEmpty()) {
            throw new IllegalArgumentException("table: parameter 'file' is required: the forwarding tables, e.g."
                    + " routing: {name: table, file: fabrics/ring.lft}");
        }
        TableFile file = TableFile.read(topology, name, lines(name, baseDirectory));
        return new TableRouting(ForwardingTables.check(topology, file.entries(), file, parameters.deadlock()));
    }

    static List<String> lines(String name, Path baseDirectory) {
        Path path;
        try {
            path = baseDirectory.resolve(name).normalize();
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("table: parameter 'file' '" + name + "' is not a valid path: "
                    + e.getMessage(), e);
        }
        try {
            if (!Files.isRegularFile(path)) {
                throw new IllegalArgumentException("table: tables file '" + name + "' not found (looked for " + path
                        + "); a relative name is read from the experiment file's directory " + baseDirectory);
            }
            if (Files.size(path) > MAX_FILE_BYTES) {
                throw new IllegalArgumentException("table: tables file '" + name + "' is larger than "
                        + MAX_FILE_BYTES / (1024 * 1024) + " MB; is it the right file?");
            }
            return Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("table: cannot read tables file '" + name + "' (" + path + "): "
                    + e.getMessage(), e);
        }
    }
}
