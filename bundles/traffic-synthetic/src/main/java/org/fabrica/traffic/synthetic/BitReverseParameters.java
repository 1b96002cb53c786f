package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code bitrev} has no parameters. */
@ObjectClassDefinition(name = "bitrev", description = "Bit reverse (SPTh study: brev): reverse the order of the address bits")
public @interface BitReverseParameters {
}
