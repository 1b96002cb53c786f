package org.fabrica.stats.collectors.providers;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code latency-histogram}. */
@ObjectClassDefinition(name = "latency-histogram", description = "Packets per latency bin of fixed width")
public @interface LatencyHistogramParameters {
    @AttributeDefinition(description = "Number of bins; the last one is open-ended (latencies of at least"
            + " (bins - 1) x width cycles)", min = "1", max = "1000")
    int bins() default 10;

    @AttributeDefinition(description = "Width of a bin in cycles: bin i counts latencies from i x width to"
            + " (i + 1) x width - 1", min = "1")
    int width() default 10;
}
