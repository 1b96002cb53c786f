package org.fabrica.routing.fattree;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code adaptive-up}. */
@ObjectClassDefinition(name = "adaptive-up", description = "Adaptive up-port routing on fat trees: every upper port"
        + " of a climbing packet's switch offered, the one whose downstream buffers hold fewer flits first (equal"
        + " ones in a rotation drawn from run seed, packet id and level); turn down at the nearest common ancestor,"
        + " or at the top when top-forced; 1 VC class (up*/down*). Needs the flit network model (it reads the"
        + " buffers' occupancy)")
public @interface AdaptiveUpParameters {
    @AttributeDefinition(description = "Top-forced variant: every packet climbs to the top level")
    boolean topForced() default false;
}
