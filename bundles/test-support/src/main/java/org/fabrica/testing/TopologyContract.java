package org.fabrica.testing;

import org.fabrica.topology.Topology;

/**
 * The {@link Topology} contract as a check every topology provider's tests run: links are point to
 * point and full duplex ({@code neighbor(neighbor(r, p)) == r} with the ports swapped), a port is a
 * link, a terminal or unused (never two of these), and every node's {@code nodeRouter} /
 * {@code nodePort} is a terminal port of that node. A node may have further terminal ports
 * (KNS interfaces); {@link Census#terminalPorts()} lets a test require exactly one per node.
 * Failures are {@link AssertionError}s naming the port and the topology.
 */
public final class TopologyContract {
    private TopologyContract() {
    }

    /**
     * Port counts of a topology that satisfies the contract.
     *
     * @param linkPorts ports with a link (two per link)
     * @param terminalPorts ports with a node
     * @param unusedPorts ports with neither
     */
    public record Census(int linkPorts, int terminalPorts, int unusedPorts) {
    }

    /** Checks the contract on every port and node of {@code t}; returns its port counts. */
    public static Census check(Topology t) {
        int links = 0;
        int terminals = 0;
        int unused = 0;
        int nodes = t.nodes();
        for (int r = 0; r < t.routers(); r++) {
            for (int p = 0; p < t.ports(r); p++) {
                String where = "router " + r + " port " + p + " of " + t.describe();
                int s = t.neighbor(r, p);
                int q = t.neighborPort(r, p);
                int node = t.terminal(r, p);
                if (s < 0) {
                    if (q != -1) {
                        throw new AssertionError(where + " has no neighbour but neighbour port " + q);
                    }
                    if (node >= 0) {
                        if (node >= nodes) {
                            throw new AssertionError(where + " attaches node " + node + " of " + nodes);
                        }
                        terminals++;
                    } else {
                        unused++;
                    }
                    continue;
                }
                if (node != -1) {
                    throw new AssertionError(where + " is a link to router " + s + " and the terminal of node " + node);
                }
                if (s >= t.routers() || q < 0 || q >= t.ports(s)) {
                    throw new AssertionError(where + " links to router " + s + " port " + q + ", which does not exist");
                }
                if (t.neighbor(s, q) != r || t.neighborPort(s, q) != p) {
                    throw new AssertionError(where + " links to router " + s + " port " + q + ", which links back to router "
                            + t.neighbor(s, q) + " port " + t.neighborPort(s, q));
                }
                links++;
            }
        }
        for (int n = 0; n < nodes; n++) {
            int r = t.nodeRouter(n);
            int p = t.nodePort(n);
            if (r < 0 || r >= t.routers() || p < 0 || p >= t.ports(r) || t.terminal(r, p) != n) {
                throw new AssertionError("node " + n + " of " + t.describe() + " attaches to router " + r + " port " + p
                        + ", which is not a terminal port of that node");
            }
        }
        return new Census(links, terminals, unused);
    }
}
