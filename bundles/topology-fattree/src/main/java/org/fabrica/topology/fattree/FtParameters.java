package org.fabrica.topology.fattree;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code ft} topology. */
@ObjectClassDefinition(name = "ft", description = "FT(l, m, w) of docs/studies/levelwise.md: l levels of w^(l-1)"
        + " switches SW(h, tau), m nodes per leaf switch, w parents per switch, recursive (Theorem 1) wiring;"
        + " m*w^(l-1) nodes")
public @interface FtParameters {
    @AttributeDefinition(description = "Number of switch levels l", min = "1", max = "12")
    int l() default 3;

    @AttributeDefinition(description = "Children (end nodes) per leaf switch m; 0 = the symmetric FT(l, w) with m = w",
            min = "0", max = "1024")
    int m() default 0;

    @AttributeDefinition(description = "Parents per switch w (upper ports; the base of the SW(h, tau) digits)",
            min = "2", max = "64")
    int w() default 4;
}
