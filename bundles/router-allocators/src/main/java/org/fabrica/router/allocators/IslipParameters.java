package org.fabrica.router.allocators;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code islip}. */
@ObjectClassDefinition(name = "islip", description = "iSLIP: iterative request-grant-accept with round-robin pointers"
        + " that move only on first-iteration accepts")
public @interface IslipParameters {
    @AttributeDefinition(description = "Request-grant-accept iterations per allocation (iSLIP-1 is one; about"
            + " log2(ports) iterations approach a maximal matching)", min = "1", max = "64")
    int iterations() default 1;
}
