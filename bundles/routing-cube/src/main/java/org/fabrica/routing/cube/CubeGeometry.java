package org.fabrica.routing.cube;

import org.fabrica.topology.CartesianTopology;

/**
 * The coordinates of a k-ary n-cube copied into arrays, and the dimension-order hop with the
 * classic dateline class that the adaptive and two-phase algorithms of this bundle share. Ports
 * follow {@link CartesianTopology}: {@code 2d} is the + link of dimension d, {@code 2d+1} the -
 * link. Directions at distance exactly k/2 are +, so a hop is a function of the routers alone.
 *
 * <p>Hot path: nothing here allocates.
 */
final class CubeGeometry {
    final int n;
    final int routers;
    final int[] radix;
    final boolean[] wraps;
    final int wrapping;
    private final int[] coordinates;
    private final int[] nodeRouter;
    private final int[] nodePort;

    CubeGeometry(CartesianTopology topology) {
        this.n = topology.dimensions();
        this.routers = topology.routers();
        this.radix = new int[n];
        this.wraps = new boolean[n];
        int w = 0;
        for (int d = 0; d < n; d++) {
            radix[d] = topology.radix(d);
            wraps[d] = topology.wraps(d);
            if (wraps[d]) {
                w++;
            }
        }
        this.wrapping = w;
        this.coordinates = new int[routers * n];
        for (int r = 0; r < routers; r++) {
            for (int d = 0; d < n; d++) {
                coordinates[r * n + d] = topology.coordinate(r, d);
            }
        }
        int nodes = topology.nodes();
        this.nodeRouter = new int[nodes];
        this.nodePort = new int[nodes];
        for (int node = 0; node < nodes; node++) {
            nodeRouter[node] = topology.nodeRouter(node);
            nodePort[node] = topology.nodePort(node);
        }
    }

    /** Dateline classes a dimension-order phase needs: 2 when some ring wraps, else 1. */
    int datelineClasses() {
        return wrapping == 0 ? 1 : 2;
    }

    int coordinate(int router, int d) {
        return coordinates[router * n + d];
    }

    int nodeRouter(int node) {
        return nodeRouter[node];
    }

    int nodePort(int node) {
        return nodePort[node];
    }

    /** Router at the given coordinates (dimension 0 varying fastest, as {@code KAryNCube} numbers them). */
    int router(int[] coordinate) {
        int r = 0;
        for (int d = n - 1; d >= 0; d--) {
            r = r * radix[d] + coordinate[d];
        }
        return r;
    }

    /** Hops from c to t in dimension d along its minimal direction. */
    int distance(int d, int c, int t) {
        int delta = Math.abs(t - c);
        return wraps[d] ? Math.min(delta, radix[d] - delta) : delta;
    }

    /** True when the + way from c to t in dimension d is minimal (both ways are at distance k/2). */
    boolean plusMinimal(int d, int c, int t) {
        if (!wraps[d]) {
            return t > c;
        }
        int delta = t - c;
        if (delta < 0) {
            delta += radix[d];
        }
        return 2 * delta <= radix[d];
    }

    /** True when the - way from c to t in dimension d is minimal. */
    boolean minusMinimal(int d, int c, int t) {
        if (!wraps[d]) {
            return t < c;
        }
        int delta = c - t;
        if (delta < 0) {
            delta += radix[d];
        }
        return 2 * delta <= radix[d];
    }

    /** The coordinate one hop from c in dimension d. */
    int step(int d, int c, boolean plus) {
        int k = radix[d];
        return plus ? (c == k - 1 ? 0 : c + 1) : (c == 0 ? k - 1 : c - 1);
    }

    /**
     * The dimension-order hop (x first) from {@code router} toward {@code target} of a phase that
     * started at {@code start}, as {@code port * 2 + class} with the classic dateline class (0
     * until the wrap link of the current dimension is crossed, 1 from the crossing hop on), or -1
     * when {@code router} is {@code target}. The phase's path so far in the current dimension runs
     * from the start's coordinate to the router's along the minimal direction (true of a
     * dimension-order phase and of a minimal adaptive path, whose direction in a dimension never
     * changes once it moved there), so the class is a function of the three routers.
     */
    int dorHop(int router, int start, int target) {
        for (int d = 0; d < n; d++) {
            int c = coordinate(router, d);
            int t = coordinate(target, d);
            if (c != t) {
                boolean plus = plusMinimal(d, c, t);
                int vcClass = 0;
                if (wraps[d]) {
                    int s = coordinate(start, d);
                    int k = radix[d];
                    int next = step(d, c, plus);
                    int hops = plus ? next - s : s - next;
                    if (hops < 0) {
                        hops += k;
                    }
                    // the + link from k-1 and the - link from 0 carry the dateline
                    int offset = plus ? k - 1 - s : s;
                    vcClass = offset < hops ? 1 : 0;
                }
                return (plus ? 2 * d : 2 * d + 1) * 2 + vcClass;
            }
        }
        return -1;
    }

    // SplitMix64 finaliser (Steele, Lea, Flood 2014)
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
