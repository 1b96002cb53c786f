package org.fabrica.scheduler.m2n;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code baseline}. */
@ObjectClassDefinition(name = "baseline", description = "Uncoordinated M-to-N (docs/studies/rapidio-m2n.md): every sender"
        + " sends to the receivers in table order (ascending address), all senders at once")
public @interface BaselineParameters {
    @AttributeDefinition(description = "Task mapping: as-given = use the demands' nodes; contiguous = senders on"
            + " consecutive addresses from local network 0, receivers from the next local network boundary")
    TaskMapping mapping() default TaskMapping.AS_GIVEN;

    @AttributeDefinition(description = "Nodes per local network for contiguous mapping; 0 = from the tree topology"
            + " (k^2 on a k-ary n-tree)", min = "0")
    int localNetworkSize() default 0;
}
