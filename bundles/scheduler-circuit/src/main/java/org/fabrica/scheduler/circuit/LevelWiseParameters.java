package org.fabrica.scheduler.circuit;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code levelwise}. */
@ObjectClassDefinition(name = "levelwise", description = "Level-wise circuit scheduling on fat trees"
        + " (docs/studies/levelwise.md): all requests level by level, first upper port free up and down")
public @interface LevelWiseParameters {
    @AttributeDefinition(description = "When a request fails at level h, free the links it reserved at levels below h"
            + " (false keeps them reserved, so they are lost to later requests)")
    boolean releaseOnFailure() default true;
}
