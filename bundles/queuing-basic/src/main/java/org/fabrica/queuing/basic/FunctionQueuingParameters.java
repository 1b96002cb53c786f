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

    @AttributeDefinition(description = "Use at most this many of those VCs, the lowest-numbered (0 = all): a switch"
            + " built with 4 VCs whose packets use 1, 2 or 3 of them behaves like a switch with that many VCs (the"
            + " others' buffers, crossbars and arbiters stay idle), so one experiment compares VC counts", min = "0",
            max = "64")
    int vcs() default 0;
}
