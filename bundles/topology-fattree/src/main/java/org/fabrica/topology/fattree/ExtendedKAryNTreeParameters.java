package org.fabrica.topology.fattree;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the {@code extended-kary-ntree} topology. */
@ObjectClassDefinition(name = "extended-kary-ntree", description = "Extended k-ary n-tree (docs/studies/rapidio-m2n.md): two"
        + " k-ary n-trees sharing their top level, 2*k^n nodes and (2n-1)*k^(n-1) switches; the top switches use all"
        + " 2k ports downward; nodes of the second tree follow those of the first")
public @interface ExtendedKAryNTreeParameters {
    @AttributeDefinition(description = "Arity k: nodes per leaf switch, down and up ports per switch below the top"
            + " (2k down ports at the top)", min = "2", max = "64")
    int k() default 2;

    @AttributeDefinition(description = "Number of switch levels n", min = "1", max = "12")
    int n() default 3;

    @AttributeDefinition(description = "Switch chips per switch board acting as one higher-radix switch (1 = single"
            + " chip; the TianLai boards are 4 CPS-1848 chips); must divide every switch's port count. The board"
            + " stays one switch in the network; a packet crossing between chips reports 2 chips crossed"
            + " (TreeTopology.chipsCrossed) for hop-latency accounting", min = "1", max = "16")
    int chipsPerSwitch() default 1;
}
