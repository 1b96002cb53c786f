package org.fabrica.topology.hyperx;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code flatfly} topology. */
@ObjectClassDefinition(name = "flatfly", description = "Flattened butterfly (Kim, Dally and Abts 2007): the k-ary n-flat,"
        + " k^(n-1) routers in n-1 fully connected dimensions of width k, c terminals per router; the HyperX with"
        + " widths [k, ..., k] (n-1 of them) and terminals c")
public @interface FlatFlyParameters {
    @AttributeDefinition(description = "Radix k of the butterfly it flattens: routers per dimension line", min = "2",
            max = "1024")
    int k() default 4;

    @AttributeDefinition(description = "Stages n of the butterfly it flattens: the routers have n - 1 dimensions",
            min = "2", max = "12")
    int n() default 3;

    @AttributeDefinition(description = "Concentration c: terminals per router; 0 = k (k^n nodes, the k-ary n-flat of"
            + " the paper)", min = "0", max = "1024")
    int c() default 0;
}
