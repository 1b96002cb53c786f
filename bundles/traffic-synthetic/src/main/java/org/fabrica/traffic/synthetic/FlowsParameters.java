package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code flows}. */
@ObjectClassDefinition(name = "flows", description = "Fixed flows: only the listed sources send, each to its listed"
        + " destination(s)")
public @interface FlowsParameters {
    @AttributeDefinition(description = "Flows as 'source->destination' node ids, e.g. ['0->5', '5->0']; a source"
            + " listed with several destinations picks one uniformly for each packet; nodes not listed as a source"
            + " send nothing")
    String[] flows() default {};
}
