package org.fabrica.scheduler.m2n;

import org.fabrica.scheduler.RoundOrder;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code hierarchical}. */
@ObjectClassDefinition(name = "hierarchical", description = "Hierarchical M-to-N (docs/studies/rapidio-m2n.md): ceil(M/N)"
        + " transactions in sequence, N-to-N ones and one (M mod N)-to-N, each shuffled; a single shuffle when M <= N")
public @interface HierarchicalParameters {
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
