package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code ramp} (docs/studies/spth.md, "Two ways of offering load", 1). */
@ObjectClassDefinition(name = "ramp", description = "Ramp load: the offered load rises linearly with time,"
        + " g(t) = slope * t flits/node/cycle until the end cycle; Bernoulli injection with probability"
        + " g(t) / packet length per node and cycle. The sweep point's load is not used")
public @interface RampParameters {
    @AttributeDefinition(description = "Slope of the offered load in flits/node/cycle per cycle (1e-7 reaches"
            + " 0.275 at cycle 2,750,000)", min = "0")
    double slope() default 1e-7;

    @AttributeDefinition(description = "Cycle at which the ramp ends: no packet is generated from this cycle on",
            min = "1")
    long end() default 2_750_000L;
}
