package org.fabrica.collective.roots;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code deterministic} has no parameters. */
@ObjectClassDefinition(name = "deterministic", description = "Dawning's deterministic root selection: group g takes"
        + " centre g mod count among the candidates with the lowest max hops")
public @interface DeterministicParameters {
}
