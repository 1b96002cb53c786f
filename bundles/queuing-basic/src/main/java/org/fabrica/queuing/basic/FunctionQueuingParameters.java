package org.fabrica.queuing.basic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code by-function}. */
@ObjectClassDefinition(name = "by-function", description = "Function-separated VCs: packets use only the VCs whose"
        + " function (given by the hardware model) is meant for them")
public @interface FunctionQueuingParameters {
    @AttributeDefinition(description = "Functions of the VCs that unicast packets may use, e.g. [unicast, mixed]: a"
            + " barrier VC (function barrier) is then left to barrier packets")
    String[] unicast() default {"data", "unicast", "mixed"};

    @AttributeDefinition(description = "Functions of the VCs that a collective engine's barrier packets may use:"
            + " [barrier] (the default) gives them the barrier VC; [unicast] makes them share the unicast VCs (to"
            + " compare); when no VC has one of these functions they share the unicast VCs")
    String[] barrier() default {"barrier"};

    @AttributeDefinition(description = "Functions of the VCs that a collective engine's multicast packets may use;"
            + " when no VC has one of them they share the unicast VCs")
    String[] multicast() default {"multicast", "mixed"};
}
