package org.fabrica.collective.roots;

import org.fabrica.collective.RootContext;
import org.fabrica.collective.RootPolicy;

/**
 * {@code llp}, Least-Loaded Path: among the centres (the candidates with the lowest max hops,
 * {@link Centres}), the one with the lowest {@link RootContext#load}, ties by the lowest index
 * (docs/studies/dawning.md, "Hardware multicast": LLP picks the least-loaded root exactly). Exact up
 * to what the context knows: with stale load ({@link RootContext#loadLagCycles()} > 0) it is exact
 * for the old values. A candidate outside the centres is never chosen, however lightly loaded: it
 * would make a taller tree.
 */
final class LlpPolicy implements RootPolicy {
    @Override
    public int choose(RootContext context) {
        int[] centres = Centres.of(context);
        int best = centres[0];
        for (int k = 1; k < centres.length; k++) {
            if (Double.compare(context.load(centres[k]), context.load(best)) < 0) {
                best = centres[k];
            }
        }
        return best;
    }
}
