package org.fabrica.topology.graph;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code graph} topology. */
@ObjectClassDefinition(name = "graph", description = "A network read from a file: BookSim2's anynet listing ('router 0"
        + " node 0 node 1 router 1', one line per router) or an InfiniBand fabric as ibnetdiscover prints it (Switch and"
        + " Ca blocks with their port lines); routers, ports, links and end nodes as the file gives them. Both formats and"
        + " the numbering: docs/user-guide.md, 'Networks from a file'")
public @interface GraphParameters {
    @AttributeDefinition(description = "The fabric file, relative to the experiment file's directory (or absolute)")
    String file() default "";

    @AttributeDefinition(description = "Format of the file: auto (ibnetdiscover when the first line outside comments"
            + " is a key=value line or starts with Switch, Ca or Rt, anynet otherwise), anynet or ibnetdiscover")
    GraphFormat format() default GraphFormat.AUTO;
}
