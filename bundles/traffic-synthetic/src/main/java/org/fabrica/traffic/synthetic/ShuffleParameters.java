package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code shuffle} has no parameters. */
@ObjectClassDefinition(name = "shuffle", description = "Perfect shuffle (SPTh study: shfl): rotate the log2(nodes)-bit address left by one bit")
public @interface ShuffleParameters {
}
