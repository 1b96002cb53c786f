package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;
import org.fabrica.traffic.TrafficPattern;

/**
 * A pattern where every source has one fixed destination, tabulated once per run. A source whose
 * destination is itself sends nothing (docs/studies/spth.md, "Traffic patterns"), unless the
 * pattern keeps such sources ({@code transpose} with {@code sendToSelf}: BookSim2's fixed points).
 */
final class PermutationPattern implements TrafficPattern {
    private final int[] destination;

    private PermutationPattern(int[] destination) {
        this.destination = destination;
    }

    /** Tabulates {@code f} over sources 0 .. nodes-1; f(s) == s becomes {@link #NONE}. */
    static PermutationPattern of(int nodes, IntUnaryOperator f) {
        return of(nodes, f, false);
    }

    /** Tabulates {@code f}; f(s) == s stays s when {@code sendToSelf}, else becomes {@link #NONE}. */
    static PermutationPattern of(int nodes, IntUnaryOperator f, boolean sendToSelf) {
        int[] table = new int[nodes];
        for (int s = 0; s < nodes; s++) {
            int d = f.applyAsInt(s);
            if (d < 0 || d >= nodes) {
                throw new IllegalStateException("pattern maps node " + s + " to " + d + ", outside 0.." + (nodes - 1));
            }
            table[s] = d == s && !sendToSelf ? NONE : d;
        }
        return new PermutationPattern(table);
    }

    /** Wraps a ready table (entries are destinations or {@link #NONE}). */
    static PermutationPattern ofTable(int[] table) {
        return new PermutationPattern(table.clone());
    }

    @Override
    public int destination(int source, SplittableRandom random) {
        return destination[source];
    }
}
