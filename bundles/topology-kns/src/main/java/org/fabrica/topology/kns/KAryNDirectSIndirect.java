package org.fabrica.topology.kns;

import org.fabrica.topology.KnsTopology;

/**
 * A k-ary n-direct 1-indirect (KNS) network (docs/studies/osha-sasha.md, "Topologies"): N = k^n
 * node interfaces (routers 0 .. N-1, kind {@link #INTERFACE}, router id = node id) and
 * S = n k^(n-1) switches of k ports (routers N .. N+S-1, kind {@link #SWITCH}), one per dimension
 * line: the switch of line l of dimension d is router N + d k^(n-1) + l.
 *
 * <p>Node id = sum of c_d k^d (x fastest, so W = y k + x in 2D). The line of dimension d through a
 * node is numbered by its other coordinates, lowest dimension first:
 * line = (node mod k^d) + (node div k^(d+1)) k^d. Interface port d links to port c_d of the switch
 * of that line; interface port n is the terminal port. Switch port i links to port d of the line's
 * node with coordinate i.
 *
 * <p>Immutable; every query is arithmetic (no tables), so the 13,824-node 3D configuration costs
 * nothing to describe.
 */
public final class KAryNDirectSIndirect implements KnsTopology {
    /** Largest number of routers accepted (interfaces plus switches). */
    public static final int MAX_ROUTERS = 1 << 22;

    private static final String[] DIMENSION_NAMES = {"x", "y", "z"};

    private final int k;
    private final int n;
    private final int nodes;
    private final int linesPerDimension;
    private final int switches;
    private final int[] power;

    /**
     * @param k radix (nodes per line, ports per switch), at least 2
     * @param n dimensions, at least 1
     * @throws IllegalArgumentException when k or n is out of range or the network exceeds {@link #MAX_ROUTERS}
     */
    public KAryNDirectSIndirect(int k, int n) {
        if (k < 2) {
            throw new IllegalArgumentException("kns: k = " + k + " is out of range; a dimension line needs k >= 2 nodes");
        }
        if (n < 1) {
            throw new IllegalArgumentException("kns: n = " + n + " is out of range; a KNS needs n >= 1 dimensions");
        }
        long count = 1;
        for (int d = 0; d < n; d++) {
            count *= k;
            if (count > MAX_ROUTERS) {
                break;
            }
        }
        long lines = count / k;
        if (count + n * lines > MAX_ROUTERS) {
            throw new IllegalArgumentException("kns: a " + k + "-ary " + n + "-direct network has more than "
                    + MAX_ROUTERS + " routers (interfaces and switches); use a smaller k or n");
        }
        this.k = k;
        this.n = n;
        this.nodes = (int) count;
        this.linesPerDimension = (int) lines;
        this.switches = n * linesPerDimension;
        this.power = new int[n + 1];
        power[0] = 1;
        for (int d = 1; d <= n; d++) {
            power[d] = power[d - 1] * k;
        }
    }

    @Override
    public int radix() {
        return k;
    }

    @Override
    public int dimensions() {
        return n;
    }

    @Override
    public int indirectStages() {
        return 1;
    }

    /** Number of switches S = n k^(n-1). */
    public int switches() {
        return switches;
    }

    @Override
    public int coordinate(int node, int dimension) {
        return (node / power[dimension]) % k;
    }

    @Override
    public int node(int... coordinates) {
        if (coordinates.length != n) {
            throw new IllegalArgumentException("expected " + n + " coordinates, got " + coordinates.length);
        }
        int node = 0;
        for (int d = 0; d < n; d++) {
            if (coordinates[d] < 0 || coordinates[d] >= k) {
                throw new IllegalArgumentException("coordinate " + coordinates[d] + " of dimension " + d
                        + " is outside 0.." + (k - 1));
            }
            node += coordinates[d] * power[d];
        }
        return node;
    }

    @Override
    public int line(int node, int dimension) {
        return node % power[dimension] + node / power[dimension + 1] * power[dimension];
    }

    /** Node of line {@code line} of {@code dimension} with coordinate {@code coordinate} in that dimension. */
    public int lineNode(int dimension, int line, int coordinate) {
        return line % power[dimension] + coordinate * power[dimension] + line / power[dimension] * power[dimension + 1];
    }

    @Override
    public int interfaceNode(int router) {
        return router < nodes ? router : -1;
    }

    @Override
    public int switchDimension(int router) {
        return router < nodes ? -1 : (router - nodes) / linesPerDimension;
    }

    @Override
    public int lineSwitch(int dimension, int line) {
        return nodes + dimension * linesPerDimension + line;
    }

    @Override
    public int nodes() {
        return nodes;
    }

    @Override
    public int routers() {
        return nodes + switches;
    }

    @Override
    public int ports(int router) {
        return router < nodes ? n + 1 : k;
    }

    @Override
    public int neighbor(int router, int port) {
        if (router < nodes) {
            return port < n ? lineSwitch(port, line(router, port)) : -1;
        }
        int d = (router - nodes) / linesPerDimension;
        return lineNode(d, (router - nodes) % linesPerDimension, port);
    }

    @Override
    public int neighborPort(int router, int port) {
        if (router < nodes) {
            return port < n ? coordinate(router, port) : -1;
        }
        return (router - nodes) / linesPerDimension;
    }

    @Override
    public int terminal(int router, int port) {
        return router < nodes && port == n ? router : -1;
    }

    @Override
    public int nodeRouter(int node) {
        return node;
    }

    @Override
    public int nodePort(int node) {
        return n;
    }

    @Override
    public String routerKind(int router) {
        return router < nodes ? INTERFACE : SWITCH;
    }

    /** Interfaces: {@code x}, {@code y}, {@code z} (then {@code d3} ...) and {@code node}; switches: {@code x0} .. {@code x(k-1)}. */
    @Override
    public String portLabel(int router, int port) {
        if (router < nodes) {
            return port == n ? "node" : dimensionName(port);
        }
        return dimensionName((router - nodes) / linesPerDimension) + port;
    }

    private static String dimensionName(int d) {
        return d < DIMENSION_NAMES.length ? DIMENSION_NAMES[d] : "d" + d;
    }

    @Override
    public String describe() {
        return k + "-ary " + n + "-direct 1-indirect KNS (" + nodes + " nodes, " + switches + " switches of " + k
                + " ports)";
    }

    @Override
    public String toString() {
        return describe();
    }
}
