package org.fabrica.routing.cube;

import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.CartesianTopology;

/**
 * Two-phase oblivious routing on a k-ary n-cube: dimension order (x first) from the source to an
 * intermediate router, then dimension order to the destination (Dally and Towles, Sec. 9.2).
 *
 * <p><b>Valiant</b>: the intermediate router is uniformly random among all routers (the source's
 * and destination's included). <b>ROMM</b> (Nesson and Johnsson 1995, two-phase form): it is
 * uniformly random in each dimension among the coordinates of the minimal quadrant, the box the
 * minimal paths from source to destination span (along the + way at distance exactly k/2), so the
 * path stays minimal.
 *
 * <p><b>VC classes</b>: phase 1 uses the classes of {@code dor} with the classic dateline relative
 * to the source, phase 2 the same relative to the intermediate router, shifted by that count: on a
 * mesh class 0 then 1, on a torus classes 0-1 then 2-3. Each phase alone is dimension order with
 * datelines, acyclic, and no phase-1 class follows a phase-2 class, so the union is acyclic.
 *
 * <p>The intermediate router is a pure function of (run seed, packet id) through SplitMix64, as
 * in the dragonfly's and HyperX's Valiant; the routing state holds the class of the buffer entered
 * plus 8 once the packet reached the intermediate router (set at that router, so asking again
 * gives the same answer). At the destination the terminal port is the single candidate.
 *
 * <p>Hot path: route allocates nothing.
 */
final class TwoPhaseRouting implements RoutingAlgorithm {
    private static final int SECOND_PHASE = 8;

    private final CubeGeometry g;
    private final boolean quadrant;
    private final long seedHash;
    private final int phaseClasses;

    TwoPhaseRouting(CartesianTopology topology, boolean quadrant, long seed) {
        this.g = new CubeGeometry(topology);
        this.quadrant = quadrant;
        this.seedHash = CubeGeometry.mix(seed ^ (quadrant ? 0x4F1BBCDCBFA53E0BL : 0x1B873593CC9E2D51L));
        this.phaseClasses = g.datelineClasses();
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int destination = packet.destination();
        int source = g.nodeRouter(packet.source());
        int target = g.nodeRouter(destination);
        int mid = intermediate(packet.id(), source, target);
        boolean second = (packet.routingState() & SECOND_PHASE) != 0 || router == mid;
        int hop = second ? g.dorHop(router, mid, target) : g.dorHop(router, source, mid);
        if (hop < 0) {
            packet.routingState(SECOND_PHASE | phaseClasses);
            out.add(g.nodePort(destination), phaseClasses);
            return;
        }
        int vcClass = (hop & 1) + (second ? phaseClasses : 0);
        packet.routingState((second ? SECOND_PHASE : 0) | vcClass);
        out.add(hop >> 1, vcClass);
    }

    /** The intermediate router of packet {@code id}. */
    int intermediate(long id, int source, int target) {
        long bits = CubeGeometry.mix(seedHash ^ CubeGeometry.mix(id * 0x9E3779B97F4A7C15L));
        if (!quadrant) {
            return (int) (((bits >>> 32) * g.routers) >>> 32);
        }
        int mid = 0;
        int stride = 1;
        for (int d = 0; d < g.n; d++) {
            int s = g.coordinate(source, d);
            int t = g.coordinate(target, d);
            int span = g.distance(d, s, t) + 1;
            bits = CubeGeometry.mix(bits + d);
            int offset = (int) (((bits >>> 32) * span) >>> 32);
            int c = s;
            if (offset > 0) {
                boolean plus = g.plusMinimal(d, s, t);
                int k = g.radix[d];
                c = plus ? (s + offset) % k : (s - offset + k) % k;
            }
            mid += c * stride;
            stride *= g.radix[d];
        }
        return mid;
    }

    @Override
    public int vcClasses() {
        return 2 * phaseClasses;
    }

    @Override
    public boolean deterministic() {
        return false;
    }
}
