package org.fabrica.routing.fattree;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code source-route}. */
@ObjectClassDefinition(name = "source-route", description = "Explicit per-flow source routes on fat trees: each"
        + " flow climbs on its listed upper ports P_0 .. P_{L-1} (e.g. a circuit scheduler's choices) and descends on"
        + " the forced path. Route text: one flow per line, 'src dst p0 p1 ... p_{L-1}', H <= L <= top level,"
        + " '#' comments, ';' may separate lines")
public @interface SourceRouteParameters {
    @AttributeDefinition(description = "Routes file in the route text format (a path relative to the launcher's"
            + " working directory); empty for none")
    String file() default "";

    @AttributeDefinition(description = "Routes given inline in the route text format, e.g. '0 5 1 0; 1 4 0 1' (how a"
            + " scheduler's plan is passed at run time); added to those of 'file'; empty for none")
    String routes() default "";

    @AttributeDefinition(description = "Routing for flows without a route: fail (the run stops naming the flow),"
            + " dmodk, smodk or random-up")
    SourceRouteFallback fallback() default SourceRouteFallback.FAIL;

    @AttributeDefinition(description = "Whether the fallback routing is top-forced (climbs to the top level)")
    boolean fallbackTopForced() default false;
}
