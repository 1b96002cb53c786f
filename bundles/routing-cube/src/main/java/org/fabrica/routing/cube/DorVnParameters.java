package org.fabrica.routing.cube;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code dor-vn}. */
@ObjectClassDefinition(name = "dor-vn", description = "Dimension-order routing on k-ary n-cubes with the order chosen by"
        + " the packet's virtual network: network 0 x first (XY, XYZ), network 1 y first (YX, YXZ)")
public @interface DorVnParameters {
    @AttributeDefinition(description = "VC classes on tori (meshes use 1): classic = dateline on the wrap link,"
            + " class 0 then 1 per dimension, 2 classes; two-per-ring = datelines at k-1|0 and k/2-1|k/2, class"
            + " rises at every crossing without reset, n+1 classes, even k (docs/studies/spth.md); wrap-aware ="
            + " BookSim2's dim_order: class 1 for a whole dimension whose path crosses the wrap link, 2 classes")
    DatelineScheme dateline() default DatelineScheme.CLASSIC;

    @AttributeDefinition(description = "Direction at distance exactly k/2: plus = always + (deterministic);"
            + " packet-hash = + or - by a hash of the packet id, balancing both directions like BookSim2's"
            + " random choice")
    TieBreak tie() default TieBreak.PLUS;
}
