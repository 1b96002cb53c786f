package org.fabrica.collective.tree;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code tree-barrier} engine (docs/collectives.md, "tree-barrier"). */
@ObjectClassDefinition(name = "tree-barrier", description = "Hardware barrier on a tree: arrivals combined in the"
        + " switches, completion broadcast down; root at a switch or a node; Quadrics-style for comparison")
public @interface TreeBarrierParameters {
    @AttributeDefinition(description = "Where the tree has its root: switch (the root policy chooses among the routers"
            + " of kind switch) or node (among the group's members)")
    BarrierRoot root() default BarrierRoot.SWITCH;

    @AttributeDefinition(description = "combining (arrivals up, completion down) or quadrics (start down, answers"
            + " combined up, completion down; needs root: node)")
    BarrierProtocol protocol() default BarrierProtocol.COMBINING;

    @AttributeDefinition(description = "Combining state of one switch: the most groups whose trees may pass through"
            + " it, one arrival mask each (a run whose groups need more is refused before it starts)", min = "1")
    int groupsPerSwitch() default 64;

    @AttributeDefinition(description = "The reliable protocol over lossy links (protocol combining): every arrival is"
            + " acknowledged by the switch or root that takes it and sent again when no acknowledgement came within"
            + " timeoutCycles (request-response); a member or switch that has its acknowledgement but no completion"
            + " within timeoutCycles sends an urge up, and the parent that has passed the completion sends it again"
            + " (timeout-urge). Off: the paper's fixed-latency barrier, which a dropped packet stops")
    boolean reliable() default false;

    @AttributeDefinition(description = "Timeout D of the reliable protocol in cycles: how long a sender waits for an"
            + " acknowledgement, and a child for its completion, before it sends again or urges", min = "1")
    int timeoutCycles() default 2000;
}
