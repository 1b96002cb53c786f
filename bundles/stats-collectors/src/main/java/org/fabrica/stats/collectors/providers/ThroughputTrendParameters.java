package org.fabrica.stats.collectors.providers;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code throughput-trend}. */
@ObjectClassDefinition(name = "throughput-trend", description = "Accepted throughput in consecutive parts of the window")
public @interface ThroughputTrendParameters {
    @AttributeDefinition(description = "Equal parts the simulated window is split into, each reported as"
            + " partK (2 .. 64)", min = "2", max = "64")
    int parts() default 4;
}
