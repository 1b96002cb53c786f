package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code zipf}. */
@ObjectClassDefinition(name = "zipf", description = "Zipf: every source ranks the destinations in its own random order,"
        + " drawn once per run, and sends to its i-th with probability i^-s / sum_{j=1..N} j^-s")
public @interface ZipfParameters {
    @AttributeDefinition(description = "Exponent s > 0 of P_N(i) = i^-s / sum_{j=1..N} j^-s; the larger s, the more"
            + " traffic goes to each source's first destinations (N = 64: P(1) = 21.1% at s = 1, 83.2% at s = 3)",
            min = "0")
    double s() default 1.0;

    @AttributeDefinition(description = "Rank the source among its own destinations (N = nodes; a packet drawn to its"
            + " source is not sent). false: rank the other nodes only (N = nodes - 1), every packet is sent")
    boolean includeSelf() default false;
}
