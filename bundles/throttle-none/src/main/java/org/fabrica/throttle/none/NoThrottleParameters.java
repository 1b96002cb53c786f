package org.fabrica.throttle.none;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code none} has no parameters. */
@ObjectClassDefinition(name = "none", description = "No injection throttling")
public @interface NoThrottleParameters {
}
