package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code sphere}. */
@ObjectClassDefinition(name = "sphere", description = "High locality: most packets go to nodes within a few router"
        + " hops of their source")
public @interface SphereParameters {
    @AttributeDefinition(description = "Radius of a source's sphere in router-to-router hops: the nodes whose router is"
            + " at most this many links from the source's router (0: the nodes of the same router)", min = "0")
    int radius() default 2;

    @AttributeDefinition(description = "Fraction of every source's packets sent inside its sphere (uniformly among the"
            + " sphere's other nodes); the rest go uniformly to the nodes outside it", min = "0", max = "1")
    double fraction() default 0.8;
}
