package org.example.fabrica.westfirst;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Parameters of {@code west-first}. This annotation type is the only place where a default, a
 * range or a description is written: Fabrica reads it for validation, for
 * {@code fabrica:help routing west-first} and for the documentation. In an experiment file:
 * {@code routing: {name: west-first, preference: x-first}}.
 */
@ObjectClassDefinition(name = "West-first routing",
        description = "Minimal adaptive west-first turn-model routing for 2D meshes (on a torus the wrap-around links are not used)")
public @interface WestFirstParameters {

    /** Order of the adaptive candidates once no westward hop is left. */
    enum Preference {
        /** The dimension with more hops left first (spreads load, like minimal adaptive routing). */
        LARGER_OFFSET,
        /** East before north/south. */
        X_FIRST,
        /** North/south before east. */
        Y_FIRST
    }

    @AttributeDefinition(description = "Order in which the east and north/south candidates are offered once no westward "
            + "hop is left: larger-offset puts the dimension with more hops left first; x-first and y-first fix the order")
    Preference preference() default Preference.LARGER_OFFSET;
}
