package org.fabrica.routing.fattree;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code smodk}. */
@ObjectClassDefinition(name = "smodk", description = "S-mod-k on fat trees (docs/studies/rapidio-m2n.md): at upward hop l"
        + " take upper port floor(s / k^(l-1)) mod k (k = w on FT(l, m, w)); turn down at the nearest common"
        + " ancestor, or at the top when top-forced")
public @interface SModKParameters {
    @AttributeDefinition(description = "Top-forced variant: every packet climbs to the top level even when a lower"
            + " common ancestor exists, so every source-destination path has the same hop count")
    boolean topForced() default false;
}
