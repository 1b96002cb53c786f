package org.fabrica.topology;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A HyperX (Ahn, Binkert, Davis, McLaren and Schreiber, SC 2009): routers at the points of an
 * L-dimensional lattice of widths S_0 .. S_{L-1}, the S_d routers of every dimension-d line fully
 * connected (one link per pair), T terminals per router. The flattened butterfly (Kim, Dally and
 * Abts, ISCA 2007), k-ary n-flat with concentration c, is the HyperX of n - 1 dimensions of width k
 * with T = c.
 *
 * <h2>Numbering</h2>
 * Router id = sum of c_d * prod_{e&lt;d} S_e (dimension 0 varies fastest); node id = router * T + t.
 * Ports of dimension d are {@link #dimensionPort(int, int, int)}: first port of the dimension,
 * offset_d = sum_{e&lt;d} (S_e - 1), plus j, where port j leads to the line's router with coordinate
 * j when j &lt; the router's own coordinate and j + 1 otherwise. The T terminal ports follow the
 * network ports ({@link #terminalPort(int)}).
 *
 * <p>Implementations are immutable.
 *
 * @since 1.5
 */
@ConsumerType
public interface HyperXTopology extends Topology {
    /** Number of dimensions L. */
    int dimensions();

    /** Width S_d of dimension d: routers per line. */
    int width(int dimension);

    /** Terminals per router T. */
    int terminalsPerRouter();

    /** Coordinate of {@code router} in dimension d, 0 .. S_d - 1. */
    int coordinate(int router, int dimension);

    /** Port of a router with coordinate {@code from} in dimension d leading to coordinate {@code to} of its line. */
    int dimensionPort(int dimension, int from, int to);

    /** Router port of terminal t (0 .. T-1): the network ports, sum of (S_d - 1), plus t. */
    int terminalPort(int t);

    /** The router whose coordinate in dimension d is replaced by {@code coordinate}. */
    int withCoordinate(int router, int dimension, int coordinate);
}
