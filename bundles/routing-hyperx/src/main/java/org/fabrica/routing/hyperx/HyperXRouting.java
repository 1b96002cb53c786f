package org.fabrica.routing.hyperx;

import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.HyperXTopology;
import org.fabrica.topology.Topology;

/**
 * Dimension-order and Valiant routing on a HyperX or flattened butterfly (Kim, Dally and Abts 2007,
 * Sec. 3; Ahn et al. 2009).
 *
 * <p><b>Dimension order</b>: correct the coordinates in dimension order 0, 1, ..., one hop per
 * differing coordinate (the lines are fully connected): a shortest path. One VC class: a packet on a
 * dimension-d channel asks next for a channel of a higher dimension or the ejection, so the channel
 * dependency graph follows the dimension order and has no cycle.
 *
 * <p><b>Valiant</b>: dimension order to a uniformly random intermediate router (any router of the
 * network, the source's and destination's included), then dimension order to the destination. Two
 * classes, one per phase: each phase alone is dimension order, and phase 1 never follows phase 2.
 * The intermediate router is a pure function of (run seed, packet id) through SplitMix64; the routing
 * state holds one bit, set when the packet reaches it.
 */
final class HyperXRouting implements RoutingAlgorithm {
    private final HyperXTopology x;
    private final boolean valiant;
    private final long seedHash;
    private final int dims;
    private final int terminals;
    private final int routers;

    HyperXRouting(HyperXTopology x, boolean valiant, long seed) {
        this.x = x;
        this.valiant = valiant;
        this.seedHash = mix(seed ^ 0x632BE59BD9B4E019L);
        this.dims = x.dimensions();
        this.terminals = x.terminalsPerRouter();
        this.routers = x.routers();
    }

    static HyperXTopology require(String name, Topology topology) {
        if (!(topology instanceof HyperXTopology x)) {
            throw new IllegalArgumentException("routing '" + name + "' routes HyperX and flattened butterflies"
                    + " (topologies 'hyperx', 'flatfly'), not " + topology.describe() + "; choose one of those"
                    + " topologies or a routing algorithm for this one");
        }
        return x;
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int dest = packet.destination();
        int destRouter = dest / terminals;
        if (!valiant) {
            toward(router, destRouter, dest, 0, out);
            return;
        }
        int state = packet.routingState();
        if (state == 0) {
            long bits = mix(seedHash ^ mix(packet.id() * 0x9E3779B97F4A7C15L));
            int mid = (int) (((bits >>> 32) * routers) >>> 32);
            if (router != mid) {
                toward(router, mid, dest, 0, out);
                return;
            }
            packet.routingState(1);
        }
        toward(router, destRouter, dest, 1, out);
    }

    /** The dimension-order hop from {@code router} toward {@code target}, or the ejection there. */
    private void toward(int router, int target, int dest, int vcClass, RouteCandidates out) {
        for (int d = 0; d < dims; d++) {
            int from = x.coordinate(router, d);
            int to = x.coordinate(target, d);
            if (from != to) {
                out.add(x.dimensionPort(d, from, to), vcClass);
                return;
            }
        }
        out.add(x.terminalPort(dest % terminals), vcClass);
    }

    @Override
    public int vcClasses() {
        return valiant ? 2 : 1;
    }

    @Override
    public boolean deterministic() {
        return !valiant;
    }

    // SplitMix64 finaliser (Steele, Lea, Flood 2014)
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
