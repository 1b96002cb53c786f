package org.fabrica.scheduler.circuit;

import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.RequestStatus;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.topology.TreeTopology;

/**
 * The level-wise (global) circuit scheduler of docs/studies/levelwise.md. All requests are
 * scheduled at level h before any at level h+1; at each level a request takes the first upper
 * port i free both on Ulink(h, sigma_h) and on Dlink(h, delta_h), and moves on to
 * sigma_{h+1} = parent(h, sigma_h, i), delta_{h+1} = parent(h, delta_h, i) (Theorems 1 and 2: the
 * downward path uses the same port numbers). A request with no such port fails and, when
 * {@code releaseOnFailure}, frees what it reserved at lower levels.
 */
final class LevelWiseScheduler implements Scheduler {
    private final TreeTopology tree;
    private final boolean releaseOnFailure;

    LevelWiseScheduler(TreeTopology tree, boolean releaseOnFailure) {
        this.tree = tree;
        this.releaseOnFailure = releaseOnFailure;
    }

    @Override
    public Plan plan(Demands demands) {
        Circuits c = Circuits.of(tree, demands);
        schedule(c, new LinkState(tree));
        return c.toPlan("levelwise", demands);
    }

    /** Runs the algorithm on {@code c}, starting from (and updating) {@code state}. */
    void schedule(Circuits c, LinkState state) {
        int n = c.count;
        int[] sigma = c.sourceLeaf.clone();
        int[] delta = c.destinationLeaf.clone();
        for (int h = 0; h < state.levels(); h++) {
            for (int k = 0; k < n; k++) {
                if (c.status[k] != null || c.levels[k] <= h) {
                    continue;
                }
                int i = state.firstCommonFree(h, sigma[k], delta[k]);
                if (i < 0) {
                    c.fail(k, RequestStatus.NO_COMMON_PORT, h);
                    if (releaseOnFailure) {
                        c.release(state, k, h, h);
                    }
                    continue;
                }
                state.takeUp(h, sigma[k], i);
                state.takeDown(h, delta[k], i);
                c.ports[k * c.stride + h] = i;
                sigma[k] = tree.parent(h, sigma[k], i);
                delta[k] = tree.parent(h, delta[k], i);
            }
        }
        for (int k = 0; k < n; k++) {
            if (c.status[k] == null) {
                c.status[k] = RequestStatus.GRANTED;
            }
        }
    }
}
