package org.fabrica.mapping;

/** Checks on a mapping's answer, shared by the runner and by providers. */
public final class Mappings {
    private Mappings() {
    }

    /**
     * Checks that {@code map} places every rank of {@code context} on a node of its own.
     *
     * @param who the provider, for the message (e.g. {@code mapping 'random'})
     * @throws IllegalArgumentException naming the rank, the node and the fix
     */
    public static void check(int[] map, MappingContext context, String who) {
        check(map, context.ranks(), context.nodes(), who + " (" + context.copies() + " copies x "
                + context.ranksPerCopy() + " ranks)");
    }

    /**
     * Checks that {@code map} places {@code ranks} ranks on distinct nodes among {@code nodes}.
     *
     * @param who what made the mapping, for the message
     * @throws IllegalArgumentException naming the rank, the node and the fix
     */
    public static void check(int[] map, int ranks, int nodes, String who) {
        if (map == null || map.length != ranks) {
            throw new IllegalArgumentException(who + " placed " + (map == null ? "no" : map.length) + " rank(s), but the"
                    + " run has " + ranks + "; a mapping gives one node per rank");
        }
        int[] owner = new int[nodes];
        java.util.Arrays.fill(owner, -1);
        for (int g = 0; g < map.length; g++) {
            int n = map[g];
            if (n < 0 || n >= nodes) {
                throw new IllegalArgumentException(who + " put rank " + g + " on node " + n + ", but the topology's end"
                        + " nodes are 0 to " + (nodes - 1));
            }
            if (owner[n] >= 0) {
                throw new IllegalArgumentException(who + " put ranks " + owner[n] + " and " + g + " both on node " + n
                        + "; every rank needs a node of its own");
            }
            owner[n] = g;
        }
    }

    /**
     * Checks that the run's ranks fit on the topology's nodes at all.
     *
     * @throws IllegalArgumentException naming the counts and the fixes
     */
    public static void fits(MappingContext context) {
        if ((long) context.copies() * context.ranksPerCopy() > context.nodes()) {
            throw new IllegalArgumentException(context.copies() + " copies of " + context.ranksPerCopy() + " ranks need "
                    + ((long) context.copies() * context.ranksPerCopy()) + " nodes, but the topology has "
                    + context.nodes() + "; use fewer copies or a larger topology");
        }
    }
}
