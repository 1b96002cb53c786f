package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code permutation} has no parameters. */
@ObjectClassDefinition(name = "permutation", description = "Uniformly random permutation of the end nodes, drawn once"
        + " per run (docs/studies/levelwise.md workload); a node drawn to itself sends nothing")
public @interface RandomPermutationParameters {
}
