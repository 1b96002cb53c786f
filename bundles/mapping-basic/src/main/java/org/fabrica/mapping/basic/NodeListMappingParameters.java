package org.fabrica.mapping.basic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code nodes}. */
@ObjectClassDefinition(name = "nodes", description = "The end node of every global rank, listed")
public @interface NodeListMappingParameters {
    @AttributeDefinition(description = "End nodes in global rank order (copy x ranks + rank), one per rank, no node"
            + " twice")
    int[] nodes() default {};
}
