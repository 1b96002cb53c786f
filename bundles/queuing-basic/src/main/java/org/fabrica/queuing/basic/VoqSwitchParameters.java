package org.fabrica.queuing.basic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code voqsw} has no parameters. */
@ObjectClassDefinition(name = "voqsw", description = "Virtual output queues at switch level: one VC per output port"
        + " of the router the packet enters")
public @interface VoqSwitchParameters {
}
