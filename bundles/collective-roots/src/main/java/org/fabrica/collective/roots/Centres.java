package org.fabrica.collective.roots;

import java.util.Arrays;
import org.fabrica.collective.RootContext;

/**
 * The centres of a root choice: the candidates with the lowest {@link RootContext#maxHops}, whose
 * trees are the shortest (in a fat tree, for a group spanning several subtrees, the switches at the
 * lowest level that covers them all). The Dawning policies (docs/studies/dawning.md, "Hardware
 * multicast", root selection) choose among these; they differ in how.
 */
final class Centres {
    private Centres() {
    }

    /** The indices of the centres into {@code context.candidates()}, ascending; never empty. */
    static int[] of(RootContext context) {
        int n = context.candidates().length;
        int[] centres = new int[n];
        int count = 0;
        int best = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int hops = context.maxHops(i);
            if (hops < best) {
                best = hops;
                count = 0;
            }
            if (hops == best) {
                centres[count++] = i;
            }
        }
        return Arrays.copyOf(centres, count);
    }
}
