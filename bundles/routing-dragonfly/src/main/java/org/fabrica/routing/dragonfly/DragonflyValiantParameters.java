package org.fabrica.routing.dragonfly;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code dragonfly-valiant} has no parameters. */
@ObjectClassDefinition(name = "dragonfly-valiant", description = "Valiant dragonfly routing: minimal to a random"
        + " router of a random intermediate group (neither the source's nor the destination's), then minimal to the"
        + " destination; a pure function of (run seed, packet id); 4 VC classes (0: source-group local hop; 1: first"
        + " global hop and local hop to the intermediate router; 2: local hop to the gateway and second global hop;"
        + " 3: destination-group local hop); packets within one group go minimally")
public @interface DragonflyValiantParameters {
}
