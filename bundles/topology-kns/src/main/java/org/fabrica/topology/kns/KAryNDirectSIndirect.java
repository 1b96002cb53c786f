package org.fabrica.topology.kns;

import org.fabrica.topology.KnsTopology;

/**
 * A k-ary n-direct s-indirect (KNS) network (docs/studies/osha-sasha.md, "Topologies"): N = k^n
 * node interfaces (routers 0 .. N-1, kind {@link #INTERFACE}, router id = node id) and, per
 * dimension line, an indirect subnetwork of switches (kind {@link #SWITCH}) that follow the
 * interfaces in router ids, dimension by dimension and line by line.
 *
 * <p>Node id = sum of c_d k^d (x fastest, so W = y k + x in 2D). The line of dimension d through a
 * node is numbered by its other coordinates, lowest dimension first:
 * line = (node mod k^d) + (node div k^(d+1)) k^d. Interface port d leads to the subnetwork of that
 * line; interface port n is the terminal port.
 *
 * <p><b>s = 1</b>: S = n k^(n-1) switches of k ports, one per line: the switch of line l of
 * dimension d is router N + d k^(n-1) + l. Interface port d links to port c_d of it; switch port i
 * links to port d of the line's node with coordinate i.
 *
 * <p><b>s &gt; 1</b>: each line's subnetwork is an r-ary s-tree, r = k^(1/s) (k must be a perfect
 * s-th power): s levels of r^(s-1) switches, 2r ports each below the top level and r at the top,
 * wired as {@link org.fabrica.topology.KnsTopology} describes (Petrini and Vanneschi's k-ary n-tree,
 * digit replacement). Switch SW(h, tau) of line l of dimension d is router
 * N + (d k^(n-1) + l) s r^(s-1) + h r^(s-1) + tau, so s = 1 gives the numbering above. Interface
 * port d links to down port c_d mod r of the leaf switch SW(0, c_d div r). S = N n s / r.
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
    private final int s;
    /** Switch arity r = k^(1/s). */
    private final int r;
    /** Switches per level of a line's subnetwork, r^(s-1). */
    private final int perLevel;
    /** Switches per line, s r^(s-1). */
    private final int perLine;
    private final int nodes;
    private final int linesPerDimension;
    private final int switches;
    private final int[] power;
    /** arityPower[i] = r^i, i = 0 .. s. */
    private final int[] arityPower;

    /**
     * A k-ary n-direct 1-indirect network (one k-port switch per line).
     *
     * @param k radix (nodes per line, ports per switch), at least 2
     * @param n dimensions, at least 1
     * @throws IllegalArgumentException when k or n is out of range or the network exceeds {@link #MAX_ROUTERS}
     */
    public KAryNDirectSIndirect(int k, int n) {
        this(k, n, 1);
    }

    /**
     * @param k radix (nodes per line), at least 2; with s &gt; 1 a perfect s-th power r^s, r &gt;= 2
     * @param n dimensions, at least 1
     * @param s stages (levels) of each line's subnetwork, at least 1
     * @throws IllegalArgumentException when k, n or s is out of range, k is not an s-th power, or the
     *         network exceeds {@link #MAX_ROUTERS}
     */
    public KAryNDirectSIndirect(int k, int n, int s) {
        if (k < 2) {
            throw new IllegalArgumentException("kns: k = " + k + " is out of range; a dimension line needs k >= 2 nodes");
        }
        if (n < 1) {
            throw new IllegalArgumentException("kns: n = " + n + " is out of range; a KNS needs n >= 1 dimensions");
        }
        if (s < 1) {
            throw new IllegalArgumentException("kns: s = " + s + " is out of range; a line's subnetwork needs s >= 1 stages");
        }
        this.r = arity(k, s);
        long count = 1;
        for (int d = 0; d < n; d++) {
            count *= k;
            if (count > MAX_ROUTERS) {
                break;
            }
        }
        long lines = count / k;
        long levelSwitches = 1;
        for (int h = 1; h < s; h++) {
            levelSwitches *= r;
        }
        if (count + n * lines * s * levelSwitches > MAX_ROUTERS) {
            throw new IllegalArgumentException("kns: a " + k + "-ary " + n + "-direct " + s + "-indirect network has"
                    + " more than " + MAX_ROUTERS + " routers (interfaces and switches); use a smaller k or n");
        }
        this.k = k;
        this.n = n;
        this.s = s;
        this.nodes = (int) count;
        this.linesPerDimension = (int) lines;
        this.perLevel = (int) levelSwitches;
        this.perLine = s * perLevel;
        this.switches = n * linesPerDimension * perLine;
        this.power = new int[n + 1];
        power[0] = 1;
        for (int d = 1; d <= n; d++) {
            power[d] = power[d - 1] * k;
        }
        this.arityPower = new int[s + 1];
        arityPower[0] = 1;
        for (int h = 1; h <= s; h++) {
            arityPower[h] = arityPower[h - 1] * r;
        }
    }

    /**
     * The switch arity r with r^s = k, or an {@link IllegalArgumentException} naming the nearest k
     * that have one: an r-ary s-tree joins exactly r^s nodes.
     */
    static int arity(int k, int s) {
        if (s == 1) {
            return k;
        }
        int root = (int) Math.floor(Math.pow(k, 1.0 / s));
        // correct the floating-point root: the largest root with root^s <= k
        while (pow(root + 1, s) <= k) {
            root++;
        }
        while (root > 1 && pow(root, s) > k) {
            root--;
        }
        if (root >= 2 && pow(root, s) == k) {
            return root;
        }
        String choices = root >= 2
                ? "k = " + pow(root, s) + " (r = " + root + ") or k = " + pow(root + 1, s) + " (r = " + (root + 1) + ")"
                : "k = " + pow(2, s) + " (r = 2)";
        throw new IllegalArgumentException("kns: with s = " + s + " each dimension line is joined by an r-ary s-tree"
                + " of switches with 2r ports, which has r^s nodes, so k must be a perfect " + ordinal(s)
                + " power r^" + s + " with r >= 2, and k = " + k + " is not; choose " + choices
                + ", or s = 1 (one k-port switch per line)");
    }

    private static long pow(long base, int exponent) {
        long p = 1;
        for (int i = 0; i < exponent; i++) {
            p *= base;
        }
        return p;
    }

    private static String ordinal(int s) {
        return switch (s) {
            case 2 -> "2nd (square)";
            case 3 -> "3rd (cube)";
            default -> s + "th";
        };
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
        return s;
    }

    @Override
    public int switchArity() {
        return r;
    }

    /** Number of switches S = n k^(n-1) s r^(s-1) = N n s / r (n k^(n-1) when s = 1). */
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
        return router < nodes ? -1 : (router - nodes) / perLine / linesPerDimension;
    }

    @Override
    public int switchLevel(int router) {
        return router < nodes ? -1 : (router - nodes) % perLine / perLevel;
    }

    @Override
    public int switchIndex(int router) {
        return router < nodes ? -1 : (router - nodes) % perLevel;
    }

    /** Line (within its dimension) of the subnetwork that switch {@code router} belongs to. */
    private int switchLine(int router) {
        return (router - nodes) / perLine % linesPerDimension;
    }

    @Override
    public int lineSwitch(int dimension, int line) {
        return nodes + (dimension * linesPerDimension + line) * perLine;
    }

    @Override
    public int lineSwitch(int dimension, int line, int level, int index) {
        if (level < 0 || level >= s || index < 0 || index >= perLevel) {
            throw new IllegalArgumentException("SW(" + level + ", " + index + ") is outside levels 0.." + (s - 1)
                    + " and indices 0.." + (perLevel - 1) + " of " + describe());
        }
        return lineSwitch(dimension, line) + level * perLevel + index;
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
        if (router < nodes) {
            return n + 1;
        }
        return switchLevel(router) == s - 1 ? r : 2 * r;
    }

    /** Digit {@code h} of a switch index tau in base r. */
    private int digit(int tau, int h) {
        return tau / arityPower[h] % r;
    }

    /** tau with its base-r digit {@code h} replaced by {@code value}. */
    private int withDigit(int tau, int h, int value) {
        return tau + (value - digit(tau, h)) * arityPower[h];
    }

    @Override
    public int neighbor(int router, int port) {
        if (router < nodes) {
            if (port >= n) {
                return -1;
            }
            return lineSwitch(port, line(router, port), 0, coordinate(router, port) / r);
        }
        int d = switchDimension(router);
        int line = switchLine(router);
        int h = switchLevel(router);
        int tau = switchIndex(router);
        if (port < r) {
            // down: the line's node at level 0, else the child whose digit h-1 is the port
            return h == 0 ? lineNode(d, line, tau * r + port) : lineSwitch(d, line, h - 1, withDigit(tau, h - 1, port));
        }
        // up port P: the parent whose digit h is P
        return lineSwitch(d, line, h + 1, withDigit(tau, h, port - r));
    }

    @Override
    public int neighborPort(int router, int port) {
        if (router < nodes) {
            return port < n ? coordinate(router, port) % r : -1;
        }
        int h = switchLevel(router);
        int tau = switchIndex(router);
        if (port < r) {
            // the child reaches this switch on its up port t_{h-1}; a node on its port d
            return h == 0 ? switchDimension(router) : r + digit(tau, h - 1);
        }
        // the parent receives the link on its down port t_h
        return digit(tau, h);
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

    /**
     * Interfaces: {@code x}, {@code y}, {@code z} (then {@code d3} ...) and {@code node}; switches:
     * down ports {@code x0} .. {@code x(r-1)} (with s = 1, {@code x0} .. {@code x(k-1)}), up ports
     * {@code xu0} .. {@code xu(r-1)}.
     */
    @Override
    public String portLabel(int router, int port) {
        if (router < nodes) {
            return port == n ? "node" : dimensionName(port);
        }
        String name = dimensionName(switchDimension(router));
        return port < r ? name + port : name + "u" + (port - r);
    }

    private static String dimensionName(int d) {
        return d < DIMENSION_NAMES.length ? DIMENSION_NAMES[d] : "d" + d;
    }

    @Override
    public String describe() {
        if (s == 1) {
            return k + "-ary " + n + "-direct 1-indirect KNS (" + nodes + " nodes, " + switches + " switches of " + k
                    + " ports)";
        }
        return k + "-ary " + n + "-direct " + s + "-indirect KNS (" + nodes + " nodes, " + switches + " switches: a "
                + r + "-ary " + s + "-tree of " + perLine + " per line, " + 2 * r + " ports, " + r + " at the top level)";
    }

    @Override
    public String toString() {
        return describe();
    }
}
