package org.example.fabrica.chordal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Parameters of the {@code chordal-ring} topology. The ranges are what {@code fabrica help topology
 * chordal-ring} shows; {@link ChordalRing} checks the one rule they cannot express (2c &lt; k).
 */
@ObjectClassDefinition(name = "chordal-ring", description = "k routers in a bidirectional ring, each also linked to the"
        + " routers c ahead and c behind (the circulant graph C(k; 1, c)); one node per router, node i on router i;"
        + " ports: 0 node, 1 ring+ (i+1), 2 ring- (i-1), 3 chord+ (i+c), 4 chord- (i-c)")
public @interface ChordalRingParameters {
    @AttributeDefinition(description = "Routers k (and nodes: one per router)", min = "5", max = "4096")
    int k() default 16;

    @AttributeDefinition(description = "Chord length c: router i links to i+c and i-c (mod k); 2 <= c and 2c < k,"
            + " a chord near the square root of k gives the smallest diameter", min = "2", max = "2047")
    int c() default 4;
}
