package org.fabrica.topology.kns;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code kns} topology. */
@ObjectClassDefinition(name = "kns", description = "k-ary n-direct s-indirect hybrid topology: k^n nodes whose"
        + " interfaces (one port per dimension) are joined per dimension line by a k-port switch (s = 1) or an"
        + " r-ary s-tree of switches (s > 1, r^s = k); node = y*k + x")
public @interface KnsParameters {
    @AttributeDefinition(description = "Radix k: nodes per dimension line (and ports of each line's switch when"
            + " s = 1); with s > 1 a perfect s-th power r^s, r >= 2",
            min = "2", max = "2048")
    int k() default 4;

    @AttributeDefinition(description = "Number of dimensions n (the direct part): ports per node interface,"
            + " besides its terminal port", min = "1", max = "6")
    int n() default 2;

    @AttributeDefinition(description = "Stages s of the indirect subnetwork of a line: 1 = one k-port switch;"
            + " s > 1 = an r-ary s-tree (folded Clos, fat tree) with r = k^(1/s): s levels of r^(s-1) switches of"
            + " 2r ports (r at the top level), so k must be a perfect s-th power (k = 16, s = 2: r = 4, 8 switches"
            + " of 8 ports per line); a packet crosses at most 2s - 1 of them per dimension"
            + " (docs/studies/osha-sasha.md, \"Multistage line subnetworks\")", min = "1", max = "8")
    int s() default 1;
}
