package org.fabrica.routing.cube;

import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.CartesianTopology;

/**
 * Minimal adaptive routing on a k-ary n-cube with Duato's protocol (Duato 1993; Dally and Towles,
 * Sec. 14.3): the VCs are split into an escape network routed by dimension order and an adaptive
 * network on which a packet may take any minimal direction.
 *
 * <p><b>VC classes.</b> On a mesh class 0 is the escape (dimension order, x first) and class 1
 * the adaptive class: 2 classes. On a torus (some ring wraps) classes 0 and 1 are the escape with
 * the classic dateline of {@code dor} (class 0 in a dimension until the hop that crosses its wrap
 * link, class 1 from that hop on; the class restarts at 0 in the next dimension) and class 2 is
 * adaptive: 3 classes.
 *
 * <p><b>Candidates</b>, in order of preference (the flit model requests them all and its VC
 * allocator favours earlier ones): first the adaptive class on every minimal direction (one per
 * unaligned dimension, two for a torus dimension at distance exactly k/2), the emptier first by
 * {@link NetworkOccupancy#downstreamFlits(int, int)} of the output; equal occupancies keep
 * dimension order (dimension 0 first) and + before -. Last the escape candidate: the
 * dimension-order hop in its dateline class. At the destination router the terminal port is the
 * single candidate (class 0).
 *
 * <p><b>Deadlock freedom</b> (Duato's condition: a connected escape sub-function whose extended
 * channel dependency graph is acyclic). Every packet can always request its escape channel, which
 * is connected since dimension order reaches every destination. Rank the escape channels by
 * (dimension, dateline class, progress along the dimension's minimal direction from the wrap
 * link). Along any packet's path this rank strictly rises from one escape channel to the next,
 * whatever adaptive hops come between: an escape hop in dimension d is taken only when every lower
 * dimension is aligned, and minimal hops never misalign a dimension; hops in other dimensions leave
 * the coordinate in d unchanged; hops in d keep one direction (the tie at k/2 exists only before
 * the first hop in d) and only move forward; and the dateline class of an escape hop is a function
 * of the source's, router's and destination's coordinates in d ({@link CubeGeometry#dorHop}), never
 * falling back from 1 to 0 within a dimension. So the escape channels' direct and indirect
 * dependencies follow the rank and have no cycle. Class 0 of a torus ring never holds its wrap
 * link's buffer and class 1 only follows it, as for {@code dor}.
 *
 * <p>The argument follows one packet's path, so it needs atomic allocation of the adaptive class
 * ({@link #atomicVcAllocation}): under wormhole a packet granted an adaptive VC whose buffer still
 * holds another packet would wait for that packet, whose escape channels are not its own, and the
 * escape channels of different packets would come to depend on each other through the adaptive
 * buffer (without it an 8 x 8 mesh deadlocks past saturation within a few thousand cycles:
 * {@code AdaptiveCubeRoutingRunTest} in network-flit).
 *
 * <p>With {@code escape: sticky} a packet that holds an escape VC ({@link PacketView#arrivalClass()})
 * is offered its escape hop alone, to its destination, as BookSim2's {@code min_adapt} does, and the
 * adaptive class is allocated as every other (not atomically). Then no escape channel ever waits on
 * an adaptive buffer, but a packet granted an adaptive VC behind another packet is committed to it,
 * and a cycle of such grants among adaptive channels alone can form: under wormhole the variant is
 * not deadlock-free past saturation (docs/model-reference.md, section 13a, with the cycle measured);
 * under virtual cut-through it is, as a granted packet has room for all its flits. It exists to
 * compare with BookSim2 (section 15e), where it agrees within 1% below saturation.
 *
 * <p>Hot path: route allocates nothing (the candidate sort uses arrays made at construction; one
 * instance routes one run, on one thread).
 */
final class MinimalAdaptiveRouting implements RoutingAlgorithm {
    private final CubeGeometry g;
    private final int adaptiveClass;
    /** A packet on the escape network stays there ({@code escape: sticky}). */
    private final boolean sticky;
    private final int[] port;
    private final int[] held;
    private NetworkOccupancy view;

    MinimalAdaptiveRouting(CartesianTopology topology, boolean sticky) {
        this.g = new CubeGeometry(topology);
        this.sticky = sticky;
        this.adaptiveClass = g.datelineClasses();
        this.port = new int[2 * g.n];
        this.held = new int[2 * g.n];
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int destination = packet.destination();
        int target = g.nodeRouter(destination);
        if (router == target) {
            packet.routingState(0);
            out.add(g.nodePort(destination), 0);
            return;
        }
        int escape = g.dorHop(router, g.nodeRouter(packet.source()), target);
        packet.routingState(escape & 1);
        int arrived = sticky ? packet.arrivalClass() : -1;
        if (arrived >= 0 && arrived < adaptiveClass) { // on the escape network: it stays there
            out.add(escape >> 1, escape & 1);
            return;
        }
        int count = 0;
        for (int d = 0; d < g.n; d++) {
            int c = g.coordinate(router, d);
            int t = g.coordinate(target, d);
            if (c == t) {
                continue;
            }
            if (g.plusMinimal(d, c, t)) {
                count = insert(router, 2 * d, count);
            }
            if (g.minusMinimal(d, c, t)) {
                count = insert(router, 2 * d + 1, count);
            }
        }
        for (int i = 0; i < count; i++) {
            out.add(port[i], adaptiveClass);
        }
        out.add(escape >> 1, escape & 1);
    }

    /** Inserts output {@code p} among the first {@code count} by occupancy, after equal ones. */
    private int insert(int router, int p, int count) {
        int flits = view == null ? 0 : view.downstreamFlits(router, p);
        int i = count;
        while (i > 0 && held[i - 1] > flits) {
            port[i] = port[i - 1];
            held[i] = held[i - 1];
            i--;
        }
        port[i] = p;
        held[i] = flits;
        return count + 1;
    }

    @Override
    public int vcClasses() {
        return adaptiveClass + 1;
    }

    /** The adaptive class: the class comment's argument holds only if no packet waits behind another in its buffers. */
    @Override
    public boolean atomicVcAllocation(int vcClass) {
        return !sticky && vcClass == adaptiveClass;
    }

    /** With {@code escape: sticky}: whether the packet holds an escape VC. */
    @Override
    public boolean readsArrivalClass() {
        return sticky;
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
