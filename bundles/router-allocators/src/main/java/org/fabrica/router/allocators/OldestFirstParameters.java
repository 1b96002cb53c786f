package org.fabrica.router.allocators;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code oldest-first} has no parameters. */
@ObjectClassDefinition(name = "oldest-first", description = "Oldest packet first (by creation cycle), round robin"
        + " among equals")
public @interface OldestFirstParameters {
}
