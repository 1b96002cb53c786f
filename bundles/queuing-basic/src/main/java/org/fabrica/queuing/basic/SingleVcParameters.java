package org.fabrica.queuing.basic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code 1vc} has no parameters. */
@ObjectClassDefinition(name = "1vc", description = "Every packet on VC 0 of every input buffer")
public @interface SingleVcParameters {
}
