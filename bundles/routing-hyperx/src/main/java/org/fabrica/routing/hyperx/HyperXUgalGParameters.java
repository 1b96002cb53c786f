package org.fabrica.routing.hyperx;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code hyperx-ugal-g}. */
@ObjectClassDefinition(name = "hyperx-ugal-g", description = "UGAL-G on HyperX and flattened butterflies (Singh 2005;"
        + " Kim, Dally and Abts 2007): each packet chooses once, at its source router, between the dimension-order"
        + " minimal path and a Valiant path through an intermediate router, by the flits queued downstream of every output along either path, summed (Singh's UGAL-G, idealised: it reads other routers' buffers); minimal when min_sum <= nonmin_sum + threshold; the choice is kept in the"
        + " packet; 2 VC classes as hyperx-valiant, a minimal packet in class 1; flit network only (it reads the"
        + " buffers' occupancy)")
public @interface HyperXUgalGParameters {
    @AttributeDefinition(description = "Threshold in flits added to the nonminimal cost: positive values favour the"
            + " minimal path, negative ones the Valiant path (BookSim2's ugal_flatfly hard-codes 2)")
    int threshold() default 0;

    @AttributeDefinition(description = "The Valiant path's intermediate router: any = uniform over every router, as"
            + " hyperx-valiant; unaligned = the source's coordinates where source and destination agree, uniform"
            + " in the others (BookSim2's ugal_flatfly)")
    HyperXIntermediate intermediate() default HyperXIntermediate.ANY;
}
