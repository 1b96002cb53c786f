package org.fabrica.collective.roots;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code lowest-max-hop} has no parameters. */
@ObjectClassDefinition(name = "lowest-max-hop", description = "The candidate with the fewest routers to its farthest"
        + " member; ties by mean hops, then candidate order")
public @interface LowestMaxHopParameters {
}
