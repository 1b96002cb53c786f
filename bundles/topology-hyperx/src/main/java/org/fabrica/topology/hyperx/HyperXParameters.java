package org.fabrica.topology.hyperx;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code hyperx} topology. */
@ObjectClassDefinition(name = "hyperx", description = "HyperX (Ahn et al. 2009): routers in an L-dimensional lattice,"
        + " the routers of every dimension line fully connected, T terminals per router; router = sum c_d prod_{e<d}"
        + " S_e (dimension 0 fastest), node = router*T + terminal")
public @interface HyperXParameters {
    @AttributeDefinition(description = "Widths S_0 .. S_{L-1}: routers per line of each dimension, each >= 2; the"
            + " number of entries is the number of dimensions L")
    int[] widths() default {4, 4};

    @AttributeDefinition(description = "Terminals (end nodes) per router T", min = "1", max = "1024")
    int terminals() default 4;
}
