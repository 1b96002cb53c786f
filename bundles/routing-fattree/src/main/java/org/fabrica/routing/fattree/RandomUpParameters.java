package org.fabrica.routing.fattree;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code random-up}. */
@ObjectClassDefinition(name = "random-up", description = "Oblivious random up-port routing on fat trees: a uniformly"
        + " random upper port at every upward hop, a pure function of (run seed, packet id, level); turn down at the"
        + " nearest common ancestor, or at the top when top-forced")
public @interface RandomUpParameters {
    @AttributeDefinition(description = "Top-forced variant: every packet climbs to the top level")
    boolean topForced() default false;
}
