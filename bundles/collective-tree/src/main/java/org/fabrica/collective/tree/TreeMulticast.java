package org.fabrica.collective.tree;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabrica.collective.CollectiveContext;
import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectivePacket;
import org.fabrica.collective.CollectiveTree;
import org.fabrica.collective.NodeActions;
import org.fabrica.collective.RouterActions;
import org.fabrica.collective.Vertices;
import org.fabrica.routing.PacketView;
import org.fabrica.topology.Topology;

/**
 * The hardware multicast of docs/studies/dawning.md ("Hardware multicast"): a member's multicast
 * to its group is one packet of the run's length (class {@code MULTICAST}, a data packet: observers
 * see it generated, copied and delivered) that goes up to a root switch and then down the root's
 * tree ({@link CollectiveTree} over the group's members), replicated at every branch point by the
 * router parts' all-or-none multi-output request (the Global Resource Bulletin's rule: every
 * output the packet needs free and with credits, taken at once, the packet read once). Every other
 * member receives it once; branches that lead only to the source are not taken.
 *
 * <p><b>Roots.</b> The candidates are the switches with the lowest maximum hop count to the
 * group's members (for the whole fat tree, its top switches); the run's root policy chooses one per
 * multicast when it enters, knowing each candidate's load: the multicasts in flight rooted there
 * (a multicast leaves when its last copy is delivered), as copied every {@code loadLagCycles}.
 *
 * <p><b>Replication.</b> At a branch point the packet waits {@code replicationCycles} before it
 * claims its outputs: the switch's time to replicate it, a latency (the outputs stay free for
 * others meanwhile).
 *
 * <p><b>Header.</b> Bit 30: on the way down; bits 0..29: the multicast's slot in the engine's
 * table (its group, root, source and copies still to deliver).
 */
final class TreeMulticast implements CollectiveEngine {
    private static final int DOWN = 1 << 30;
    private static final int SLOT_MASK = DOWN - 1;

    private final CollectiveContext context;
    private final Topology topology;
    private final long lag;
    /** Cycles to replicate a packet at a branch point. */
    private final int replication;
    private final int[][] members;
    /** Per group: the candidate roots (vertices of switches) and their trees, built when first used. */
    private final int[][] candidates;
    private final CollectiveTree[][] trees;
    /** Per group, per candidate: per router, the only member below it in the tree, or -1 (none or several). */
    private final int[][][] lone;
    /** Per group, per candidate: multicasts in flight, and the copy the policy sees. */
    private final int[][] inFlight;
    private final double[][] seen;
    private final long[] seenAt;
    // the table of multicasts in flight, with a free list
    private int[] slotGroup = new int[64];
    private int[] slotRoot = new int[64];
    private int[] slotSource = new int[64];
    private int[] slotLeft = new int[64];
    private int[] slotNext = new int[64];
    private int free;
    private long multicasts;
    private long copies;
    private long maxInFlight;
    private long live;

    TreeMulticast(CollectiveContext context, long loadLagCycles) {
        this(context, loadLagCycles, 0);
    }

    TreeMulticast(CollectiveContext context, long loadLagCycles, int replicationCycles) {
        if (loadLagCycles < 0) {
            throw new IllegalArgumentException("tree-multicast: loadLagCycles = " + loadLagCycles + "; use >= 0");
        }
        if (replicationCycles < 0) {
            throw new IllegalArgumentException("tree-multicast: replicationCycles = " + replicationCycles + "; use >= 0");
        }
        this.replication = replicationCycles;
        this.context = context;
        this.topology = context.topology();
        this.lag = loadLagCycles;
        int groups = context.groups();
        this.members = new int[groups][];
        this.candidates = new int[groups][];
        this.trees = new CollectiveTree[groups][];
        this.lone = new int[groups][][];
        this.inFlight = new int[groups][];
        this.seen = new double[groups][];
        this.seenAt = new long[groups];
        for (int g = 0; g < groups; g++) {
            members[g] = context.members(g);
            candidates[g] = centres(topology, members[g]);
            trees[g] = new CollectiveTree[candidates[g].length];
            lone[g] = new int[candidates[g].length][];
            inFlight[g] = new int[candidates[g].length];
            seen[g] = new double[candidates[g].length];
            seenAt[g] = Long.MIN_VALUE / 2;
        }
        for (int i = 0; i < slotNext.length; i++) {
            slotNext[i] = i + 1 < slotNext.length ? i + 1 : -1;
        }
        free = 0;
    }

    /** The switches with the lowest maximum number of routers to a member (for a fat tree's whole group, its top switches). */
    static int[] centres(Topology topology, int[] members) {
        int routers = topology.routers();
        int best = Integer.MAX_VALUE;
        int[] out = new int[routers];
        int n = 0;
        for (int r = 0; r < routers; r++) {
            if (!Topology.SWITCH.equals(topology.routerKind(r))) {
                continue;
            }
            int h = CollectiveTree.spanning(topology, Vertices.router(r), members).height();
            if (h < best) {
                best = h;
                n = 0;
            }
            if (h == best) {
                out[n++] = r;
            }
        }
        if (n == 0) {
            throw new IllegalArgumentException("tree-multicast: the topology has no router of kind switch to root a tree");
        }
        return Arrays.copyOf(out, n);
    }

