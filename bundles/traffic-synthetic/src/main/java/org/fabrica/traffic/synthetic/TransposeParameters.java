package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code transpose} has no parameters. */
@ObjectClassDefinition(name = "transpose", description = "Transpose (SPTh study: trns): (X, Y) -> (Y, X) on an N x N arrangement, W = y*N + x")
public @interface TransposeParameters {
}
