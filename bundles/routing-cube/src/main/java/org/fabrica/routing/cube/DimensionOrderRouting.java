package org.fabrica.routing.cube;

import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.CartesianTopology;

/**
 * Dimension-order routing on a k-ary n-cube: the dimensions are corrected one after the other
 * in a fixed order, each along the minimal direction of its ring (distance exactly k/2: see
 * {@link TieBreak}); at the destination router the single candidate is the destination's terminal
 * port. VC classes follow a {@link DatelineScheme}.
 *
 * <p>Why the class is computed, not accumulated: {@link #route} may run more than once for the
 * same packet at the same router (look-ahead by the queuing scheme, retries while blocked), so it
 * must not count a dateline twice. Under dimension-order routing the path so far is a function of
 * the header alone: every dimension before the current one ran from the source's coordinate to
 * the destination's, and the current one runs from the source's coordinate to the next router.
 * The class of the hop being taken is therefore derived from (router, source, destination, packet
 * id for ties); calling route twice gives the same answer. The class is also written to
 * {@link PacketView#routingState()} (the class of the buffer the packet enters) for other
 * components to read; route never reads it, so state left by another algorithm after a swap
 * cannot mislead it.
 *
 * <p>Hot path: route allocates nothing; the topology is copied into arrays at construction.
 */
final class DimensionOrderRouting implements RoutingAlgorithm {
    private static final int CLASSIC = 0;
    private static final int TWO_PER_RING = 1;
    private static final int WRAP_AWARE = 2;

    private final int n;
    private final String name;
    /** Per virtual network, the dimensions in the order they are corrected. */
    private final int[][] orders;
    private final int[] radix;
    private final boolean[] wraps;
    private final int[] coordinates;
    private final int[] nodeRouter;
    private final int[] nodePort;
    private final int scheme;
    private final boolean hashTies;
    private final int vcClasses;
    private final boolean deterministic;

    /**
     * @param order the dimensions in the order they are corrected
     * @throws IllegalArgumentException when the scheme cannot apply to the topology
     */
    DimensionOrderRouting(String name, CartesianTopology topology, int[] order, DatelineScheme dateline,
            TieBreak tie) {
        this(name, topology, new int[][] {order}, dateline, tie);
    }

