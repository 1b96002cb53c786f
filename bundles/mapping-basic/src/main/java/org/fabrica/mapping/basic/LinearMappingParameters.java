package org.fabrica.mapping.basic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code linear} has no parameters. */
@ObjectClassDefinition(name = "linear", description = "Global rank g on end node g")
public @interface LinearMappingParameters {
}
