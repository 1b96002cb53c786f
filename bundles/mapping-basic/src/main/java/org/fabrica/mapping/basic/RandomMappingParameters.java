package org.fabrica.mapping.basic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code random} has no parameters: the seed is the point's. */
@ObjectClassDefinition(name = "random", description = "Ranks on distinct end nodes drawn at random per seed")
public @interface RandomMappingParameters {
}
