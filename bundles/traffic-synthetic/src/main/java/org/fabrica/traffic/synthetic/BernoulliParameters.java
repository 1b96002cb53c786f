package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code bernoulli} has no parameters. */
@ObjectClassDefinition(name = "bernoulli", description = "Bernoulli injection: each cycle a node generates a packet with probability load / packet length")
public @interface BernoulliParameters {
}
