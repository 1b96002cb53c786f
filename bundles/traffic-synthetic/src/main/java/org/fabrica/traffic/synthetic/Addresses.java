package org.fabrica.traffic.synthetic;

import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;

/**
 * Node addresses as the patterns of docs/studies/spth.md see them: W = y*N + x on an N x N
 * arrangement, or a string of log2(nodes) bits.
 */
final class Addresses {
    private Addresses() {
    }

    /** Number of address bits; the node count must be a power of two. */
    static int bits(Topology topology, String pattern) {
        int nodes = topology.nodes();
        if (nodes < 2 || Integer.bitCount(nodes) != 1) {
            throw new IllegalArgumentException("traffic '" + pattern + "' works on the bits of node addresses and needs"
                    + " a power-of-two number of nodes, but " + topology.describe() + " has " + nodes
                    + "; choose a topology with 2^m nodes");
        }
        return Integer.numberOfTrailingZeros(nodes);
    }

    /**
     * Side N of the square N x N arrangement of the nodes: the radix of a 2D k-ary cube with equal
     * radices, or sqrt(nodes) for other topologies whose node count is a square.
     */
    static int side(Topology topology, String pattern) {
        if (topology instanceof CartesianTopology cube) {
            if (cube.dimensions() == 2 && cube.radix(0) == cube.radix(1)) {
                return cube.radix(0);
            }
            throw new IllegalArgumentException("traffic '" + pattern + "' needs a square two-dimensional arrangement"
                    + " (N x N, W = y*N + x), but the topology is " + topology.describe()
                    + "; use a 2D torus or mesh with equal sides");
        }
        int nodes = topology.nodes();
        int n = (int) Math.round(Math.sqrt(nodes));
        if (n * n != nodes || n < 2) {
            throw new IllegalArgumentException("traffic '" + pattern + "' needs the nodes in a square N x N arrangement"
                    + " (W = y*N + x), but " + topology.describe() + " has " + nodes + " nodes, not a square");
        }
        return n;
    }
}
