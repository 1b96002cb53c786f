package org.fabrica.routing.dragonfly;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code dragonfly-minimal} has no parameters. */
@ObjectClassDefinition(name = "dragonfly-minimal", description = "Minimal dragonfly routing: local hop to the gateway"
        + " router of the one global link to the destination group, the global hop, local hop to the destination"
        + " router; 2 VC classes (0: source-group local hop; 1: the global hop and the destination-group local hop)")
public @interface DragonflyMinimalParameters {
}
