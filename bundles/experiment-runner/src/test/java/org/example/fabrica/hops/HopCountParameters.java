package org.example.fabrica.hops;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the plugin guide's {@code hop-count} collector (docs/plugin-guide.md, section 12). */
@ObjectClassDefinition(name = "hop-count", description = "Router-to-router hops of the measured packets")
public @interface HopCountParameters {
    @AttributeDefinition(description = "Report the fraction of packets with more hops than this", min = "0")
    int limit() default 8;
}
