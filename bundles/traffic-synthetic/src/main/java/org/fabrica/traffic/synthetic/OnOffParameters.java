package org.fabrica.traffic.synthetic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code on-off}. */
@ObjectClassDefinition(name = "on-off", description = "Bursty injection (BookSim2's on_off): every node alternates"
        + " between on and off in a two-state Markov chain; while on it generates a packet per cycle with probability"
        + " peakLoad / packet length, while off none. The chain's rates give the sweep point's mean load and bursts of"
        + " 'burst' packets on average")
public @interface OnOffParameters {
    @AttributeDefinition(description = "Mean packets per on period (burst length); 1 is close to Bernoulli, larger"
            + " is burstier at the same mean load", min = "1")
    double burst() default 8;

    @AttributeDefinition(description = "Load while on, in flits/node/cycle, at most the packet length (one packet per"
            + " cycle); 0 = the packet length: a burst's packets are generated back to back. The mean load can reach"
            + " peakLoad x burst / (burst + peakLoad / packet length)", min = "0")
    double peakLoad() default 0;
}
