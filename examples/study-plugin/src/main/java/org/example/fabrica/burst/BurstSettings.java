package org.example.fabrica.burst;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The optional keys of mode {@code burst}, as Metatype: {@link BurstStudy#settingsType()} returns
 * this type, so {@code fabrica help mode burst} lists both keys with their defaults and ranges, and
 * the mode reads its defaults from here ({@code Parameters.defaults(BurstSettings.class)}).
 */
@ObjectClassDefinition(name = "burst", description = "Every node sends its packets at cycle 0; completion, tail cycle"
        + " and mean latency per pattern x scheme x seed")
public @interface BurstSettings {
    @AttributeDefinition(min = "0", max = "1", description = "fraction of the packets whose arrival the tail cycle"
            + " marks; above 0 and at most 1")
    double tail() default 0.9;

    @AttributeDefinition(min = "0", description = "node i sends to node (i + shift) mod nodes, the mode's own"
            + " traffic; 0 keeps the file's patterns")
    int shift() default 0;
}
