package org.fabrica.queuing.basic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code voqnet} has no parameters: the queues are the destinations. */
@ObjectClassDefinition(name = "voqnet", description = "Virtual output queues at network level: one VC per destination"
        + " node at every input buffer")
public @interface VoqNetParameters {
}
