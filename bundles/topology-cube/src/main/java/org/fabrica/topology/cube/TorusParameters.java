package org.fabrica.topology.cube;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code torus} topology. */
@ObjectClassDefinition(name = "torus", description = "k-ary n-cube with wrap-around links; node W = y*k + x")
public @interface TorusParameters {
    @AttributeDefinition(description = "Radix k: routers per dimension", min = "2", max = "2048")
    int k() default 8;

    @AttributeDefinition(description = "Number of dimensions n", min = "1", max = "6")
    int n() default 2;
}
