package org.fabrica.routing.hyperx;

import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.HyperXTopology;

/**
 * Minimal adaptive routing on a HyperX or flattened butterfly with a dimension-order escape
 * (Duato's protocol; Ahn et al. 2009 route the HyperX minimally adaptively the same way).
 *
 * <p><b>VC classes</b>: class 0 is the escape network, routed by dimension order (0, 1, ...);
 * class 1 is adaptive. <b>Candidates</b>, in order of preference: the direct link of every
 * dimension whose coordinate still differs from the destination's, in class 1, the emptier first
 * by {@link NetworkOccupancy#downstreamFlits(int, int)} of the output (equal occupancies: lower
 * dimension first); last the dimension-order hop in class 0. At the destination router the
 * terminal port is the single candidate (class 0). Every candidate corrects one coordinate, so
 * every path is minimal.
 *
 * <p><b>Deadlock freedom</b> (Duato's condition). The escape sub-function is dimension order, which
 * reaches every destination, and every packet may always request it. An escape hop in dimension d
 * is taken only when every lower dimension is aligned, and it aligns d; no hop misaligns a
 * dimension (each hop aligns one coordinate and leaves the others). So once a packet held an
 * escape channel of dimension d, every escape channel it requests later, directly or after
 * adaptive hops, is of a dimension above d: ranking the escape channels by dimension, the direct
 * and indirect dependencies strictly rise, and the extended channel dependency graph of the escape
 * class has no cycle. One escape class suffices because a HyperX line is fully connected (one hop
 * per dimension, no ring to close). The argument follows one packet's path, so class 1 needs atomic
 * VC allocation ({@link #atomicVcAllocation}): a packet must not wait in an adaptive buffer behind
 * another packet, whose escape channels are not its own.
 *
 * <p>Hot path: route allocates nothing (one instance routes one run, on one thread).
 */
final class HyperXAdaptiveRouting implements RoutingAlgorithm {
    private final HyperXTopology x;
    private final int dims;
    private final int terminals;
    private final int[] port;
    private final int[] held;
    private NetworkOccupancy view;

    HyperXAdaptiveRouting(HyperXTopology x) {
        this.x = x;
        this.dims = x.dimensions();
        this.terminals = x.terminalsPerRouter();
        this.port = new int[dims];
        this.held = new int[dims];
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int dest = packet.destination();
        int target = dest / terminals;
        int count = 0;
        int escape = -1;
        for (int d = 0; d < dims; d++) {
            int from = x.coordinate(router, d);
            int to = x.coordinate(target, d);
            if (from == to) {
                continue;
            }
            int p = x.dimensionPort(d, from, to);
            if (escape < 0) {
                escape = p;
            }
            int flits = view == null ? 0 : view.downstreamFlits(router, p);
            int i = count++;
            while (i > 0 && held[i - 1] > flits) {
                port[i] = port[i - 1];
                held[i] = held[i - 1];
                i--;
            }
            port[i] = p;
            held[i] = flits;
        }
        if (escape < 0) {
            out.add(x.terminalPort(dest % terminals), 0);
            return;
        }
        for (int i = 0; i < count; i++) {
            out.add(port[i], 1);
        }
        out.add(escape, 0);
    }

    @Override
    public int vcClasses() {
        return 2;
    }

    /** The adaptive class 1: the class comment's argument holds only if no packet waits behind another in its buffers. */
    @Override
    public boolean atomicVcAllocation(int vcClass) {
        return vcClass == 1;
    }

    @Override
    public boolean deterministic() {
        return false;
    }

    @Override
    public boolean readsOccupancy() {
        return true;
    }

    @Override
    public void occupancy(NetworkOccupancy occupancy) {
        this.view = occupancy;
    }
}
