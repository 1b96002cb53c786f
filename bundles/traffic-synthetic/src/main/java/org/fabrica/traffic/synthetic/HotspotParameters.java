package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code hotspot}. */
@ObjectClassDefinition(name = "hotspot", description = "Hot spot: a random set of sources sends to the hot spots,"
        + " the others send uniformly")
public @interface HotspotParameters {
    @AttributeDefinition(description = "Node ids of the hot spots; a hot source picks one uniformly for each packet",
            min = "0")
    int[] hotspots() default {0};

    @AttributeDefinition(description = "Fraction of the nodes, chosen at random once per run, that send only to"
            + " the hot spots", min = "0", max = "1")
    double sourceFraction() default 0.25;
}