    /**
     * @param orders per virtual network of the packet ({@code PacketView.virtualNetwork}), the
     *        dimensions in the order they are corrected
     */
    DimensionOrderRouting(String name, CartesianTopology topology, int[][] orders, DatelineScheme dateline,
            TieBreak tie) {
        this.n = topology.dimensions();
        this.name = name;
        for (int[] order : orders) {
            if (order.length != n) {
                throw new IllegalArgumentException(name + ": dimension order has " + order.length
                        + " entries for a " + n + "-dimensional topology");
            }
        }
        this.orders = new int[orders.length][];
        for (int i = 0; i < orders.length; i++) {
            this.orders[i] = orders[i].clone();
        }
        this.radix = new int[n];
        this.wraps = new boolean[n];
        int wrapping = 0;
        boolean evenRing = false;
        for (int d = 0; d < n; d++) {
            radix[d] = topology.radix(d);
            wraps[d] = topology.wraps(d);
            if (wraps[d]) {
                wrapping++;
                evenRing |= radix[d] % 2 == 0;
                if (dateline == DatelineScheme.TWO_PER_RING && radix[d] % 2 != 0) {
                    throw new IllegalArgumentException(name + ": dateline 'two-per-ring' places a dateline between k/2-1"
                            + " and k/2 and needs an even radix, but dimension " + d + " of "
                            + topology.describe() + " has k = " + radix[d] + "; use an even k or dateline 'classic'");
                }
            }
        }
        int routers = topology.routers();
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
        this.scheme = switch (dateline) {
            case CLASSIC -> CLASSIC;
            case TWO_PER_RING -> TWO_PER_RING;
            case WRAP_AWARE -> WRAP_AWARE;
        };
        this.hashTies = tie == TieBreak.PACKET_HASH;
        if (wrapping == 0) {
            this.vcClasses = 1;
        } else if (scheme == TWO_PER_RING) {
            // at most one dateline per wrapping dimension on a minimal path
            this.vcClasses = 1 + wrapping;
        } else {
            this.vcClasses = 2;
        }
        this.deterministic = !(hashTies && evenRing);
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int destination = packet.destination();
        int sourceBase = nodeRouter[packet.source()] * n;
        int destinationBase = nodeRouter[destination] * n;
        int routerBase = router * n;
        long tieBits = hashTies ? mix(packet.id()) : -1L;
        int network = packet.virtualNetwork();
        if (network >= orders.length) {
            throw new IllegalStateException(name + " routes " + orders.length + " virtual network"
                    + (orders.length == 1 ? "" : "s") + " (0 .. " + (orders.length - 1) + "), but packet " + packet.id()
                    + " is in network " + network + "; use a queuing scheme with at most " + orders.length);
        }
        int[] order = orders[network];
        int crossedBefore = 0;
        int lastDimensionClass = 0;
        for (int i = 0; i < n; i++) {
            int d = order[i];
            int k = radix[d];
            int s = coordinates[sourceBase + d];
            int c = coordinates[routerBase + d];
            int t = coordinates[destinationBase + d];
            if (c != t) {
                boolean plus = plus(d, c, t, tieBits);
                int vcClass;
                if (scheme == WRAP_AWARE) {
                    vcClass = crossings(d, s, hops(s, t, plus, k), plus);
                } else {
                    int next = plus ? (c == k - 1 ? 0 : c + 1) : (c == 0 ? k - 1 : c - 1);
                    vcClass = crossings(d, s, hops(s, next, plus, k), plus);
                    if (scheme == TWO_PER_RING) {
                        vcClass += crossedBefore;
                    }
                }
                // only a packet moved off its dimension-order path (e.g. by another algorithm
                // before a swap) could count more; keep the answer in range
                vcClass = Math.min(vcClass, vcClasses - 1);
                packet.routingState(vcClass);
                out.add(plus ? 2 * d : 2 * d + 1, vcClass);
                return;
            }
            if (s != t) {
                boolean plus = plus(d, s, t, tieBits);
                int crossed = crossings(d, s, hops(s, t, plus, k), plus);
                crossedBefore += crossed;
                lastDimensionClass = crossed;
            }
        }
        int vcClass = Math.min(scheme == TWO_PER_RING ? crossedBefore : lastDimensionClass, vcClasses - 1);
        packet.routingState(vcClass);
        out.add(nodePort[destination], vcClass);
    }

    /** Minimal direction from c to t in dimension d; distance exactly k/2 breaks by the tie rule. */
    private boolean plus(int d, int c, int t, long tieBits) {
        if (!wraps[d]) {
            return t > c;
        }
        int k = radix[d];
        int delta = t - c;
        if (delta < 0) {
            delta += k;
        }
        int twice = 2 * delta;
        return twice < k || (twice == k && ((tieBits >>> d) & 1L) != 0);
    }

    private static int hops(int from, int to, boolean plus, int k) {
        int h = plus ? to - from : from - to;
        return h < 0 ? h + k : h;
    }

    /**
     * Datelines crossed by the first {@code hops} links leaving coordinate {@code from} in the given
     * direction. The + link from p crosses a dateline when p = k-1 (wrap) or, with two per ring,
     * p = k/2-1; the - link from p when p = 0 (wrap) or p = k/2.
     */
    private int crossings(int d, int from, int hops, boolean plus) {
        if (!wraps[d] || hops == 0) {
            return 0;
        }
        int k = radix[d];
        int count;
        if (plus) {
            count = within(k - 1 - from, k, hops);
            if (scheme == TWO_PER_RING) {
                count += within(k / 2 - 1 - from, k, hops);
            }
        } else {
            count = within(from, k, hops);
            if (scheme == TWO_PER_RING) {
                count += within(from - k / 2, k, hops);
            }
        }
        return count;
    }

    /** 1 when the link at offset (mod k) is among the first {@code hops} links of the path. */
    private static int within(int offset, int k, int hops) {
        if (offset < 0) {
            offset += k;
        }
        return offset < hops ? 1 : 0;
    }

    // SplitMix64 finaliser: well-spread bits from consecutive packet ids
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public int vcClasses() {
        return vcClasses;
    }

    @Override
    public boolean deterministic() {
        return deterministic;
    }
}
