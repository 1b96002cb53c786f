package org.fabrica.scheduler;

import org.fabrica.topology.Topology;
import org.fabrica.topology.TreeTopology;

/**
 * Contiguous task mapping of docs/studies/rapidio-m2n.md: the M senders take consecutive node addresses
 * from the start of the first local network, spilling into the following (nearest) local networks
 * when M exceeds one; the N receivers take consecutive addresses too, starting at the first local
 * network boundary after the senders so that no local network holds both groups. When the
 * network has no room for that, the receivers move as far from the senders as the network allows
 * while staying consecutive and after them (6-to-10 on the 16-node extended 2-ary 3-tree: senders
 * 0-5, receivers 6-15).
 *
 * @param nodes end nodes of the network
 * @param localNetworkSize nodes per local network (k^2 on a k-ary n-tree), contiguous blocks
 *        starting at node 0
 */
public record ContiguousMapping(int nodes, int localNetworkSize) {
    /** Checks the sizes. */
    public ContiguousMapping {
        if (nodes < 1 || localNetworkSize < 1) {
            throw new IllegalArgumentException("contiguous mapping needs at least one node and a local network size"
                    + " >= 1 (got " + nodes + " nodes, local networks of " + localNetworkSize + ")");
        }
    }

    /**
     * The mapping on a topology. {@code localNetworkSize} 0 takes the local network of a tree
     * ({@link TreeTopology#localNetworkSize()}, k^2 nodes on a k-ary n-tree).
     *
     * @throws IllegalArgumentException when the size is 0 and the topology is not a tree
     */
    public static ContiguousMapping of(Topology topology, int localNetworkSize) {
        if (localNetworkSize > 0) {
            return new ContiguousMapping(topology.nodes(), localNetworkSize);
        }
        if (topology instanceof TreeTopology tree) {
            return new ContiguousMapping(topology.nodes(), tree.localNetworkSize());
        }
        throw new IllegalArgumentException("contiguous mapping on " + topology.describe() + " needs the local network"
                + " size: the topology is not a tree; set localNetworkSize to the nodes per local network");
    }

    /** Node addresses of the M senders: 0 .. M-1 (local network 0 first, then its neighbours). */
    public int[] senders(int m) {
        check(m, 0);
        int[] s = new int[m];
        for (int i = 0; i < m; i++) {
            s[i] = i;
        }
        return s;
    }

    /**
     * Node addresses of the N receivers when the M senders are placed by {@link #senders}:
     * consecutive, from the first local network boundary after the senders, or, when that leaves
     * too few nodes, from the last position that still fits (never overlapping the senders).
     */
    public int[] receivers(int m, int n) {
        check(m, n);
        int boundary = (m + localNetworkSize - 1) / localNetworkSize * localNetworkSize;
        int first = Math.max(m, Math.min(boundary, nodes - n));
        int[] r = new int[n];
        for (int j = 0; j < n; j++) {
            r[j] = first + j;
        }
        return r;
    }

    private void check(int m, int n) {
        if (m < 0 || n < 0 || (long) m + n > nodes) {
            throw new IllegalArgumentException(m + " senders and " + n + " receivers do not fit on " + nodes
                    + " nodes; use a larger topology or fewer tasks");
        }
    }
}
