package org.fabrica.collective.roots;

import org.fabrica.collective.RootContext;
import org.fabrica.collective.RootPolicy;

/**
 * {@code hlse}, Heavy-Loaded Switch Eliminating (docs/studies/dawning.md, "Hardware multicast", root
 * selection): among the centres (the candidates with the lowest max hops, {@link Centres}), drop
 * those whose {@link RootContext#load} is above the threshold, then pick uniformly at random among the
 * rest with {@link RootContext#random()}. When every centre is above the threshold, none is better
 * than another by this rule, so the pick is uniform over all the centres. A load that is not a number
 * counts as above the threshold. Every choice takes exactly one draw from the stream, so the draws
 * of later choices do not depend on the loads seen earlier.
 */
final class HlsePolicy implements RootPolicy {
    private final double threshold;

    HlsePolicy(double threshold) {
        this.threshold = threshold;
    }

    @Override
    public int choose(RootContext context) {
        int[] centres = Centres.of(context);
        int[] light = new int[centres.length];
        int count = 0;
        for (int c : centres) {
            if (context.load(c) <= threshold) {
                light[count++] = c;
            }
        }
        return count > 0 ? light[context.random().nextInt(count)] : centres[context.random().nextInt(centres.length)];
    }
}
