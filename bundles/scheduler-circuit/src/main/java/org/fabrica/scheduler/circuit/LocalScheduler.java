package org.fabrica.scheduler.circuit;

import java.util.SplittableRandom;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.RequestStatus;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.topology.TreeTopology;

/**
 * The local circuit schedulers of docs/studies/levelwise.md (baselines): requests one at a time,
 * in request order. On the way up each switch chooses an upper port from its own Ulink state
 * only: the first free one ({@code greedy-local}) or a uniformly random free one
 * ({@code random-local}). The downward path is then forced (Theorem 2: the same port numbers from
 * delta_0 up); if one of its downward links is taken, or a switch on the way up has no free
 * uplink, the request fails and frees everything it reserved.
 */
final class LocalScheduler implements Scheduler {
    private final String name;
    private final TreeTopology tree;
    private final boolean random;
    private final long seed;

    /**
     * @param random false: first free uplink; true: uniformly random free uplink from a stream
     *        seeded with {@code seed} anew for every plan, so a plan is a function of its demands
     */
    LocalScheduler(String name, TreeTopology tree, boolean random, long seed) {
        this.name = name;
        this.tree = tree;
        this.random = random;
        this.seed = seed;
    }

    @Override
    public Plan plan(Demands demands) {
        Circuits c = Circuits.of(tree, demands);
        schedule(c, new LinkState(tree), new SplittableRandom(seed));
        return c.toPlan(name, demands);
    }

    /** Runs the algorithm on {@code c}, starting from (and updating) {@code state}. */
    void schedule(Circuits c, LinkState state, SplittableRandom rng) {
        int[] delta = new int[Math.max(1, state.levels())];
        requests:
        for (int k = 0; k < c.count; k++) {
            int levels = c.levels[k];
            int sigma = c.sourceLeaf[k];
            for (int h = 0; h < levels; h++) {
                int p;
                if (random) {
                    int free = state.freeUpCount(h, sigma);
                    p = free == 0 ? -1 : state.nthFreeUp(h, sigma, rng.nextInt(free));
                } else {
                    p = state.firstFreeUp(h, sigma);
                }
                if (p < 0) {
                    c.fail(k, RequestStatus.NO_FREE_UPLINK, h);
                    c.release(state, k, h, 0);
                    continue requests;
                }
                state.takeUp(h, sigma, p);
                c.ports[k * c.stride + h] = p;
                sigma = tree.parent(h, sigma, p);
            }
            // the forced downward path, checked from the common ancestor down as a circuit set-up travels
            delta[0] = c.destinationLeaf[k];
            for (int h = 0; h + 1 < levels; h++) {
                delta[h + 1] = tree.parent(h, delta[h], c.port(k, h));
            }
            for (int h = levels - 1; h >= 0; h--) {
                if (!state.downFree(h, delta[h], c.port(k, h))) {
                    c.fail(k, RequestStatus.DOWNLINK_TAKEN, h);
                    for (int g = levels - 1; g > h; g--) {
                        state.releaseDown(g, delta[g], c.port(k, g));
                    }
                    c.release(state, k, levels, 0);
                    continue requests;
                }
                state.takeDown(h, delta[h], c.port(k, h));
            }
            c.status[k] = RequestStatus.GRANTED;
        }
    }
}
