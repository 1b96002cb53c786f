package org.fabrica.router.allocators;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code priority} has no parameters: the priorities are the VC classes' (router description). */
@ObjectClassDefinition(name = "priority", description = "Fixed priority by VC class (0 first), round robin among"
        + " equals")
public @interface PriorityParameters {
}
