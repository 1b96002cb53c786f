package org.fabrica.topology.kns;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code kns} topology. */
@ObjectClassDefinition(name = "kns", description = "k-ary n-direct s-indirect hybrid topology: k^n nodes whose"
        + " interfaces (one port per dimension) are joined per dimension line by a k-port switch; node = y*k + x")
public @interface KnsParameters {
    @AttributeDefinition(description = "Radix k: nodes per dimension line, and ports of each line's switch",
            min = "2", max = "2048")
    int k() default 4;

    @AttributeDefinition(description = "Number of dimensions n (the direct part): ports per node interface,"
            + " besides its terminal port", min = "1", max = "6")
    int n() default 2;

    @AttributeDefinition(description = "Stages s of the indirect subnetwork of a line: 1 = one k-port switch"
            + " (the only value built so far)", min = "1", max = "8")
    int s() default 1;
}
