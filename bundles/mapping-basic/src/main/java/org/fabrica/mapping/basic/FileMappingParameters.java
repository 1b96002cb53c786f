package org.fabrica.mapping.basic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code file}. */
@ObjectClassDefinition(name = "file", description = "End nodes read from a text file, one per line")
public @interface FileMappingParameters {
    @AttributeDefinition(description = "The mapping file, relative to the experiment file's directory: one end node"
            + " per line in global rank order (copy x ranks + rank), '#' starts a comment")
    String file() default "";
}
