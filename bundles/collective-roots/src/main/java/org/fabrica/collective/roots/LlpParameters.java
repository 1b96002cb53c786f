package org.fabrica.collective.roots;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code llp} has no parameters. */
@ObjectClassDefinition(name = "llp", description = "Least-Loaded Path: the least-loaded of the candidates with the"
        + " lowest max hops")
public @interface LlpParameters {
}
