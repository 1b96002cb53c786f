package org.fabrica.study.collective;

import org.fabrica.stats.collectors.InFlightSeries;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The optional keys of mode {@code collective} ({@link CollectiveStudy#settingsType()}), by key
 * path; {@code fabrica help mode collective} lists them.
 */
@ObjectClassDefinition(name = "collective", description = "One point per pattern x scheme x seed: the traffic's burst"
        + " at cycle 0 runs to its last delivery (at most maxCycles); the in-flight series samples the packets in"
        + " the network")
public @interface CollectiveSettings {
    @AttributeDefinition(min = "1", max = "1000000000", description = "cycles per in-flight sample")
    int series_inFlightWindow() default InFlightSeries.DEFAULT_WINDOW;
}
