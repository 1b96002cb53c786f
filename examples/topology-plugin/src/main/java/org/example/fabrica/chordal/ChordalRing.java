package org.example.fabrica.chordal;

import org.fabrica.topology.Topology;

/**
 * A chordal ring: the circulant graph C(k; 1, c). Router i (0 &lt;= i &lt; k) links to i+1 and i-1
 * (the ring) and to i+c and i-c (the chords), all modulo k, and attaches node i. Every router has
 * five ports: 0 the node, 1 {@code ring+}, 2 {@code ring-}, 3 {@code chord+}, 4 {@code chord-};
 * port 1 of router i meets port 2 of router i+1, port 3 of router i meets port 4 of router i+c.
 *
 * <p>With {@code 2 <= c} and {@code 2c < k} the four neighbours of a router are distinct routers,
 * so there are no parallel links and no self loops. Its diameter is about {@code sqrt(k/2)} for a
 * chord near {@code sqrt(k)} (a plain ring's is {@code k/2}) at the cost of one more link per
 * router. Degree-four circulants of this kind (also called double-loop networks) are the classic
 * low-cost alternative to a 2-D torus; every router sees the same network (vertex transitive).
 *
 * <p>Immutable; all queries are arithmetic.
 */
public final class ChordalRing implements Topology {
    /** Port of the node. */
    public static final int NODE = 0;
    /** Port to router i+1. */
    public static final int RING_PLUS = 1;
    /** Port to router i-1. */
    public static final int RING_MINUS = 2;
    /** Port to router i+c. */
    public static final int CHORD_PLUS = 3;
    /** Port to router i-c. */
    public static final int CHORD_MINUS = 4;

    private static final int PORTS = 5;
    private static final String[] LABELS = {"node", "ring+", "ring-", "chord+", "chord-"};

    private final int k;
    private final int c;

    /**
     * @param k routers (and nodes), at least 5
     * @param c chord length, {@code 2 <= c} and {@code 2c < k}
     * @throws IllegalArgumentException naming the parameter and the valid range
     */
    public ChordalRing(int k, int c) {
        if (k < 5) {
            throw new IllegalArgumentException("chordal-ring: k = " + k + " routers is too few; give k >= 5");
        }
        if (c < 2 || 2 * c >= k) {
            throw new IllegalArgumentException("chordal-ring: chord length c = " + c + " must satisfy 2 <= c < k/2 = "
                    + (k / 2.0) + " (c = 1 or c = k - 1 would double a ring link, 2c = k would double a chord);"
                    + " give c between 2 and " + ((k - 1) / 2));
        }
        this.k = k;
        this.c = c;
    }

    /** Number of routers k. */
    public int k() {
        return k;
    }

    /** Chord length c. */
    public int c() {
        return c;
    }

    @Override
    public int nodes() {
        return k;
    }

    @Override
    public int routers() {
        return k;
    }

    @Override
    public int ports(int router) {
        return PORTS;
    }

    @Override
    public int neighbor(int router, int port) {
        return switch (port) {
            case RING_PLUS -> Math.floorMod(router + 1, k);
            case RING_MINUS -> Math.floorMod(router - 1, k);
            case CHORD_PLUS -> Math.floorMod(router + c, k);
            case CHORD_MINUS -> Math.floorMod(router - c, k);
            default -> -1;
        };
    }

    @Override
    public int neighborPort(int router, int port) {
        return switch (port) {
            case RING_PLUS -> RING_MINUS;
            case RING_MINUS -> RING_PLUS;
            case CHORD_PLUS -> CHORD_MINUS;
            case CHORD_MINUS -> CHORD_PLUS;
            default -> -1;
        };
    }

    @Override
    public int terminal(int router, int port) {
        return port == NODE ? router : -1;
    }

    @Override
    public int nodeRouter(int node) {
        return node;
    }

    @Override
    public int nodePort(int node) {
        return NODE;
    }

    @Override
    public String portLabel(int router, int port) {
        return port >= 0 && port < PORTS ? LABELS[port] : "p" + port;
    }

    @Override
    public String describe() {
        return k + "-router chordal ring, chord " + c;
    }
}
