package org.fabrica.stats.collectors.providers;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code latency-percentiles}. */
@ObjectClassDefinition(name = "latency-percentiles", description = "Nearest-rank percentiles of packet latency")
public @interface LatencyPercentilesParameters {
    @AttributeDefinition(description = "Percentiles to report, each above 0 and at most 100, e.g. [50, 90, 99,"
            + " 99.9]; the metric of 99.9 is p99.9")
    double[] percentiles() default {50, 90, 99, 99.9};
}
