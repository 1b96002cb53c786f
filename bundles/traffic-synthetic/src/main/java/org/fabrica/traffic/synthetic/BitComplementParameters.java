package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code bitcomp} has no parameters. */
@ObjectClassDefinition(name = "bitcomp", description = "Bit complement (SPTh study: bcmp): complement every address bit")
public @interface BitComplementParameters {
}
