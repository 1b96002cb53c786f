package org.fabrica.topology.fattree;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code kary-ntree} topology. */
@ObjectClassDefinition(name = "kary-ntree", description = "k-ary n-tree (docs/studies/rapidio-m2n.md): k^n nodes, n levels"
        + " of k^(n-1) switches with k down and k up ports (the top level only k down); nodes 0..k-1 under leaf"
        + " switch 0; switches SW(h, tau) wired as FT(n, k, k) of docs/studies/levelwise.md")
public @interface KAryNTreeParameters {
    @AttributeDefinition(description = "Arity k: nodes per leaf switch, down and up ports per switch", min = "2",
            max = "64")
    int k() default 2;

    @AttributeDefinition(description = "Number of switch levels n", min = "1", max = "12")
    int n() default 3;

    @AttributeDefinition(description = "Switch chips per switch board acting as one higher-radix switch (1 = single"
            + " chip); must divide every switch's port count. The board stays one switch in the network; a packet"
            + " crossing between chips reports 2 chips crossed (TreeTopology.chipsCrossed) for hop-latency"
            + " accounting", min = "1", max = "16")
    int chipsPerSwitch() default 1;
}
