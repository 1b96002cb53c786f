package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code tornado} has no parameters. */
@ObjectClassDefinition(name = "tornado", description = "Tornado (SPTh study: torn): W -> (W + N/2) mod N^2 on an N x N arrangement")
public @interface TornadoParameters {
}
