package org.fabrica.study.load;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The optional keys of mode {@code steady} ({@link SteadyStudy#settingsType()}): their defaults are
 * read from here, and {@code fabrica help mode steady} lists them.
 */
@ObjectClassDefinition(name = "steady", description = "One point per pattern x scheme x offered load x seed: a"
        + " warm-up, a measurement window, then a drain. 'loads' is required: a list of offered loads in"
        + " flits/node/cycle or {from, to, step}; 'collective' adds a barrier loop beside the traffic")
public @interface SteadySettings {
    @AttributeDefinition(min = "0", description = "cycles before the measurement window")
    long warmup() default 2000;

    @AttributeDefinition(min = "1", description = "length of the measurement window in cycles")
    long measure() default 10000;

    @AttributeDefinition(min = "0", description = "at most this many cycles after the window to deliver the"
            + " measured packets; else the point is saturated")
    long drain() default 50000;

    @AttributeDefinition(min = "0", description = "cycles of the window after which a point accepting below 0.95 x"
            + " its offered load ends there as saturated; 0 for no check, else shorter than measure")
    long saturationCheck() default 0;

    @AttributeDefinition(options = {@org.osgi.service.metatype.annotations.Option(value = "all"),
        @org.osgi.service.metatype.annotations.Option(value = "foreground")},
            description = "all: every packet generated in the window is measured; foreground: only the packets the"
            + " traffic pattern calls foreground (hotspot's uniform sources)")
    String measuredPackets() default "all";

    @AttributeDefinition(options = {@org.osgi.service.metatype.annotations.Option(value = "cycles"),
        @org.osgi.service.metatype.annotations.Option(value = "ns"),
        @org.osgi.service.metatype.annotations.Option(value = "us")},
            description = "unit of the load-latency charts' latency axis, converted with the hardware model's cycle"
            + " length; points.csv and summary.csv stay in cycles")
    String latencyUnit() default "cycles";
}
