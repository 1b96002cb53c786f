package org.fabrica.routing.graph;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code table}. */
@ObjectClassDefinition(name = "table", description = "Forwarding tables read from a file: lines '<router>"
        + " <destination node or a-b> <port label>', '#' comments; every route is walked and checked before the run"
        + " (docs/user-guide.md, 'Networks from a file')")
public @interface TableParameters {
    @AttributeDefinition(description = "The tables file, relative to the experiment file's directory (or absolute)")
    String file() default "";

    @AttributeDefinition(description = "Deadlock: refuse (one VC class; tables whose channel dependencies form a cycle"
            + " are refused, naming the cycle) or hop-classes (the VC class grows by one per hop, as many VC classes"
            + " as the longest route has hops)")
    DeadlockAvoidance deadlock() default DeadlockAvoidance.REFUSE;
}
