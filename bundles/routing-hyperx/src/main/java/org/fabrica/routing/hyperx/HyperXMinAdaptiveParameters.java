package org.fabrica.routing.hyperx;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code hyperx-min-adaptive} has no parameters. */
@ObjectClassDefinition(name = "hyperx-min-adaptive", description = "Minimal adaptive routing on HyperX and flattened"
        + " butterflies (Duato's protocol): the direct link of any unaligned dimension in class 1, the output whose"
        + " downstream buffers hold fewer flits first (ties: lower dimension), and the dimension-order hop in class 0"
        + " (the escape) last; 2 VC classes. Needs the flit network model (it reads the buffers' occupancy)")
public @interface HyperXMinAdaptiveParameters {
}
