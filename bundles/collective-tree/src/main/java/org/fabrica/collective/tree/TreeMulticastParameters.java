package org.fabrica.collective.tree;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code tree-multicast} engine (docs/collectives.md, "tree-multicast"). */
@ObjectClassDefinition(name = "tree-multicast", description = "Hardware multicast in the data network: up to a root"
        + " switch the root policy chooses per multicast, then down its tree, replicated at the branch points")
public @interface TreeMulticastParameters {
    @AttributeDefinition(description = "How old the root policy's load information is, in cycles: the engine's count"
            + " of multicasts in flight per root is copied for the policy every this many cycles (0: exact)", min = "0")
    long loadLagCycles() default 0;

    @AttributeDefinition(description = "Cycles a switch takes to replicate a multicast packet at a branch point, waited"
            + " before the packet claims its outputs, beyond a unicast packet's switch latency (a latency; the Dawning"
            + " 5000 takes 150 ns for a multicast where unicast takes 130 ns: 2 cycles at its prototype's 100 MHz)",
            min = "0")
    int replicationCycles() default 0;
}
