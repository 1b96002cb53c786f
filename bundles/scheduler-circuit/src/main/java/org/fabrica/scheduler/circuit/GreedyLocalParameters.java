package org.fabrica.scheduler.circuit;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code greedy-local}: none. */
@ObjectClassDefinition(name = "greedy-local", description = "Local circuit scheduling on fat trees"
        + " (docs/studies/levelwise.md): each switch on the way up takes its first free uplink; no parameters")
public @interface GreedyLocalParameters {
}
