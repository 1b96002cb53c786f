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
 * The hardware barrier of docs/studies/dawning.md ("Hardware barrier") on the tree
 * ({@link CollectiveTree}) from each group's root, chosen once before the run by the run's root
 * policy. Barriers of one group follow each other (a member enters the next after the previous
 * completed for it); groups may overlap, each switch keeping one arrival mask per group whose
 * tree passes through it.
 *
 * <p><b>Packets.</b> One flit of class {@code BARRIER}; the header holds the kind in its two low
 * bits (arrival, completion, start) and the group above them.
 *
 * <p><b>Switches.</b> An arrival through a child port sets that port's bit of the group's mask;
 * while bits are missing the switch absorbs it; the one that completes the mask clears it and goes
 * on to the parent port, or, at a root switch, turns into the completion and is branched to every
 * child port at once. A completion (or a start) is branched to the child ports. A second arrival
 * through the same port before the mask completed is an error (it can only come from a lost
 * completion or a duplicate, which the reliable protocol, not built yet, would handle).
 *
 * <p><b>Interfaces.</b> A member entering sends an arrival (combining) or, at a Quadrics root,
 * the start. The root node completes when it has entered and the combined arrival has come (at
 * once when it is the only member), and sends the completion. Nodes count entries, starts and
 * answers, so a start of the next barrier that overtakes this barrier's completion (in another VC)
 * is kept for later.
 */
final class TreeBarrier implements CollectiveEngine {
    static final int ARRIVAL = 0;
    static final int COMPLETION = 1;
    static final int START = 2;
    private static final String[] KINDS = {"arrival", "completion", "start"};

    private final Topology topology;
    private final BarrierProtocol protocol;
    private final CollectiveTree[] trees;
    private final int[][] members;
    /** Per group, per router: the child ports whose arrival came (routers outside the tree: unused). */
    private final long[][] arrived;
    /** Per group: root node, or -1 for a root switch. */
    private final int[] rootNode;
    /** Per group, per member index: barriers entered, starts received, answers sent (Quadrics). */
    private final int[][] entered;
    private final int[][] started;
    private final int[][] answered;
    /** Per group: combined arrivals the root node received, barriers the root completed. */
    private final int[] rootArrivals;
    private final int[] done;

    private long combined;
    private long barriers;

    TreeBarrier(CollectiveContext context, BarrierRoot root, BarrierProtocol protocol, int groupsPerSwitch) {
        if (protocol == BarrierProtocol.QUADRICS && root != BarrierRoot.NODE) {
            throw new IllegalArgumentException("tree-barrier: protocol quadrics has its root at a node (the root node"
                    + " sends the start and the completion); set root: node");
        }
        if (groupsPerSwitch < 1) {
            throw new IllegalArgumentException("tree-barrier: groupsPerSwitch = " + groupsPerSwitch + "; use >= 1");
        }
        this.topology = context.topology();
        this.protocol = protocol;
        int groups = context.groups();
        int routers = topology.routers();
        this.trees = new CollectiveTree[groups];
        this.members = new int[groups][];
        this.arrived = new long[groups][];
        this.rootNode = new int[groups];
        this.entered = new int[groups][];
        this.started = new int[groups][];
        this.answered = new int[groups][];
        this.rootArrivals = new int[groups];
        this.done = new int[groups];
        int[] switches = switches(topology);
        int[] through = new int[routers];
        for (int g = 0; g < groups; g++) {
            int[] m = context.members(g);
            members[g] = m;
            int[] candidates = root == BarrierRoot.SWITCH ? switches : nodeVertices(m);
            int chosen = context.root(g, candidates);
            trees[g] = CollectiveTree.spanning(topology, chosen, m);
            rootNode[g] = Vertices.isNode(chosen) ? Vertices.nodeOf(chosen) : -1;
            arrived[g] = new long[routers];
            entered[g] = new int[m.length];
            started[g] = new int[m.length];
            answered[g] = new int[m.length];
            for (int r = 0; r < routers; r++) {
                if (trees[g].contains(r) && ++through[r] > groupsPerSwitch) {
                    throw new IllegalArgumentException("tree-barrier: router " + r + " is in the trees of more than "
                            + groupsPerSwitch + " groups (group " + g + " is one too many); raise groupsPerSwitch or use"
                            + " fewer groups");
                }
            }
        }
    }

    private static int[] switches(Topology topology) {
        int[] out = new int[topology.routers()];
        int n = 0;
        for (int r = 0; r < topology.routers(); r++) {
            if (Topology.SWITCH.equals(topology.routerKind(r))) {
                out[n++] = Vertices.router(r);
            }
        }
        if (n == 0) {
            throw new IllegalArgumentException("tree-barrier: root switch asked, but the topology has no router of kind"
                    + " switch; use root: node");
        }
        return Arrays.copyOf(out, n);
    }

    private static int[] nodeVertices(int[] m) {
        int[] out = new int[m.length];
        for (int i = 0; i < m.length; i++) {
            out[i] = Vertices.node(m[i]);
        }
        return out;
    }

    static int header(int kind, int group) {
        return group << 2 | kind;
    }

    /** The tree of {@code group} (for tests and reports). */
    CollectiveTree tree(int group) {
        return trees[group];
    }

    // ------------------------------------------------------------------ interfaces

