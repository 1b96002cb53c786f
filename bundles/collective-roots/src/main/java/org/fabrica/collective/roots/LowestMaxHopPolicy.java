package org.fabrica.collective.roots;

import org.fabrica.collective.RootContext;
import org.fabrica.collective.RootPolicy;

/**
 * {@code lowest-max-hop}: the root whose tree is the shortest, the baseline the Dawning policies are
 * compared with (docs/studies/dawning.md, "Hardware multicast"): the candidate with the lowest
 * {@link RootContext#maxHops}, ties broken by the lowest {@link RootContext#meanHops}, then by the
 * lowest index. Load is ignored; the same group always gets the same root.
 *
 * <p>Relation to OpenSM: its multicast manager (linux-rdma/opensm, {@code opensm/osm_mcast_mgr.c},
 * {@code mcast_mgr_find_optimal_switch}; read in two versions, copyrights to 2007 and to 2011) scans every
 * multicast-capable switch and keeps the one with the smallest maximum of the least hop counts to the
 * group's members; an average-hop variant is compiled only for one vendor interface (ANAFA), although
 * the function's own comment still speaks of the lowest average. It keeps the first switch met on a
 * tie (a strict {@code <} over its switch table, which is ordered by GUID). So the criterion is the
 * same as here; the mean-hop tie break is this policy's own (for a fat tree's top switches it never
 * decides, their mean hops being equal), and the lowest index stands for OpenSM's table order.
 * OpenSM counts switch-to-switch hops plus one to a host, {@code maxHops} counts the routers on the
 * path: for a switch candidate these are the same number.
 */
final class LowestMaxHopPolicy implements RootPolicy {
    @Override
    public int choose(RootContext context) {
        int n = context.candidates().length;
        int best = 0;
        for (int i = 1; i < n; i++) {
            int byMax = Integer.compare(context.maxHops(i), context.maxHops(best));
            if (byMax < 0 || byMax == 0 && Double.compare(context.meanHops(i), context.meanHops(best)) < 0) {
                best = i;
            }
        }
        return best;
    }
}
