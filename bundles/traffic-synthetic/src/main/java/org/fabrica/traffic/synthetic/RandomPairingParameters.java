package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** {@code randperm} has no parameters. */
@ObjectClassDefinition(name = "randperm", description = "Random pairing (SPTh study: rpar): nodes paired at random once per run; each sends to its partner")
public @interface RandomPairingParameters {
}
