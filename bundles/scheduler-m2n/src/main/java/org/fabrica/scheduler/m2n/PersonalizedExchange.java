package org.fabrica.scheduler.m2n;

import org.fabrica.scheduler.ContiguousMapping;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Transfer;
import org.fabrica.topology.Topology;

/**
 * An M-to-N personalized exchange after task mapping: placed sender and receiver nodes in table
 * order, the M x N size matrix and the demanded transfer serving each pair.
 */
final class PersonalizedExchange {
    final int[] senders;
    final int[] receivers;
    final long[][] sizes;
    /** requests[i][j] = index in the demands of the transfer from sender i to receiver j, -1 if none. */
    final int[][] requests;
    /** Demanded node -> placed node, for the nodes the mapping moved. */
    final Map<Integer, Integer> placement = new HashMap<>();

    private PersonalizedExchange(int[] senders, int[] receivers, long[][] sizes, int[][] requests) {
        this.senders = senders;
        this.receivers = receivers;
        this.sizes = sizes;
        this.requests = requests;
    }

    int m() {
        return senders.length;
    }

    int n() {
        return receivers.length;
    }

    /**
     * Places the demands on the topology.
     *
     * @param localNetworkSize for contiguous mapping; 0 = from the tree topology
     */
    static PersonalizedExchange place(Demands demands, Topology topology, TaskMapping mapping, int localNetworkSize,
            String scheduler) {
        requireDistinctPairs(demands.transfers(), scheduler);
        int[] s = unbox(demands.senders());
        int[] r = unbox(demands.receivers());
        PersonalizedExchange x;
        if (mapping == TaskMapping.CONTIGUOUS) {
            for (int node : s) {
                if (demands.receivers().contains(node)) {
                    throw new IllegalArgumentException("scheduler '" + scheduler + "': node " + node + " is both a"
                            + " sender and a receiver, so contiguous mapping cannot place the two tasks apart; use"
                            + " mapping as-given or separate sender and receiver groups");
                }
            }
            ContiguousMapping cm = ContiguousMapping.of(topology, localNetworkSize);
            int[] ps = cm.senders(s.length);
            int[] pr = cm.receivers(s.length, r.length);
            x = new PersonalizedExchange(ps, pr, demands.sizeMatrix(), demands.requestMatrix());
            for (int i = 0; i < s.length; i++) {
                if (s[i] != ps[i]) {
                    x.placement.put(s[i], ps[i]);
                }
            }
            for (int j = 0; j < r.length; j++) {
                if (r[j] != pr[j]) {
                    x.placement.put(r[j], pr[j]);
                }
            }
        } else {
            x = new PersonalizedExchange(s, r, demands.sizeMatrix(), demands.requestMatrix());
        }
        for (int[] group : new int[][] {x.senders, x.receivers}) {
            for (int node : group) {
                if (node >= topology.nodes()) {
                    throw new IllegalArgumentException("scheduler '" + scheduler + "': node " + node + " is not in "
                            + topology.describe() + " (nodes 0 .. " + (topology.nodes() - 1) + ")");
                }
            }
        }
        return x;
    }

    private static void requireDistinctPairs(List<Transfer> transfers, String scheduler) {
        Map<Long, Integer> seen = new HashMap<>();
        for (int k = 0; k < transfers.size(); k++) {
            Transfer t = transfers.get(k);
            Integer before = seen.put(((long) t.source() << 32) | t.destination(), k);
            if (before != null) {
                throw new IllegalArgumentException("scheduler '" + scheduler + "': transfers " + before + " and " + k
                        + " both run " + t.source() + " -> " + t.destination() + "; an M-to-N exchange has one"
                        + " message per pair, so merge them into one transfer");
            }
        }
    }

    private static int[] unbox(List<Integer> list) {
        int[] a = new int[list.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = list.get(i);
        }
        return a;
    }
}
