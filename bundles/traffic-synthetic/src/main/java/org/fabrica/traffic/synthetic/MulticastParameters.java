package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code multicast}. */
@ObjectClassDefinition(name = "multicast", description = "Multicasts to every node, mixed with uniform unicast")
public @interface MulticastParameters {
    @AttributeDefinition(description = "Fraction of the packets that are multicasts to every node (group 0 of the"
            + " run's collective engine); the rest go to a uniformly random other node. 1: all-to-all multicast",
            min = "0", max = "1")
    double fraction() default 1.0;
}
