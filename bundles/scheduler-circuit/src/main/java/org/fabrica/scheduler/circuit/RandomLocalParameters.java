package org.fabrica.scheduler.circuit;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code random-local}. */
@ObjectClassDefinition(name = "random-local", description = "Local circuit scheduling on fat trees"
        + " (docs/studies/levelwise.md): each switch on the way up takes a uniformly random free uplink")
public @interface RandomLocalParameters {
    @AttributeDefinition(description = "Seed of the port choices; every plan starts a fresh stream from it, so the same"
            + " requests and seed give the same plan")
    long seed() default 1;
}
