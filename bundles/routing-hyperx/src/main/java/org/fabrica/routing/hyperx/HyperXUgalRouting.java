package org.fabrica.routing.hyperx;

import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.HyperXTopology;

/**
 * UGAL on a HyperX or flattened butterfly (Singh 2005; Kim, Dally and Abts 2007, Sec. 3.3): at its
 * source router each packet chooses once between the minimal path (dimension order to the
 * destination) and a Valiant path (dimension order to an intermediate router, then to the
 * destination), by the occupancy of the buffers each path feeds ({@link NetworkOccupancy}).
 *
 * <ul>
 *   <li><b>UGAL-L</b> (local): the queue {@code q} of each path's first output at the source router,
 *       weighted by the path's router hops {@code H}: minimal when
 *       {@code q_min H_min <= q_nonmin H_nonmin + threshold} (the rule of the flattened butterfly
 *       paper and of BookSim2's {@code ugal_flatfly}).
 *   <li><b>UGAL-G</b> (global): the queues of every output along each path, summed, the
 *       idealised global information of Singh's UGAL-G (the path's whole wait as the routers on it
 *       see it): minimal when {@code sum_min <= sum_nonmin + threshold}.
 * </ul>
 * The intermediate router is {@code hyperx-valiant}'s (any router, a pure function of run seed and
 * packet id) or, with {@link HyperXIntermediate#UNALIGNED}, drawn only in the dimensions where the
 * source and destination routers differ (BookSim2's {@code find_ran_intm}). When it is the source's
 * or the destination's router both paths are the same and the packet goes minimally (as it does when
 * both ends share a router).
 *
 * <p><b>The decision is kept</b> in the packet's routing state ({@link #DECIDED}, {@link #MINIMAL},
 * beside the Valiant phase bit {@link #PHASE2}): the network model may ask again for the same hop
 * after the buffers changed, and gets the kept decision.
 *
 * <p><b>VC classes</b>: Valiant's two, one per phase; a minimal packet uses the second phase's
 * (class 1), the ejection included, as BookSim2's {@code ugal_flatfly} puts minimal packets in the
 * upper half of the VCs. Each class alone is dimension order (acyclic, as {@code hyperx-dor}), and
 * no packet goes from class 1 back to class 0, so the union is acyclic.
 *
 * <p>Not deterministic; reads the occupancy. Allocation-free.
 */
final class HyperXUgalRouting implements RoutingAlgorithm {
    /** Routing-state bit: the Valiant packet reached its intermediate router. */
    static final int PHASE2 = 1;
    /** Routing-state bit: the source router has decided. */
    static final int DECIDED = 2;
    /** Routing-state bit: the decision was the minimal path. */
    static final int MINIMAL = 4;

    private final String name;
    private final HyperXTopology x;
    private final boolean global;
    private final HyperXIntermediate intermediate;
    private final int threshold;
    private final long seedHash;
    private final int dims;
    private final int terminals;
    private final int routers;
    private NetworkOccupancy view;

    HyperXUgalRouting(String name, HyperXTopology x, boolean global, HyperXIntermediate intermediate, int threshold,
            long seed) {
        this.name = name;
        this.x = x;
        this.global = global;
        this.intermediate = intermediate;
        this.threshold = threshold;
        this.seedHash = HyperXRouting.mix(seed ^ 0x632BE59BD9B4E019L);
        this.dims = x.dimensions();
        this.terminals = x.terminalsPerRouter();
        this.routers = x.routers();
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int dest = packet.destination();
        int destRouter = dest / terminals;
        int state = packet.routingState();
        if ((state & DECIDED) == 0) {
            // the first route of the packet: at its source router
            int mid = intermediateRouter(packet.id(), router, destRouter);
            boolean minimal = router == destRouter || mid == router || mid == destRouter
                    || choosesMinimal(router, destRouter, mid);
            state |= DECIDED | (minimal ? MINIMAL : 0);
            packet.routingState(state);
        }
        if ((state & (MINIMAL | PHASE2)) == 0) {
            int mid = intermediateRouter(packet.id(), packet.source() / terminals, destRouter);
            if (router != mid) {
                out.add(hop(router, mid), 0);
                return;
            }
            packet.routingState(state | PHASE2);
        }
        out.add(router == destRouter ? x.terminalPort(dest % terminals) : hop(router, destRouter), 1);
    }

    /**
     * The intermediate router of packet {@code id} from {@code source} to {@code destination}
     * (routers): with {@link HyperXIntermediate#ANY}, {@code hyperx-valiant}'s for the same seed.
     */
    int intermediateRouter(long id, int source, int destination) {
        long bits = HyperXRouting.mix(seedHash ^ HyperXRouting.mix(id * 0x9E3779B97F4A7C15L));
        if (intermediate == HyperXIntermediate.ANY) {
            return (int) (((bits >>> 32) * routers) >>> 32);
        }
        int mid = source;
        for (int d = 0; d < dims; d++) {
            int to = x.coordinate(destination, d);
            if (x.coordinate(source, d) != to) {
                bits = HyperXRouting.mix(bits + d);
                mid = x.withCoordinate(mid, d, (int) (((bits >>> 32) * x.width(d)) >>> 32));
            }
        }
        return mid;
    }

    /** The UGAL rule at source router {@code router}, neither of the other two. */
    boolean choosesMinimal(int router, int destRouter, int midRouter) {
        if (view == null) {
            throw new IllegalStateException("routing '" + name + "' reads the network's buffers and was given no"
                    + " NetworkOccupancy; run it on a network model that gives one (network 'flit')");
        }
        long minCost;
        long nonminCost;
        if (global) {
            minCost = pathQueue(router, destRouter);
            nonminCost = pathQueue(router, midRouter) + pathQueue(midRouter, destRouter);
        } else {
            minCost = (long) view.downstreamFlits(router, hop(router, destRouter)) * distance(router, destRouter);
            nonminCost = (long) view.downstreamFlits(router, hop(router, midRouter))
                    * (distance(router, midRouter) + distance(midRouter, destRouter));
        }
        return minCost <= nonminCost + threshold;
    }

    /** Flits queued downstream of every output of the dimension-order path from {@code from} to {@code to}. */
    private long pathQueue(int from, int to) {
        long sum = 0;
        for (int r = from; r != to; ) {
            int port = hop(r, to);
            sum += view.downstreamFlits(r, port);
            r = x.neighbor(r, port);
        }
        return sum;
    }

    /** The dimension-order output from {@code router} toward another router {@code target}. */
    private int hop(int router, int target) {
        for (int d = 0; d < dims; d++) {
            int from = x.coordinate(router, d);
            int to = x.coordinate(target, d);
            if (from != to) {
                return x.dimensionPort(d, from, to);
            }
        }
        throw new IllegalArgumentException("router " + router + " is the target");
    }

    /** Router hops of the shortest path: the coordinates that differ. */
    private int distance(int a, int b) {
        int hops = 0;
        for (int d = 0; d < dims; d++) {
            hops += x.coordinate(a, d) != x.coordinate(b, d) ? 1 : 0;
        }
        return hops;
    }

    @Override
    public int vcClasses() {
        return 2;
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
