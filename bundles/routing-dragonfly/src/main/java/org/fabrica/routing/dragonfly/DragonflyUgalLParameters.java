package org.fabrica.routing.dragonfly;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code dragonfly-ugal-l}. */
@ObjectClassDefinition(name = "dragonfly-ugal-l", description = "UGAL-L dragonfly routing (Kim, Dally, Scott and Abts"
        + " 2008, Sec. 4.2): each packet between two groups chooses once, at its source router, between the minimal"
        + " path and dragonfly-valiant's path (the same intermediate router) by the queues of the first output of either path at the source router; minimal when min_cost <="
        + " nonmin_cost + threshold; the choice is kept in the packet; 4 VC classes as dragonfly-valiant, a minimal"
        + " packet in classes 0 (source-group local hop), 2 (global hop), 3 (destination-group local hop); packets"
        + " within one group go minimally; flit network only (it reads the buffers' occupancy)")
public @interface DragonflyUgalLParameters {
    @AttributeDefinition(description = "Cost of a path: hops = queue (flits held downstream of the output) x router"
            + " hops of the whole path from the source router (Kim et al. 2008); booksim = BookSim2's"
            + " ugal_dragonflynew, 1 x minimal queue against 2 x nonminimal queue whatever the hops (BookSim2"
            + " hard-codes threshold 30)")
    UgalWeighting weighting() default UgalWeighting.HOPS;

    @AttributeDefinition(description = "Threshold in flits added to the nonminimal cost: positive values favour the"
            + " minimal path, negative ones the Valiant path")
    int threshold() default 0;
}
