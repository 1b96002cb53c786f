package org.fabrica.routing.hyperx;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code hyperx-dor} has no parameters. */
@ObjectClassDefinition(name = "hyperx-dor", description = "Dimension-order routing on HyperX and flattened"
        + " butterflies: one hop per differing coordinate, dimension 0 first; minimal, 1 VC class")
public @interface HyperXDorParameters {
}
