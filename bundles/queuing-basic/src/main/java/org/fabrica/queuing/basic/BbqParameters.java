package org.fabrica.queuing.basic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code bbq}. */
@ObjectClassDefinition(name = "bbq", description = "Band-based queuing: queues by horizontal bands of destinations")
public @interface BbqParameters {
    @AttributeDefinition(description = "Queues (bands); times the routing's VC classes, at most the hardware's VCs",
            min = "1", max = "64")
    int queues() default 4;
}
