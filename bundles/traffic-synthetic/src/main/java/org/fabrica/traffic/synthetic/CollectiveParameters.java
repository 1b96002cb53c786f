package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code collective} (docs/studies/spth.md, "Two ways of offering load", 2). */
@ObjectClassDefinition(name = "collective", description = "Unsteady (collective) load: every node generates K"
        + " packets at cycle 0 and nothing after. The sweep point's load is not used")
public @interface CollectiveParameters {
    @AttributeDefinition(description = "Packets K that every node generates at cycle 0", min = "1")
    int packets() default 10;
}
