package org.fabrica.routing.cube;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code romm} has no parameters. */
@ObjectClassDefinition(name = "romm", description = "Two-phase ROMM routing on k-ary n-cubes: dimension order to a"
        + " random intermediate router inside the minimal quadrant of source and destination, then dimension order"
        + " to the destination (a minimal path); a pure function of (run seed, packet id); VC classes per phase,"
        + " each with the classic dateline on tori (2 on a mesh, 4 on a torus)")
public @interface RommParameters {
}
