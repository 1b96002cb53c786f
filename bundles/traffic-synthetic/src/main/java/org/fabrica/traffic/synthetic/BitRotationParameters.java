package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code bitrot} has no parameters. */
@ObjectClassDefinition(name = "bitrot", description = "Bit rotation (SPTh study: brot): rotate the address right by one bit")
public @interface BitRotationParameters {
}
