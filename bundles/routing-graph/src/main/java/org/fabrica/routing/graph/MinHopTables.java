package org.fabrica.routing.graph;

import java.util.Arrays;
import org.fabrica.topology.Topology;

/**
 * Min-hop forwarding tables, as a subnet manager's min-hop engine computes them: at every router,
 * every destination leaves by a port on a shortest path (fewest router-to-router hops) to the
 * destination's router, ties broken by a {@link TieRule}. Destinations are taken in increasing node
 * number and routers in increasing number, so the tables are reproducible.
 */
final class MinHopTables {
    private MinHopTables() {
    }

    /**
     * @return the entries, router x nodes + destination
     * @throws IllegalArgumentException when a router cannot reach a destination
     */
    static int[] compute(Topology t, TieRule ties, String who) {
        int routers = t.routers();
        int nodes = t.nodes();
        int[] port = new int[ForwardingTables.entries(t, who)];
        Arrays.fill(port, -1);
        int[][] distance = new int[routers][];
        int[][] load = new int[routers][];
        for (int r = 0; r < routers; r++) {
            load[r] = new int[t.ports(r)];
        }
        int[] queue = new int[routers];
        for (int d = 0; d < nodes; d++) {
            int home = t.nodeRouter(d);
            if (distance[home] == null) {
                distance[home] = distances(t, home, queue);
            }
            int[] dist = distance[home];
            for (int r = 0; r < routers; r++) {
                if (r == home) {
                    port[r * nodes + d] = t.nodePort(d);
                    continue;
                }
                if (dist[r] < 0) {
                    throw new IllegalArgumentException(who + ": router " + r + " cannot reach node " + d + " (router "
                            + home + "): the network is not connected; link them or remove router " + r);
                }
                int best = -1;
                for (int p = 0; p < t.ports(r); p++) {
                    int s = t.neighbor(r, p);
                    if (s < 0 || dist[s] != dist[r] - 1) {
                        continue;
                    }
                    if (best < 0 || ties == TieRule.BALANCED && load[r][p] < load[r][best]) {
                        best = p;
                    }
                }
                port[r * nodes + d] = best;
                load[r][best]++;
            }
        }
        return port;
    }

    /** Router-to-router hops from every router to {@code home}, -1 when unreachable (links are both ways). */
    private static int[] distances(Topology t, int home, int[] queue) {
        int[] dist = new int[t.routers()];
        Arrays.fill(dist, -1);
        int head = 0;
        int tail = 0;
        dist[home] = 0;
        queue[tail++] = home;
        while (head < tail) {
            int r = queue[head++];
            for (int p = 0; p < t.ports(r); p++) {
                int s = t.neighbor(r, p);
                if (s >= 0 && dist[s] < 0) {
                    dist[s] = dist[r] + 1;
                    queue[tail++] = s;
                }
            }
        }
        return dist;
    }
}
