package org.fabrica.routing.cube;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/** Parameters of {@code min-adaptive}: how a packet may leave the escape network. */
@ObjectClassDefinition(name = "min-adaptive", description = "Minimal adaptive routing on k-ary n-cubes with Duato's"
        + " protocol: an escape network in dimension order (class 0 on a mesh; classes 0 and 1, the classic dateline,"
        + " on a torus) and an adaptive class (1 on a mesh, 2 on a torus) on any minimal direction, the output whose"
        + " downstream buffers hold fewer flits first (ties: lower dimension, + before -), the escape hop last."
        + " Needs the flit network model (it reads the buffers' occupancy)")
public @interface MinAdaptiveParameters {
    @AttributeDefinition(options = {@Option(value = "atomic"), @Option(value = "sticky")}, description = "atomic:"
            + " a packet on the escape network is offered the adaptive class again at the next router (Duato's"
            + " protocol in full), so under wormhole the adaptive class is allocated atomically (a VC only with its"
            + " buffer empty); sticky: a packet that entered the escape network stays on it to its destination"
            + " and the adaptive class is allocated as every other (BookSim2's min_adapt, for comparisons with it):"
            + " under wormhole not deadlock-free past saturation")
    String escape() default "atomic";
}
