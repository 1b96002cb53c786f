package org.fabrica.collective.roots;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code hlse} (docs/studies/dawning.md, "Hardware multicast", root selection). */
@ObjectClassDefinition(name = "hlse", description = "Heavy-Loaded Switch Eliminating: among the candidates with the"
        + " lowest max hops, drop those loaded above the threshold, then pick uniformly at random among the rest")
public @interface HlseParameters {
    @AttributeDefinition(description = "The load measure's value above which a root is dropped (the engine documents"
            + " its load measure); 0 keeps only unloaded roots", min = "0")
    double threshold() default 0.5;
}
