package org.fabrica.itests.plugin;

/** Parameters of the faulty routing plugin: none. */
public @interface FaultyRoutingParameters {
}
