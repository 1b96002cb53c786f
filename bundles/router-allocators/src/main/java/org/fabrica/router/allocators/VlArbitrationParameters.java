package org.fabrica.router.allocators;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The tables of {@code vl-arbitration}: InfiniBand's VL arbitration at each output, with weights
 * in flits.
 */
@ObjectClassDefinition(name = "vl-arbitration", description = "InfiniBand VL arbitration at each output: weighted"
        + " round robin over the output VCs by a high- and a low-priority table")
public @interface VlArbitrationParameters {
    @AttributeDefinition(description = "High-priority table: entries vc:weight, served in order, each entry's VC"
            + " sending up to weight flits before the next entry's turn (weight 0: the entry is skipped); a list,"
            + " or entries apart by spaces, e.g. vl-arbitration(high=0:4 1:4, low=2:1)")
    String[] high() default {};

    @AttributeDefinition(description = "Low-priority table, as high: served when no high-priority VC has a flit to"
            + " send, or when highLimit flits of high priority went while a low-priority VC waited")
    String[] low() default {};

    @AttributeDefinition(description = "Flits of high priority an output sends while a low-priority flit waits before"
            + " it lets one low-priority flit pass (-1: no limit, low priority only when high has nothing)", min = "-1")
    int highLimit() default -1;
}
