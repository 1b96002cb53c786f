package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code hot-region}. */
@ObjectClassDefinition(name = "hot-region", description = "Hot region: a fraction of every source's packets goes to a"
        + " small region of nodes, the rest to the nodes outside it")
public @interface HotRegionParameters {
    @AttributeDefinition(description = "Fraction of every source's packets sent to the region (uniformly among its"
            + " nodes); the rest go uniformly to the nodes outside the region", min = "0", max = "1")
    double fraction() default 0.25;

    @AttributeDefinition(description = "Nodes in the region: the ids regionStart .. regionStart + regionNodes - 1 (on a"
            + " fat tree of 16-port switches, 8 consecutive ids share a leaf switch)", min = "1")
    int regionNodes() default 16;

    @AttributeDefinition(description = "First node id of the region", min = "0")
    int regionStart() default 0;
}
