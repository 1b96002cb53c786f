package org.fabrica.router.allocators;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The separable round-robin allocator has no parameters. */
@ObjectClassDefinition(name = "round-robin", description = "Separable input-first allocator with round-robin"
        + " arbiters (BookSim2's separable_input_first, one iteration)")
public @interface RoundRobinParameters {
}
