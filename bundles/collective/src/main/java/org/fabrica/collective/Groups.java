package org.fabrica.collective;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabrica.topology.Topology;

/**
 * The groups of a run and its root policy: the {@link CollectiveContext} a runner gives an engine.
 * Root choices made before the run have no load information ({@link RootContext#load} is 0);
 * choices during the run carry the engine's loads. The hop counts of a group's candidates are
 * computed once (breadth-first searches) and kept while the engine asks with the same candidates.
 */
public final class Groups implements CollectiveContext {
    private final Topology topology;
    private final int[][] members;
    private RootPolicy policy;
    private String policyName;
    private final SplittableRandom engineRandom;
    private final SplittableRandom policyRandom;

    /**
     * @param members the member nodes of each group (each sorted here; a node may be in several groups)
     * @param policy the run's root policy, named {@code policyName} in messages
     * @param seed the run's seed for the collective streams
     */
    public Groups(Topology topology, int[][] members, RootPolicy policy, String policyName, long seed) {
        this.topology = topology;
        this.members = new int[members.length][];
        for (int g = 0; g < members.length; g++) {
            int[] m = members[g].clone();
            Arrays.sort(m);
            if (m.length == 0) {
                throw new IllegalArgumentException("collective group " + g + " has no member");
            }
            for (int i = 0; i < m.length; i++) {
                if (m[i] < 0 || m[i] >= topology.nodes()) {
                    throw new IllegalArgumentException("collective group " + g + ": node " + m[i] + " out of range 0.."
                            + (topology.nodes() - 1));
                }
                if (i > 0 && m[i] == m[i - 1]) {
                    throw new IllegalArgumentException("collective group " + g + ": node " + m[i] + " given twice");
                }
            }
            this.members[g] = m;
        }
        this.policy = policy;
        this.policyName = policyName;
        SplittableRandom base = new SplittableRandom(seed ^ 0x636f6c6c656374L);
        this.engineRandom = base.split();
        this.policyRandom = base.split();
    }

    /**
     * Replaces the root policy (a shell's swap of a paused run): choices from now on are the new
     * policy's; roots already chosen (a barrier's trees, multicasts in flight) stay.
     *
     * @return the name of the policy replaced
     */
    public String replacePolicy(RootPolicy replacement, String name) {
        if (replacement == null) {
            throw new IllegalArgumentException("no root policy given");
        }
        String old = policyName;
        this.policy = replacement;
        this.policyName = name;
        return old;
    }

    /** The name of the root policy in use. */
    public String policyName() {
        return policyName;
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public int groups() {
        return members.length;
    }

    @Override
    public int[] members(int group) {
        return members[group].clone();
    }

    @Override
    public int root(int group, int[] candidates) {
        return root(group, candidates, null, 0);
    }

    /** Hop counts per group, for the candidates last asked (a run's engine asks with the same ones). */
    private final java.util.Map<Integer, HopContext> hops = new java.util.HashMap<>();

    @Override
    public int root(int group, int[] candidates, double[] loads, long lagCycles) {
        if (candidates.length == 0) {
            throw new IllegalArgumentException("no root candidate for collective group " + group);
        }
        if (loads != null && loads.length != candidates.length) {
            throw new IllegalArgumentException(loads.length + " loads for " + candidates.length + " root candidates");
        }
        HopContext c = hops.get(group);
        if (c == null || !Arrays.equals(c.candidates, candidates)) {
            c = new HopContext(group, members[group], candidates.clone());
            hops.put(group, c);
        }
        c.loads = loads;
        c.lag = lagCycles;
        int i;
        try {
            i = policy.choose(c);
        } catch (RuntimeException e) {
            throw new IllegalStateException("root policy '" + policyName + "' threw " + e + " choosing the root of group "
                    + group, e);
        }
        if (i < 0 || i >= candidates.length) {
            throw new IllegalStateException("root policy '" + policyName + "' chose candidate " + i + " for group " + group
                    + "; there are " + candidates.length + " (0.." + (candidates.length - 1) + ")");
        }
        return candidates[i];
    }

    @Override
    public SplittableRandom random() {
        return engineRandom;
    }

    /** Hop counts from every candidate to the members, by breadth-first search. */
    private final class HopContext implements RootContext {
        private final int group;
        private final int[] groupMembers;
        private final int[] candidates;
        private final int[] max;
        private final double[] mean;
        private double[] loads;
        private long lag;

        HopContext(int group, int[] groupMembers, int[] candidates) {
            this.group = group;
            this.groupMembers = groupMembers;
            this.candidates = candidates;
            this.max = new int[candidates.length];
            this.mean = new double[candidates.length];
            for (int i = 0; i < candidates.length; i++) {
                CollectiveTree t = CollectiveTree.spanning(topology, candidates[i], groupMembers);
                long sum = 0;
                for (int k = 0; k < groupMembers.length; k++) {
                    sum += t.routerHops(k);
                }
                max[i] = t.height();
                mean[i] = (double) sum / groupMembers.length;
            }
        }

        @Override
        public Topology topology() {
            return topology;
        }

        @Override
        public int group() {
            return group;
        }

        @Override
        public int[] members() {
            return groupMembers.clone();
        }

        @Override
        public int[] candidates() {
            return candidates.clone();
        }

        @Override
        public int maxHops(int i) {
            return max[i];
        }

        @Override
        public double meanHops(int i) {
            return mean[i];
        }

        @Override
        public double load(int i) {
            return loads == null ? 0 : loads[i];
        }

        @Override
        public long loadLagCycles() {
            return lag;
        }

        @Override
        public SplittableRandom random() {
            return policyRandom;
        }
    }
}
