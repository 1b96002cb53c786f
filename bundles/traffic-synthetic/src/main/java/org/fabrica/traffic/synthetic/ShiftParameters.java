package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code shift} pattern. */
@ObjectClassDefinition(name = "shift", description = "Shift: node W sends to node (W + offset) mod N, whatever the"
        + " topology")
public @interface ShiftParameters {
    @AttributeDefinition(description = "Node offset, may be negative; not a multiple of the number of nodes N. On a"
            + " dragonfly an offset of a*p (the nodes of a group) is the worst case: every node of group G sends to"
            + " group G + 1")
    int offset() default 1;
}