    @Override
    public void enter(int node, int group, long cycle, NodeActions actions) {
        int i = memberIndex(node, group, "entered");
        entered[group][i]++;
        if (node == rootNode[group]) {
            if (protocol == BarrierProtocol.QUADRICS && expectsArrivals(group)) {
                actions.send(PacketView.BARRIER, header(START, group));
            }
            rootMayComplete(group, actions);
        } else if (protocol == BarrierProtocol.COMBINING) {
            actions.send(PacketView.BARRIER, header(ARRIVAL, group));
        } else {
            mayAnswer(group, i, actions);
        }
    }

    @Override
    public void atNode(int node, CollectivePacket packet, long cycle, NodeActions actions) {
        int h = packet.header();
        int kind = h & 3;
        int group = h >>> 2;
        checkGroup(group, h);
        switch (kind) {
            case ARRIVAL -> {
                if (node != rootNode[group]) {
                    throw new IllegalStateException("a combined arrival of group " + group + " reached node " + node
                            + ", which is not the group's root");
                }
                rootArrivals[group]++;
                rootMayComplete(group, actions);
            }
            case COMPLETION -> {
                memberIndex(node, group, "received a completion");
                actions.complete(group);
            }
            case START -> {
                int i = memberIndex(node, group, "received a start");
                started[group][i]++;
                mayAnswer(group, i, actions);
            }
            default -> throw new IllegalStateException("unknown barrier packet kind " + kind + " (header 0x"
                    + Integer.toHexString(h) + ")");
        }
    }

    /** The root node completes barrier done+1 once it has entered it and the combined arrival came. */
    private void rootMayComplete(int group, NodeActions actions) {
        int root = memberIndex(rootNode[group], group, "is the root");
        int next = done[group];
        boolean expects = expectsArrivals(group);
        if (entered[group][root] > next && (!expects || rootArrivals[group] > next)) {
            done[group] = next + 1;
            barriers++;
            if (expects) {
                actions.send(PacketView.BARRIER, header(COMPLETION, group));
            }
            actions.complete(group);
        }
    }

    /** Quadrics: a member answers barrier answered+1 once it has entered it and heard its start. */
    private void mayAnswer(int group, int i, NodeActions actions) {
        int next = answered[group][i];
        if (entered[group][i] > next && started[group][i] > next) {
            answered[group][i] = next + 1;
            actions.send(PacketView.BARRIER, header(ARRIVAL, group));
        }
    }

    /** Whether the root node's router has children: false for a group of the root alone. */
    private boolean expectsArrivals(int group) {
        return trees[group].childCount(topology.nodeRouter(rootNode[group])) > 0;
    }

    // ------------------------------------------------------------------ switches

    @Override
    public void atRouter(int router, int inPort, CollectivePacket packet, long cycle, RouterActions actions) {
        int h = packet.header();
        int kind = h & 3;
        int group = h >>> 2;
        checkGroup(group, h);
        CollectiveTree tree = trees[group];
        if (!tree.contains(router)) {
            throw new IllegalStateException("a barrier " + KINDS[Math.min(kind, 2)] + " of group " + group
                    + " reached router " + router + ", outside the group's tree");
        }
        long children = tree.childPorts(router);
        if (kind != ARRIVAL) {
            down(children, actions);
            return;
        }
        long bit = 1L << inPort;
        if ((children & bit) == 0) {
            throw new IllegalStateException("a barrier arrival of group " + group + " reached router " + router
                    + " through port " + inPort + ", which is not a child port of the group's tree");
        }
        long mask = arrived[group][router];
        if ((mask & bit) != 0) {
            throw new IllegalStateException("a second barrier arrival of group " + group + " reached router " + router
                    + " through port " + inPort + " before the group's arrivals there were complete");
        }
        mask |= bit;
        if (mask != children) {
            arrived[group][router] = mask;
            combined++;
            actions.absorb();
            return;
        }
        arrived[group][router] = 0;
        int parent = tree.parentPort(router);
        if (parent >= 0) {
            actions.forward(parent);
        } else {
            // the root switch: the last arrival turns into the completion
            barriers++;
            actions.header(header(COMPLETION, group));
            down(children, actions);
        }
    }

    private static void down(long children, RouterActions actions) {
        if (Long.bitCount(children) == 1) {
            actions.forward(Long.numberOfTrailingZeros(children));
            return;
        }
        for (long m = children; m != 0; m &= m - 1) {
            actions.branch(Long.numberOfTrailingZeros(m));
        }
    }

    private void checkGroup(int group, int h) {
        if (group < 0 || group >= trees.length) {
            throw new IllegalStateException("barrier packet of group " + group + " (header 0x" + Integer.toHexString(h)
                    + "); this run has groups 0.." + (trees.length - 1));
        }
    }

    private int memberIndex(int node, int group, String what) {
        if (group < 0 || group >= trees.length) {
            throw new IllegalArgumentException("node " + node + " " + what + " group " + group + "; this run has groups 0.."
                    + (trees.length - 1));
        }
        int i = Arrays.binarySearch(members[group], node);
        if (i < 0) {
            throw new IllegalArgumentException("node " + node + " " + what + " group " + group
                    + ", of which it is not a member");
        }
        return i;
    }

    @Override
    public Map<String, Long> counters() {
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("barriers", barriers);
        out.put("combined", combined);
        return out;
    }
}
