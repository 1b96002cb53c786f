package org.fabrica.scheduler.m2n;

import org.fabrica.scheduler.RoundOrder;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code virtual-destinations}. */
@ObjectClassDefinition(name = "virtual-destinations", description = "M-to-N with unequal sizes (case 2 of"
        + " docs/studies/rapidio-m2n.md): a message of l*s goes to its receiver and l-1 virtual destinations, s each")
public @interface VirtualDestinationsParameters {
    @AttributeDefinition(description = "shuffle-all = scheme (b), one shuffle over the real and virtual destinations;"
            + " hierarchical = scheme (c), the real table then each virtual table as hierarchical transactions in"
            + " sequence")
    VirtualDestinationScheme scheme() default VirtualDestinationScheme.HIERARCHICAL;

    @AttributeDefinition(description = "Piece size s in the demands' unit; 0 = the smallest message size. Sizes that are"
            + " not multiples count as the next multiple; the last piece carries the remainder", min = "0")
    long unitSize() default 0;

    @AttributeDefinition(description = "Task mapping: as-given = use the demands' nodes; contiguous = senders on"
            + " consecutive addresses from local network 0, receivers from the next local network boundary")
    TaskMapping mapping() default TaskMapping.AS_GIVEN;

    @AttributeDefinition(description = "Nodes per local network for contiguous mapping; 0 = from the tree topology"
            + " (k^2 on a k-ary n-tree)", min = "0")
    int localNetworkSize() default 0;

    @AttributeDefinition(description = "How rounds are played: per-source = each sender starts its next round when it"
            + " has injected the previous one (rounds overlap, as in the study); barrier = a round waits until the"
            + " previous one is delivered")
    RoundOrder roundOrder() default RoundOrder.PER_SOURCE;
}
