package org.fabrica.topology;

import java.nio.file.Path;
import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a topology provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "topology", order = 10)
@ConsumerType
public interface TopologyFactory<P> extends ProviderFactory<P> {
    /**
     * Builds the topology.
     *
     * @throws IllegalArgumentException with a message naming the parameter and the valid range
     */
    Topology create(P parameters);

    /**
     * Builds the topology of an experiment file whose directory is {@code baseDirectory}: a provider
     * that reads a file named by a parameter (a fabric description) resolves a relative name against
     * it, as the mapping and trace files of an experiment are. The runner calls this method; the
     * default ignores the directory.
     *
     * @param baseDirectory absolute directory of the experiment file (the working directory when the
     *        experiment has no file)
     * @throws IllegalArgumentException with a message naming the parameter and the valid range, or
     *         the file, line and fix
     * @since 1.6
     */
    default Topology create(P parameters, Path baseDirectory) {
        return create(parameters);
    }
}
