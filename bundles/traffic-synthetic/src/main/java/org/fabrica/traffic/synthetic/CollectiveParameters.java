package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code collective} (docs/studies/spth.md, "Two ways of offering load", 2). */
@ObjectClassDefinition(name = "collective", description = "Unsteady (collective) load: every node generates K"
        + " packets at cycle 0 (or at a random cycle up to startSpread) and nothing after. The sweep point's load is"
        + " not used")
public @interface CollectiveParameters {
    @AttributeDefinition(description = "Packets K that every node generates at cycle 0", min = "1")
    int packets() default 10;

    @AttributeDefinition(description = "Cycles S over which the nodes' bursts start: each node generates its K"
            + " packets together at a cycle drawn uniformly from 0 to S from its own random stream, so that seeds"
            + " give different runs of a deterministic pattern (the duration still counts from cycle 0); 0: every"
            + " node at cycle 0, the model's burst", min = "0", max = "1000000000")
    long startSpread() default 0;
}
