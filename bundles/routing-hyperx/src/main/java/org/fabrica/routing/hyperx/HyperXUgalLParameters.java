package org.fabrica.routing.hyperx;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code hyperx-ugal-l}. */
@ObjectClassDefinition(name = "hyperx-ugal-l", description = "UGAL-L on HyperX and flattened butterflies (Singh 2005;"
        + " Kim, Dally and Abts 2007): each packet chooses once, at its source router, between the dimension-order"
        + " minimal path and a Valiant path through an intermediate router, by the queue of the first output of either path at the source router times the path's router hops (the flattened butterfly paper's rule and BookSim2's ugal_flatfly); minimal when min_cost <= nonmin_cost + threshold; the choice is kept in the"
        + " packet; 2 VC classes as hyperx-valiant, a minimal packet in class 1; flit network only (it reads the"
        + " buffers' occupancy)")
public @interface HyperXUgalLParameters {
    @AttributeDefinition(description = "Threshold in flits added to the nonminimal cost: positive values favour the"
            + " minimal path, negative ones the Valiant path (BookSim2's ugal_flatfly hard-codes 2)")
    int threshold() default 0;

    @AttributeDefinition(description = "The Valiant path's intermediate router: any = uniform over every router, as"
            + " hyperx-valiant; unaligned = the source's coordinates where source and destination agree, uniform"
            + " in the others (BookSim2's ugal_flatfly)")
    HyperXIntermediate intermediate() default HyperXIntermediate.ANY;
}
