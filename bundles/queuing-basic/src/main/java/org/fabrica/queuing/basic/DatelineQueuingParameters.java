package org.fabrica.queuing.basic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code dateline} has no parameters: the VC ranges follow from the VC count and the routing's classes. */
@ObjectClassDefinition(name = "dateline", description = "VC class c may use VCs [floor(c*V/C), floor((c+1)*V/C))"
        + " of V VCs and C classes; injection uses class 0's VCs")
public @interface DatelineQueuingParameters {
}
