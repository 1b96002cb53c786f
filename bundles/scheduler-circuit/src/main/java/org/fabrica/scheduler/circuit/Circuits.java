package org.fabrica.scheduler.circuit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.RequestOutcome;
import org.fabrica.scheduler.RequestStatus;
import org.fabrica.scheduler.Round;
import org.fabrica.scheduler.RoundOrder;
import org.fabrica.scheduler.Route;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.Transaction;
import org.fabrica.scheduler.Transfer;
import org.fabrica.topology.TreeTopology;

/**
 * The connection requests of one plan call in primitive arrays, with their state while a
 * scheduler works on them and their outcome: per request the leaf switches sigma_0 and delta_0,
 * the common-ancestor level H, the upper ports P_0 .. P_{H-1} chosen so far, and the status.
 */
final class Circuits {
    final TreeTopology tree;
    final int count;
    final int[] sourceLeaf;
    final int[] destinationLeaf;
    /** H per request. */
    final int[] levels;
    /** P_h of request k at ports[k * stride + h]. */
    final int[] ports;
    final int stride;
    /** null while undecided. */
    final RequestStatus[] status;
    final int[] failedLevel;

    Circuits(TreeTopology tree, int[] sources, int[] destinations) {
        this.tree = tree;
        this.count = sources.length;
        this.stride = Math.max(1, tree.levels() - 1);
        sourceLeaf = new int[count];
        destinationLeaf = new int[count];
        levels = new int[count];
        ports = new int[count * stride];
        status = new RequestStatus[count];
        failedLevel = new int[count];
        for (int k = 0; k < count; k++) {
            for (int node : new int[] {sources[k], destinations[k]}) {
                if (node < 0 || node >= tree.nodes()) {
                    throw new IllegalArgumentException("request " + k + " (" + sources[k] + " -> " + destinations[k]
                            + ") names node " + node + ", which " + tree.describe() + " does not have (nodes 0 .. "
                            + (tree.nodes() - 1) + ")");
                }
            }
            sourceLeaf[k] = tree.leafSwitch(sources[k]);
            destinationLeaf[k] = tree.leafSwitch(destinations[k]);
            levels[k] = tree.commonAncestorLevel(sources[k], destinations[k]);
            failedLevel[k] = -1;
        }
    }

    /** The requests of {@code demands}: one per transfer, in demand order. */
    static Circuits of(TreeTopology tree, Demands demands) {
        int n = demands.transfers().size();
        int[] s = new int[n];
        int[] d = new int[n];
        for (int k = 0; k < n; k++) {
            Transfer t = demands.transfers().get(k);
            s[k] = t.source();
            d[k] = t.destination();
        }
        return new Circuits(tree, s, d);
    }

    int port(int k, int h) {
        return ports[k * stride + h];
    }

    void fail(int k, RequestStatus why, int level) {
        status[k] = why;
        failedLevel[k] = level;
    }

    /**
     * Frees the upward links request k holds at levels 0 .. upLevels-1 and its downward links at
     * levels 0 .. downLevels-1, walking sigma_h and delta_h up from the leaves with its ports
     * (Theorems 1 and 2: both sides climb with the same port numbers).
     */
    void release(LinkState state, int k, int upLevels, int downLevels) {
        int sigma = sourceLeaf[k];
        int delta = destinationLeaf[k];
        int top = Math.max(upLevels, downLevels);
        for (int h = 0; h < top; h++) {
            int p = port(k, h);
            if (h < upLevels) {
                state.releaseUp(h, sigma, p);
            }
            if (h < downLevels) {
                state.releaseDown(h, delta, p);
            }
            sigma = tree.parent(h, sigma, p);
            delta = tree.parent(h, delta, p);
        }
    }

    /**
     * The plan: one transaction of one round holding every granted connection with its route
     * (all circuits are up at once), and one outcome per request.
     */
    Plan toPlan(String scheduler, Demands demands) {
        List<ScheduledTransfer> granted = new ArrayList<>();
        List<RequestOutcome> outcomes = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            if (status[k] == RequestStatus.GRANTED) {
                int[] route = new int[levels[k]];
                for (int h = 0; h < route.length; h++) {
                    route[h] = port(k, h);
                }
                Transfer t = demands.transfers().get(k);
                granted.add(new ScheduledTransfer(k, t.source(), t.destination(), t.size(), Optional.of(Route.of(route))));
                outcomes.add(RequestOutcome.granted(k));
            } else {
                outcomes.add(new RequestOutcome(k, status[k], failedLevel[k]));
            }
        }
        List<Transaction> transactions = granted.isEmpty() ? List.of()
                : List.of(new Transaction("circuits", List.of(new Round(granted))));
        return new Plan(scheduler, demands.unit(), RoundOrder.BARRIER, transactions, outcomes, Map.of());
    }

    static TreeTopology requireTree(String scheduler, org.fabrica.topology.Topology topology) {
        if (topology instanceof TreeTopology tree) {
            return tree;
        }
        throw new IllegalArgumentException("scheduler '" + scheduler + "' reserves circuits on fat trees (ft,"
                + " kary-ntree, extended-kary-ntree: topologies implementing TreeTopology), not " + topology.describe()
                + "; choose a tree topology");
    }
}
