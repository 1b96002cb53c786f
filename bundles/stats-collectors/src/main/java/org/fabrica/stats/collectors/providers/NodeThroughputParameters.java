package org.fabrica.stats.collectors.providers;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code node-throughput}. */
@ObjectClassDefinition(name = "node-throughput", description = "Accepted throughput per node and its fairness")
public @interface NodeThroughputParameters {
    /** Which end of a delivered packet its flits are counted at. */
    enum Node {
        /** The node that receives the packet: what each node accepts. */
        DESTINATION,
        /** The node that sent the packet: how much of what each node sends gets through. */
        SOURCE
    }

    @AttributeDefinition(description = "Count a delivered packet's flits at its destination (accepted per"
            + " receiving node) or at its source (delivered per sending node)")
    Node per() default Node.DESTINATION;
}
