package org.fabrica.collective.roots;

import org.fabrica.collective.RootContext;
import org.fabrica.collective.RootPolicy;

/**
 * {@code deterministic}: the root is a fixed function of the group (docs/studies/dawning.md, "Hardware
 * multicast", root selection). Among the centres (the candidates with the lowest max hops,
 * {@link Centres}), group g takes centre {@code g mod count} in candidate order, so successive groups
 * spread over the top switches of a fat tree without any load information.
 */
final class DeterministicPolicy implements RootPolicy {
    @Override
    public int choose(RootContext context) {
        int[] centres = Centres.of(context);
        return centres[Math.floorMod(context.group(), centres.length)];
    }
}
