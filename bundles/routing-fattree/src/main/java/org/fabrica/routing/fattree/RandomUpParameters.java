package org.fabrica.routing.fattree;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code random-up}. */
@ObjectClassDefinition(name = "random-up", description = "Oblivious random up-port routing on fat trees: a uniformly"
        + " random upper port at every upward hop, a pure function of (seed, packet id, level); turn down at the"
        + " nearest common ancestor, or at the top when top-forced")
public @interface RandomUpParameters {
    @AttributeDefinition(description = "Seed of the up-port choices; the same seed gives every packet the same path")
    long seed() default 1;

    @AttributeDefinition(description = "Top-forced variant: every packet climbs to the top level")
    boolean topForced() default false;
}
