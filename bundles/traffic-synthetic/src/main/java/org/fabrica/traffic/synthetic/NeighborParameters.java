package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code neighbor} has no parameters. */
@ObjectClassDefinition(name = "neighbor", description = "Neighbour: +1 in dimension 0 (x), wrapping around")
public @interface NeighborParameters {
}
