package org.fabrica.routing.dragonfly;

import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;

/**
 * UGAL on a dragonfly (Kim, Dally, Scott and Abts 2008, Sec. 4.2; Singh 2005): at the source router
 * each packet between two groups chooses once between the minimal path and the Valiant path of
 * {@link DragonflyRouting} (the same intermediate router, a pure function of run seed and packet
 * id), by the occupancy of the buffers the two paths' outputs feed ({@link NetworkOccupancy}):
 * minimal when {@code cost_min <= cost_nonmin + threshold}, the costs weighted as
 * {@link UgalWeighting} says.
 *
 * <ul>
 *   <li><b>UGAL-L</b> (local): the queues of the first output of each path at the source router.
 *   <li><b>UGAL-G</b> (global): the queues of the global output of each path at its gateway router
 *       in the source group (the link to the destination group for minimal, to the intermediate
 *       group for Valiant), which may be another router's: the idealised global information of
 *       the paper.
 * </ul>
 * Packets within one group always go minimally.
 *
 * <p><b>The decision is kept</b> in the packet's routing state: {@link #DECIDED} once made,
 * {@link #CHOSE_MINIMAL} when minimal, beside Valiant's {@link DragonflyRouting#PHASE2} bit. The
 * network model may ask route() again for the same hop (look-ahead, retries) after the buffers
 * changed; the answer is that of the kept decision, never a new one.
 *
 * <p><b>VC classes</b>: Valiant's four for both choices. A Valiant packet uses 0 (source-group
 * local hop), 1 (first global hop, local hop to the intermediate router), 2 (local hop to the
 * gateway, second global hop), 3 (destination-group local hop); a minimal packet uses the classes
 * of Valiant's minimal second phase: 0 for the source-group local hop, 2 for the global hop, 3 for
 * the destination-group local hop. Why the union of both is acyclic: classes never decrease along
 * either path, so a cycle would have to stay within one class. Class 0 holds only source-group local
 * channels, each followed by a global channel of class 1 or 2; class 1 a global channel followed by
 * at most one local channel, which leads out of the class; class 2 a local channel followed by a
 * global one (Valiant's phase 2 and nothing else: a minimal packet's class-2 global channel follows a
 * class-0 local one), and a class-2 global channel leads to class 3 or the ejection; class 3 leads
 * only to the ejection. No chain within a class is longer than two channels.
 *
 * <p>Not deterministic; reads the occupancy. Allocation-free.
 */
final class DragonflyUgalRouting implements RoutingAlgorithm {
    /** Routing-state bit: the source router has decided. */
    static final int DECIDED = 2;
    /** Routing-state bit: the decision was the minimal path. */
    static final int CHOSE_MINIMAL = 4;

    private final DragonflyRouting paths;
    private final boolean global;
    private final UgalWeighting weighting;
    private final int threshold;
    private final int p;
    private final int a;
    private NetworkOccupancy occupancy;

    /**
     * @param paths Valiant routing of the dragonfly (its intermediate routers and hops)
     * @param global true for UGAL-G (gateway global outputs), false for UGAL-L (source outputs)
     */
    DragonflyUgalRouting(DragonflyRouting paths, int p, int a, boolean global, UgalWeighting weighting,
            int threshold) {
        this.paths = paths;
        this.p = p;
        this.a = a;
        this.global = global;
        this.weighting = weighting;
        this.threshold = threshold;
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int destRouter = packet.destination() / p;
        int destGroup = destRouter / a;
        int sourceGroup = packet.source() / p / a;
        if (router == destRouter || sourceGroup == destGroup) {
            paths.route(router, inPort, packet, out);
            return;
        }
        int midRouter = paths.intermediateRouter(packet.id(), sourceGroup, destGroup);
        int state = packet.routingState();
        if ((state & DECIDED) == 0) {
            // the first route of the packet: at its source router
            state |= DECIDED | (choosesMinimal(router, destRouter, midRouter) ? CHOSE_MINIMAL : 0);
            packet.routingState(state);
        }
        if ((state & CHOSE_MINIMAL) != 0) {
            paths.minimal(router, destRouter, out);
        } else {
            paths.valiant(router, packet, destRouter, midRouter, out);
        }
    }

    /** The UGAL rule at source router {@code router} (in another group than both other routers'). */
    boolean choosesMinimal(int router, int destRouter, int midRouter) {
        NetworkOccupancy view = occupancy;
        if (view == null) {
            throw new IllegalStateException("UGAL routing reads the network's buffers and was given no NetworkOccupancy;"
                    + " run it on a network model that gives one (network 'flit')");
        }
        int minQueue;
        int nonminQueue;
        if (global) {
            int group = router / a;
            int destGroup = destRouter / a;
            int midGroup = midRouter / a;
            minQueue = view.downstreamFlits(paths.gateway(group, destGroup), paths.gatewayPort(group, destGroup));
            nonminQueue = view.downstreamFlits(paths.gateway(group, midGroup), paths.gatewayPort(group, midGroup));
        } else {
            minQueue = view.downstreamFlits(router, paths.minimalPort(router, destRouter));
            nonminQueue = view.downstreamFlits(router, paths.minimalPort(router, midRouter));
        }
        long minCost;
        long nonminCost;
        if (weighting == UgalWeighting.HOPS) {
            // UGAL: q_m H_m <= q_nm H_nm + T (Kim et al. 2008, Sec. 4.2)
            minCost = (long) minQueue * paths.minimalHops(router, destRouter);
            nonminCost = (long) nonminQueue * (paths.minimalHops(router, midRouter) + paths.minimalHops(midRouter, destRouter));
        } else {
            // BookSim2 ugal_dragonflynew: 1 * min_queue_size <= 2 * nonmin_queue_size + adaptive_threshold
            minCost = minQueue;
            nonminCost = 2L * nonminQueue;
        }
        return minCost <= nonminCost + threshold;
    }

    @Override
    public int vcClasses() {
        return 4;
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
    public void occupancy(NetworkOccupancy view) {
        this.occupancy = view;
    }
}
