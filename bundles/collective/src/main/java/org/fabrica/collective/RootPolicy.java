package org.fabrica.collective;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Chooses the root of a collective's tree among candidates: for a fat tree, picking the top switch
 * fixes the whole tree (docs/collectives.md, "Roots").
 */
@ConsumerType
public interface RootPolicy {
    /** The index into {@code context.candidates()} of the chosen root. */
    int choose(RootContext context);
}
