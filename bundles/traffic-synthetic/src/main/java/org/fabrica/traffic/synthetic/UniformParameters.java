package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code uniform}. */
@ObjectClassDefinition(name = "uniform", description = "Uniform random (SPTh study: rand): a new random destination for"
        + " every packet")
public @interface UniformParameters {
    @AttributeDefinition(description = "Draw among all nodes including the source (as BookSim2's uniform and the"
            + " SPTh study's rand do); a packet drawn to its own source is not sent. false: draw among the other nodes")
    boolean includeSelf() default false;

    @AttributeDefinition(description = "With includeSelf: a packet drawn to its own source is sent, through the"
            + " source's router and back, as BookSim2's uniform does (about 1/N of the packets), instead of dropped")
    boolean sendToSelf() default false;
}
