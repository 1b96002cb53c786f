package org.fabrica.topology.hyperx;

import java.util.Arrays;
import org.fabrica.topology.HyperXTopology;

/**
 * A HyperX of L dimensions of widths S_0 .. S_{L-1} with T terminals per router, numbered as
 * {@link HyperXTopology} says: router = sum c_d prod_{e&lt;d} S_e; node = router T + t; ports of
 * dimension d from offset_d = sum_{e&lt;d} (S_e - 1), port offset_d + j leading to coordinate j
 * (j &lt; own coordinate) or j + 1 (otherwise); terminal ports after the network ports.
 * One link per pair of routers of a line (no trunking, K = 1 in Ahn et al.'s notation).
 *
 * <p>Immutable; every query is arithmetic.
 */
public final class HyperX implements HyperXTopology {
    /** Largest number of routers accepted. */
    public static final int MAX_ROUTERS = 1 << 22;

    private final String name;
    private final int[] widths;
    private final int terminals;
    private final int[] stride;
    private final int[] offset;
    private final int routers;
    private final int networkPorts;

    /**
     * @param name provider name for messages ({@code hyperx}, {@code flatfly})
     * @param widths S_d of every dimension, each at least 2
     * @param terminals T, at least 1
     */
    public HyperX(String name, int[] widths, int terminals) {
        if (widths.length < 1) {
            throw new IllegalArgumentException(name + ": 'widths' is empty; give one width S_d >= 2 per dimension, e.g."
                    + " [4, 4]");
        }
        long count = 1;
        for (int d = 0; d < widths.length; d++) {
            if (widths[d] < 2) {
                throw new IllegalArgumentException(name + ": width " + widths[d] + " of dimension " + d + " in "
                        + Arrays.toString(widths) + " is out of range; every dimension needs at least 2 routers");
            }
            count *= widths[d];
            if (count > MAX_ROUTERS) {
                throw new IllegalArgumentException(name + ": " + Arrays.toString(widths) + " is more than " + MAX_ROUTERS
                        + " routers; use fewer or narrower dimensions");
            }
        }
        if (terminals < 1) {
            throw new IllegalArgumentException(name + ": " + terminals + " terminals per router is out of range; use"
                    + " at least 1");
        }
        if (count * terminals > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + ": " + count + " routers of " + terminals + " terminals are too"
                    + " many nodes; use fewer terminals or routers");
        }
        this.name = name;
        this.widths = widths.clone();
        this.terminals = terminals;
        this.routers = (int) count;
        this.stride = new int[widths.length];
        this.offset = new int[widths.length];
        int s = 1;
        int o = 0;
        for (int d = 0; d < widths.length; d++) {
            stride[d] = s;
            offset[d] = o;
            s *= widths[d];
            o += widths[d] - 1;
        }
        this.networkPorts = o;
    }

    @Override
    public int dimensions() {
        return widths.length;
    }

    @Override
    public int width(int dimension) {
        return widths[dimension];
    }

    @Override
    public int terminalsPerRouter() {
        return terminals;
    }

    @Override
    public int coordinate(int router, int dimension) {
        return router / stride[dimension] % widths[dimension];
    }

    @Override
    public int dimensionPort(int dimension, int from, int to) {
        if (from == to) {
            throw new IllegalArgumentException("coordinate " + from + " has no port to itself in dimension " + dimension);
        }
        return offset[dimension] + (to < from ? to : to - 1);
    }

    @Override
    public int terminalPort(int t) {
        return networkPorts + t;
    }

    @Override
    public int withCoordinate(int router, int dimension, int coordinate) {
        return router + (coordinate - coordinate(router, dimension)) * stride[dimension];
    }

    /** Dimension of network port {@code port}, or -1 for a terminal port. */
    public int portDimension(int port) {
        if (port >= networkPorts) {
            return -1;
        }
        int d = widths.length - 1;
        while (offset[d] > port) {
            d--;
        }
        return d;
    }

    @Override
    public int nodes() {
        return routers * terminals;
    }

    @Override
    public int routers() {
        return routers;
    }

    @Override
    public int ports(int router) {
        return networkPorts + terminals;
    }

    @Override
    public int neighbor(int router, int port) {
        int d = portDimension(port);
        if (d < 0) {
            return -1;
        }
        int j = port - offset[d];
        int own = coordinate(router, d);
        return withCoordinate(router, d, j < own ? j : j + 1);
    }

    @Override
    public int neighborPort(int router, int port) {
        int d = portDimension(port);
        if (d < 0) {
            return -1;
        }
        int j = port - offset[d];
        int own = coordinate(router, d);
        return dimensionPort(d, j < own ? j : j + 1, own);
    }

    @Override
    public int terminal(int router, int port) {
        int t = port - networkPorts;
        return t >= 0 && t < terminals ? router * terminals + t : -1;
    }

    @Override
    public int nodeRouter(int node) {
        return node / terminals;
    }

    @Override
    public int nodePort(int node) {
        return terminalPort(node % terminals);
    }

    /** {@code d<dimension>=<coordinate>} to the router of that coordinate, {@code t<i>} terminal i. */
    @Override
    public String portLabel(int router, int port) {
        int d = portDimension(port);
        if (d < 0) {
            return "t" + (port - networkPorts);
        }
        int j = port - offset[d];
        return "d" + d + "=" + (j < coordinate(router, d) ? j : j + 1);
    }

    @Override
    public String describe() {
        StringBuilder shape = new StringBuilder();
        for (int d = 0; d < widths.length; d++) {
            shape.append(d == 0 ? "" : " x ").append(widths[d]);
        }
        String kind = name.equals("flatfly") ? widths[0] + "-ary " + (widths.length + 1) + "-flat flattened butterfly ("
                : "HyperX " + shape + " (";
        return kind + nodes() + " nodes, " + routers + " routers of " + (networkPorts + terminals) + " ports, " + terminals
                + " terminals each)";
    }

    @Override
    public String toString() {
        return describe();
    }
}
