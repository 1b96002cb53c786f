package org.fabrica.stats.collectors.providers;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code in-flight}. */
@ObjectClassDefinition(name = "in-flight", description = "Packets in flight over the window")
public @interface InFlightParameters {
    @AttributeDefinition(description = "Sample every this many cycles of the window, from its first cycle"
            + " (1 = every cycle)", min = "1")
    int every() default 1;
}
