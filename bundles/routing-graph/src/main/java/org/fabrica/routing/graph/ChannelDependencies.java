package org.fabrica.routing.graph;

import java.util.Arrays;
import org.fabrica.topology.Topology;

/**
 * The channel dependency graph of destination-based tables (Dally and Seitz): a packet holding the
 * link out of router r's port p towards destination d requests the link the next router's entry for
 * d gives. Tables with one VC class are deadlock-free when this graph is acyclic.
 */
final class ChannelDependencies {
    private ChannelDependencies() {
    }

    /**
     * @param hops router-to-router hops left at every entry on a route (-1 off every route)
     * @throws IllegalArgumentException naming a cycle and the fix
     */
    static void refuseCycles(Topology t, int[] port, int[] hops, ForwardingTables.Origin origin) {
        int routers = t.routers();
        int nodes = t.nodes();
        int[] first = new int[routers + 1];
        for (int r = 0; r < routers; r++) {
            first[r + 1] = first[r] + t.ports(r);
        }
        int channels = first[routers];
        // every dependency as from << 32 | to, sorted and distinct
        long[] edges = new long[16];
        int count = 0;
        for (int r = 0; r < routers; r++) {
            for (int d = 0; d < nodes; d++) {
                int i = r * nodes + d;
                if (hops[i] < 2) {
                    continue;
                }
                int p = port[i];
                int s = t.neighbor(r, p);
                if (count == edges.length) {
                    edges = Arrays.copyOf(edges, 2 * count);
                }
                edges[count++] = (long) (first[r] + p) << 32 | (first[s] + port[s * nodes + d]);
            }
        }
        long[] sorted = Arrays.copyOf(edges, count);
        Arrays.sort(sorted);
        int distinct = 0;
        for (int k = 0; k < sorted.length; k++) {
            if (k == 0 || sorted[k] != sorted[k - 1]) {
                sorted[distinct++] = sorted[k];
            }
        }
        int[] start = new int[channels + 1];
        int[] target = new int[distinct];
        for (int k = 0; k < distinct; k++) {
            start[(int) (sorted[k] >>> 32) + 1]++;
            target[k] = (int) sorted[k];
        }
        for (int c = 0; c < channels; c++) {
            start[c + 1] += start[c];
        }
        int[] cycle = findCycle(channels, start, target);
        if (cycle != null) {
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < cycle.length; k++) {
                int c = cycle[k];
                int r = 0;
                while (first[r + 1] <= c) {
                    r++;
                }
                sb.append(k == 0 ? "" : " -> ").append("router ").append(r).append(" port ")
                        .append(t.portLabel(r, c - first[r]));
            }
            throw new IllegalArgumentException(origin.name() + ": the routes' channel dependencies form a cycle, so"
                    + " the network can deadlock: " + sb + " -> back to the first; use deadlock: hop-classes (one VC"
                    + " class per hop of the longest route, " + longest(hops) + " here) or tables without such a cycle");
        }
    }

    private static int longest(int[] hops) {
        int m = 0;
        for (int h : hops) {
            m = Math.max(m, h);
        }
        return m;
    }

    /** A cycle of the graph as its channels in order, or null; iterative depth-first search. */
    static int[] findCycle(int channels, int[] start, int[] target) {
        byte[] state = new byte[channels]; // 0 new, 1 on the stack, 2 done
        int[] stack = new int[channels];
        int[] next = new int[channels];
        for (int root = 0; root < channels; root++) {
            if (state[root] != 0) {
                continue;
            }
            int depth = 0;
            stack[depth++] = root;
            state[root] = 1;
            next[root] = start[root];
            while (depth > 0) {
                int c = stack[depth - 1];
                if (next[c] < start[c + 1]) {
                    int s = target[next[c]++];
                    if (state[s] == 1) {
                        int k = depth - 1;
                        while (stack[k] != s) {
                            k--;
                        }
                        return Arrays.copyOfRange(stack, k, depth);
                    }
                    if (state[s] == 0) {
                        state[s] = 1;
                        next[s] = start[s];
                        stack[depth++] = s;
                    }
                } else {
                    state[c] = 2;
                    depth--;
                }
            }
        }
        return null;
    }
}