    private CollectiveTree tree(int group, int candidate) {
        CollectiveTree t = trees[group][candidate];
        if (t == null) {
            t = CollectiveTree.spanning(topology, candidates[group][candidate], members[group]);
            trees[group][candidate] = t;
            int[] only = new int[topology.routers()];
            Arrays.fill(only, -1);
            loneMember(t, rootRouter(t), only);
            lone[group][candidate] = only;
        }
        return t;
    }

    private int rootRouter(CollectiveTree t) {
        int root = t.root();
        return Vertices.isNode(root) ? topology.nodeRouter(Vertices.nodeOf(root)) : root;
    }

    /**
     * Fills {@code only[r]} for {@code router} and the routers below it: the only member below, or
     * -1 when none or several are; returns the members below, counted up to 2 (-2 - member for one).
     */
    private int loneMember(CollectiveTree t, int router, int[] only) {
        int count = 0;
        int member = -1;
        for (long m = t.childPorts(router); m != 0; m &= m - 1) {
            int p = Long.numberOfTrailingZeros(m);
            int below = topology.neighbor(router, p);
            if (below < 0) {
                count++;
                member = topology.terminal(router, p);
            } else {
                loneMember(t, below, only);
                int o = only[below];
                count += o >= 0 ? 1 : 2; // a child router has at least one member below it
                member = o;
            }
        }
        only[router] = count == 1 ? member : -1;
        return count;
    }

    @Override
    public void enter(int node, int group, long cycle, NodeActions actions) {
        if (group < 0 || group >= members.length) {
            throw new IllegalArgumentException("node " + node + " multicast to group " + group + "; this run has groups 0.."
                    + (members.length - 1));
        }
        if (Arrays.binarySearch(members[group], node) < 0) {
            throw new IllegalArgumentException("node " + node + " multicast to group " + group
                    + ", of which it is not a member");
        }
        int receivers = members[group].length - 1;
        if (receivers == 0) {
            return; // nobody to send to
        }
        if (cycle - seenAt[group] >= lag) {
            for (int i = 0; i < seen[group].length; i++) {
                seen[group][i] = inFlight[group][i];
            }
            seenAt[group] = cycle;
        }
        int root = context.root(group, candidates[group], seen[group], lag);
        int c = Arrays.binarySearch(candidates[group], root);
        if (c < 0) {
            throw new IllegalStateException("the root policy chose " + Vertices.describe(root)
                    + ", not one of the multicast's candidate roots");
        }
        int slot = allocate();
        slotGroup[slot] = group;
        slotRoot[slot] = c;
        slotSource[slot] = node;
        slotLeft[slot] = receivers;
        inFlight[group][c]++;
        multicasts++;
        maxInFlight = Math.max(maxInFlight, ++live);
        actions.send(PacketView.MULTICAST, slot);
    }

    @Override
    public void atRouter(int router, int inPort, CollectivePacket packet, long cycle, RouterActions actions) {
        int h = packet.header();
        int slot = h & SLOT_MASK;
        int group = slotGroup[slot];
        CollectiveTree tree = tree(group, slotRoot[slot]);
        if ((h & DOWN) == 0) {
            if (router != tree.root()) {
                actions.forward(tree.parentPort(router));
                return;
            }
            actions.header(h | DOWN); // the root: from here down its tree
        }
        int source = slotSource[slot];
        long children = tree.childPorts(router);
        int[] only = lone[group][slotRoot[slot]];
        long outs = 0;
        for (long m = children; m != 0; m &= m - 1) {
            int p = Long.numberOfTrailingZeros(m);
            int below = topology.neighbor(router, p);
            // a branch whose only member is the source is not taken
            if (below < 0 ? topology.terminal(router, p) != source : only[below] != source) {
                outs |= 1L << p;
            }
        }
        if (Long.bitCount(outs) == 1) {
            actions.forward(Long.numberOfTrailingZeros(outs));
        } else {
            for (long m = outs; m != 0; m &= m - 1) {
                actions.branch(Long.numberOfTrailingZeros(m));
            }
            if (replication > 0) {
                actions.replicationDelay(replication);
            }
        }
    }

    @Override
    public void atNode(int node, CollectivePacket packet, long cycle, NodeActions actions) {
        int slot = packet.header() & SLOT_MASK;
        copies++;
        if (--slotLeft[slot] == 0) {
            inFlight[slotGroup[slot]][slotRoot[slot]]--;
            live--;
            slotNext[slot] = free;
            free = slot;
        }
    }

    private int allocate() {
        if (free < 0) {
            int n = slotGroup.length;
            if (n * 2 > SLOT_MASK) {
                throw new IllegalStateException("tree-multicast: more than " + n + " multicasts in flight");
            }
            slotGroup = Arrays.copyOf(slotGroup, n * 2);
            slotRoot = Arrays.copyOf(slotRoot, n * 2);
            slotSource = Arrays.copyOf(slotSource, n * 2);
            slotLeft = Arrays.copyOf(slotLeft, n * 2);
            slotNext = Arrays.copyOf(slotNext, n * 2);
            for (int i = n; i < n * 2; i++) {
                slotNext[i] = i + 1 < n * 2 ? i + 1 : -1;
            }
            free = n;
        }
        int s = free;
        free = slotNext[s];
        return s;
    }

    @Override
    public Map<String, Long> counters() {
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("multicasts", multicasts);
        out.put("copies", copies);
        out.put("maxInFlight", maxInFlight);
        out.put("roots", (long) candidates[0].length);
        return out;
    }
}
