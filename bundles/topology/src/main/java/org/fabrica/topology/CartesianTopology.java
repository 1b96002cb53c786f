package org.fabrica.topology;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A k-ary n-cube (torus or mesh) with one router per coordinate and one end node per router
 * (node id = router id). Router id = sum of c_d * prod_{e<d} k_e (dimension 0 varies fastest),
 * so on an N x N torus W = y*N + x as in docs/studies/spth.md.
 * Port {@code 2d} leaves in the + direction of dimension d, port {@code 2d+1} in the - direction;
 * port {@code 2n} is the terminal port.
 */
@ConsumerType
public interface CartesianTopology extends Topology {
    /** Number of dimensions n. */
    int dimensions();

    /** Radix k of dimension d. */
    int radix(int dimension);

    /** True when dimension d has wrap-around links (torus); false for a mesh. */
    boolean wraps(int dimension);

    /** Coordinate of router {@code router} in dimension d. */
    int coordinate(int router, int dimension);

    /** Port leaving in the + direction of dimension d. */
    default int plusPort(int dimension) {
        return 2 * dimension;
    }

    /** Port leaving in the - direction of dimension d. */
    default int minusPort(int dimension) {
        return 2 * dimension + 1;
    }

    /** The terminal port (2n). */
    default int terminalPort() {
        return 2 * dimensions();
    }
}
