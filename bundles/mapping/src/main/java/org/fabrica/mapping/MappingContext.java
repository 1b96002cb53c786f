package org.fabrica.mapping;

import java.nio.file.Path;
import org.fabrica.topology.Topology;

/**
 * What a mapping knows of the run it places ranks for.
 *
 * @param ranksPerCopy ranks of the application (of one copy)
 * @param copies copies of the application side by side
 * @param topology the network, whose end nodes the ranks go to ({@code topology.nodes()} of them)
 * @param seed a seed for the point's random choices, drawn from the point's random streams, so that
 *        each seed of an experiment places the ranks differently and a rerun places them the same
 * @param baseDirectory the directory of the experiment file, against which relative file names in
 *        parameters are resolved
 */
public record MappingContext(int ranksPerCopy, int copies, Topology topology, long seed, Path baseDirectory) {
    public MappingContext {
        if (ranksPerCopy < 1 || copies < 1) {
            throw new IllegalArgumentException("a mapping places at least one rank of one copy, not " + copies
                    + " copies of " + ranksPerCopy + " ranks");
        }
    }

    /** Every rank of every copy: {@code copies * ranksPerCopy}. */
    public int ranks() {
        return Math.multiplyExact(copies, ranksPerCopy);
    }

    /** End nodes of the topology. */
    public int nodes() {
        return topology.nodes();
    }

    /** A file name of a parameter: absolute as given, relative to {@link #baseDirectory()} otherwise. */
    public Path resolve(String file) {
        return baseDirectory.resolve(file).normalize();
    }
}
