package org.fabrica.routing.cube;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code min-adaptive}: none. */
@ObjectClassDefinition(name = "min-adaptive", description = "Minimal adaptive routing on k-ary n-cubes with Duato's"
        + " protocol: an escape network in dimension order (class 0 on a mesh; classes 0 and 1, the classic dateline,"
        + " on a torus) and an adaptive class (1 on a mesh, 2 on a torus) on any minimal direction, the output whose"
        + " downstream buffers hold fewer flits first (ties: lower dimension, + before -), the escape hop last."
        + " Needs the flit network model (it reads the buffers' occupancy)")
public @interface MinAdaptiveParameters {
}
