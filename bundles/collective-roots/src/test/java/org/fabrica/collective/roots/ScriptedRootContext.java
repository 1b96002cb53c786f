package org.fabrica.collective.roots;

import java.util.SplittableRandom;
import org.fabrica.collective.RootContext;
import org.fabrica.collective.Vertices;
import org.fabrica.topology.Topology;

/**
 * A root choice with given hop counts and loads: candidate i is router 100 + i, the group has one
 * member, and the loads can be changed between choices.
 */
final class ScriptedRootContext implements RootContext {
    private final int group;
    private final int[] maxHops;
    private final double[] meanHops;
    private final double[] loads;
    private final SplittableRandom random;

    ScriptedRootContext(int group, int[] maxHops, double[] meanHops, double[] loads, long seed) {
        if (maxHops.length != meanHops.length || maxHops.length != loads.length) {
            throw new IllegalArgumentException("one max hop count, mean hop count and load per candidate");
        }
        this.group = group;
        this.maxHops = maxHops.clone();
        this.meanHops = meanHops.clone();
        this.loads = loads.clone();
        this.random = new SplittableRandom(seed);
    }

    /** Hop counts only: mean hops equal to max hops, no load. */
    static ScriptedRootContext hops(int group, int... maxHops) {
        double[] mean = new double[maxHops.length];
        for (int i = 0; i < mean.length; i++) {
            mean[i] = maxHops[i];
        }
        return new ScriptedRootContext(group, maxHops, mean, new double[maxHops.length], 1);
    }

    /** Hop counts and loads, mean hops equal to max hops. */
    static ScriptedRootContext loaded(int[] maxHops, double[] loads, long seed) {
        double[] mean = new double[maxHops.length];
        for (int i = 0; i < mean.length; i++) {
            mean[i] = maxHops[i];
        }
        return new ScriptedRootContext(0, maxHops, mean, loads, seed);
    }

    @Override
    public Topology topology() {
        throw new UnsupportedOperationException("a scripted root choice has no topology");
    }

    @Override
    public int group() {
        return group;
    }

    @Override
    public int[] members() {
        return new int[] {0};
    }

    @Override
    public int[] candidates() {
        int[] c = new int[maxHops.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = Vertices.router(100 + i);
        }
        return c;
    }

    @Override
    public int maxHops(int i) {
        return maxHops[i];
    }

    @Override
    public double meanHops(int i) {
        return meanHops[i];
    }

    @Override
    public double load(int i) {
        return loads[i];
    }

    @Override
    public long loadLagCycles() {
        return 0;
    }

    @Override
    public SplittableRandom random() {
        return random;
    }
}
