package org.fabrica.itests.plugin;

/** Parameters of the faulty routing plugin. */
public @interface FaultyRoutingParameters {
    /** Whether {@code route} never returns ({@link HangingRoutingAlgorithm}) instead of throwing. */
    boolean hang() default false;
}
