package org.fabrica.routing.hyperx;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code hyperx-valiant} has no parameters. */
@ObjectClassDefinition(name = "hyperx-valiant", description = "Valiant routing on HyperX and flattened butterflies:"
        + " dimension order to a uniformly random intermediate router, then dimension order to the destination; a"
        + " pure function of (run seed, packet id); 2 VC classes, one per phase")
public @interface HyperXValiantParameters {
}
