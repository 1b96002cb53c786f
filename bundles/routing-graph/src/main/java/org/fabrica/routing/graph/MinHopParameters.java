package org.fabrica.routing.graph;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code min-hop}. */
@ObjectClassDefinition(name = "min-hop", description = "Shortest paths per destination, as a subnet manager's linear"
        + " forwarding tables: at every router each destination node leaves by a port on a path of fewest"
        + " router-to-router hops; one path per destination, whatever the source; any topology")
public @interface MinHopParameters {
    @AttributeDefinition(description = "Choice among equally short ports: balanced (the port carrying the fewest"
            + " destinations so far, then the lowest; destinations in increasing node number, as OpenSM's min-hop)"
            + " or lowest-port")
    TieRule ties() default TieRule.BALANCED;

    @AttributeDefinition(description = "Deadlock: refuse (one VC class; tables whose channel dependencies form a cycle"
            + " are refused, naming the cycle) or hop-classes (the VC class grows by one per hop, deadlock-free on any"
            + " network, as many VC classes as the longest route has hops)")
    DeadlockAvoidance deadlock() default DeadlockAvoidance.REFUSE;
}
