package org.fabrica.queuing.basic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Parameters of {@code dateline}: the VC ranges follow from the VC count and the routing's classes;
 * {@link #injection} says which VCs of the source router's terminal input a new packet may enter.
 */
@ObjectClassDefinition(name = "dateline", description = "VC class c may use VCs [floor(c*V/C), floor((c+1)*V/C))"
        + " of V VCs and C classes")
public @interface DatelineQueuingParameters {
    /** Which VCs of the terminal input a new packet may enter. */
    enum Injection {
        /** Class 0's VCs, as every dateline scheme starts a packet on class 0 (the default). */
        CLASS_ZERO,
        /**
         * Any VC, as BookSim2's dim_order on a torus: safe for deadlock, since the terminal input is on no
         * ring; the route at the first router puts the packet on its class from there.
         */
        ANY
    }

    @AttributeDefinition(description = "VCs of the source router's terminal input a new packet may enter: class-zero"
            + " (class 0's VCs) or any (every VC, as BookSim2's dim_order on a torus; the terminal input is on no"
            + " ring, so deadlock freedom is kept)")
    Injection injection() default Injection.CLASS_ZERO;
}
