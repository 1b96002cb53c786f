package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code transpose}. */
@ObjectClassDefinition(name = "transpose", description = "Transpose (SPTh study: trns): (X, Y) -> (Y, X) on an N x N arrangement, W = y*N + x")
public @interface TransposeParameters {
    @AttributeDefinition(description = "The N nodes of the diagonal (X = Y) send their packets to themselves, through"
            + " their router and back, as BookSim2's transpose does, instead of sending nothing")
    boolean sendToSelf() default false;
}
