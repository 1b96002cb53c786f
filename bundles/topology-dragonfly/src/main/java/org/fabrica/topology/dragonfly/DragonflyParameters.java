package org.fabrica.topology.dragonfly;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code dragonfly} topology. */
@ObjectClassDefinition(name = "dragonfly", description = "Dragonfly (Kim, Dally, Scott and Abts 2008): g groups of a"
        + " fully connected routers, p terminals and h global links per router, at most one global link between two"
        + " groups; router = group*a + index, node = router*p + terminal")
public @interface DragonflyParameters {
    @AttributeDefinition(description = "Terminals (end nodes) per router p; the balanced dragonfly has a = 2p = 2h",
            min = "1", max = "256")
    int p() default 2;

    @AttributeDefinition(description = "Routers per group a, fully connected by a - 1 local links each",
            min = "1", max = "1024")
    int a() default 4;

    @AttributeDefinition(description = "Global links per router h; a group has a*h of them", min = "1", max = "256")
    int h() default 2;

    @AttributeDefinition(description = "Groups g, at least 2 and at most a*h + 1 (one global link between every two"
            + " groups); 0 = a*h + 1, the largest dragonfly of these routers. With fewer groups the global ports"
            + " of slots g-1 .. a*h-1 stay unused", min = "0", max = "262145")
    int g() default 0;

    @AttributeDefinition(description = "Which global port leads to which group: absolute = the other groups in"
            + " increasing order over the slots i*h + k (router i, global port k), as BookSim2's dragonfly;"
            + " palmtree = slot o of group G leads to group (G - o - 1) mod g (Camarero et al. 2014)")
    GlobalArrangement arrangement() default GlobalArrangement.ABSOLUTE;
}
