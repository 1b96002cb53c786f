package org.fabrica.routing.cube;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code valiant} has no parameters. */
@ObjectClassDefinition(name = "valiant", description = "Valiant routing on k-ary n-cubes: dimension order to a"
        + " uniformly random intermediate router, then dimension order to the destination; a pure function of"
        + " (run seed, packet id); VC classes per phase, each with the classic dateline on tori (2 on a mesh, 4 on a"
        + " torus)")
public @interface ValiantParameters {
}
