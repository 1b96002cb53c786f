package org.fabrica.topology.cube;

import org.fabrica.topology.CartesianTopology;

/**
 * A k-ary n-cube: k routers per dimension, n dimensions, with wrap-around links (torus) or
 * without (mesh). One end node per router, node id = router id. Router id = sum of
 * c_d * k^d (dimension 0 varies fastest), so on an N x N torus W = y*N + x
 * (docs/studies/spth.md, "Network").
 *
 * <p>Ports: {@code 2d} leaves in the + direction of dimension d, {@code 2d+1} in the - direction,
 * {@code 2n} is the terminal port. Every router has 2n+1 ports; on a mesh, the + port of a router
 * at coordinate k-1 and the - port of a router at coordinate 0 are unused ({@link #neighbor}
 * returns -1).
 *
 * <p>k = 2 torus: the + and the - port of a dimension lead to the same neighbour, over two
 * distinct links. The + port of r connects to the - port of the neighbour and the - port of r to
 * the neighbour's + port, so each port keeps its direction and link symmetry holds; the ring has
 * two channels per direction pair, as BookSim2 builds it. Dimension-order routing takes the +
 * port in that case (distance exactly k/2, tie toward +).
 *
 * <p>Immutable; neighbour tables are precomputed.
 */
public final class KAryNCube implements CartesianTopology {
    /** Largest number of routers accepted (the neighbour tables cost 2 ints per port). */
    public static final int MAX_ROUTERS = 1 << 22;

    private static final String[] DIMENSION_NAMES = {"x", "y", "z"};

    private final int k;
    private final int n;
    private final boolean wrap;
    private final int routers;
    private final int ports;
    private final int[] stride;
    private final int[] neighbor;
    private final int[] neighborPort;

    /**
     * @param k radix (routers per dimension), at least 2
     * @param n dimensions, at least 1
     * @param wrap true for a torus, false for a mesh
     * @throws IllegalArgumentException when k or n is out of range or k^n exceeds {@link #MAX_ROUTERS}
     */
    public KAryNCube(int k, int n, boolean wrap) {
        if (k < 2) {
            throw new IllegalArgumentException("k = " + k + " is out of range; a k-ary n-cube needs k >= 2");
        }
        if (n < 1) {
            throw new IllegalArgumentException("n = " + n + " is out of range; a k-ary n-cube needs n >= 1");
        }
        long count = 1;
        for (int d = 0; d < n; d++) {
            count *= k;
            if (count > MAX_ROUTERS) {
                throw new IllegalArgumentException("a " + k + "-ary " + n + "-cube has more than " + MAX_ROUTERS
                        + " routers; use a smaller k or n");
            }
        }
        this.k = k;
        this.n = n;
        this.wrap = wrap;
        this.routers = (int) count;
        this.ports = 2 * n + 1;
        this.stride = new int[n];
        int s = 1;
        for (int d = 0; d < n; d++) {
            stride[d] = s;
            s *= k;
        }
        this.neighbor = new int[routers * ports];
        this.neighborPort = new int[routers * ports];
        java.util.Arrays.fill(neighbor, -1);
        java.util.Arrays.fill(neighborPort, -1);
        for (int r = 0; r < routers; r++) {
            for (int d = 0; d < n; d++) {
                int c = (r / stride[d]) % k;
                int plus = r * ports + 2 * d;
                int minus = plus + 1;
                if (c < k - 1) {
                    neighbor[plus] = r + stride[d];
                    neighborPort[plus] = 2 * d + 1;
                } else if (wrap) {
                    neighbor[plus] = r - (k - 1) * stride[d];
                    neighborPort[plus] = 2 * d + 1;
                }
                if (c > 0) {
                    neighbor[minus] = r - stride[d];
                    neighborPort[minus] = 2 * d;
                } else if (wrap) {
                    neighbor[minus] = r + (k - 1) * stride[d];
                    neighborPort[minus] = 2 * d;
                }
            }
        }
    }

    /** Radix k (the same in every dimension). */
    public int k() {
        return k;
    }

    /** True for a torus. */
    public boolean torus() {
        return wrap;
    }

    /** Router id of the given coordinates (c_0 first). */
    public int router(int... coordinates) {
        if (coordinates.length != n) {
            throw new IllegalArgumentException("expected " + n + " coordinates, got " + coordinates.length);
        }
        int r = 0;
        for (int d = 0; d < n; d++) {
            if (coordinates[d] < 0 || coordinates[d] >= k) {
                throw new IllegalArgumentException("coordinate " + coordinates[d] + " of dimension " + d
                        + " is outside 0.." + (k - 1));
            }
            r += coordinates[d] * stride[d];
        }
        return r;
    }

    @Override
    public int dimensions() {
        return n;
    }

    @Override
    public int radix(int dimension) {
        checkDimension(dimension);
        return k;
    }

    @Override
    public boolean wraps(int dimension) {
        checkDimension(dimension);
        return wrap;
    }

    @Override
    public int coordinate(int router, int dimension) {
        return (router / stride[dimension]) % k;
    }

    @Override
    public int nodes() {
        return routers;
    }

    @Override
    public int routers() {
        return routers;
    }

    @Override
    public int ports(int router) {
        return ports;
    }

    @Override
    public int neighbor(int router, int port) {
        return neighbor[router * ports + port];
    }

    @Override
    public int neighborPort(int router, int port) {
        return neighborPort[router * ports + port];
    }

    @Override
    public int terminal(int router, int port) {
        return port == 2 * n ? router : -1;
    }

    @Override
    public int nodeRouter(int node) {
        return node;
    }

    @Override
    public int nodePort(int node) {
        return 2 * n;
    }

    @Override
    public String portLabel(int router, int port) {
        if (port == 2 * n) {
            return "local";
        }
        int d = port / 2;
        String name = d < DIMENSION_NAMES.length ? DIMENSION_NAMES[d] : "d" + d;
        return name + ((port & 1) == 0 ? "+" : "-");
    }

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < n; d++) {
            if (d > 0) {
                sb.append(" x ");
            }
            sb.append(k);
        }
        return sb.append(wrap ? " torus" : " mesh").toString();
    }

    @Override
    public String toString() {
        return describe();
    }

    private void checkDimension(int dimension) {
        if (dimension < 0 || dimension >= n) {
            throw new IndexOutOfBoundsException("dimension " + dimension + " of a " + n + "-dimensional cube");
        }
    }
}
