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
 * <p><b>Packets.</b> One flit of class {@code BARRIER}; the header holds the kind in its three
 * low bits (arrival, completion, start, acknowledgement, urge), the barrier's epoch (its number
 * modulo 256) in the next eight and the group above them.
 *
 * <p><b>Switches.</b> An arrival through a child port sets that port's bit of the group's mask;
 * while bits are missing the switch absorbs it; the one that completes the mask clears it and goes
 * on to the parent port, or, at a root switch, turns into the completion and is branched to every
 * child port at once. A completion (or a start) is branched to the child ports. Without the
 * reliable protocol a second arrival through the same port before the mask completed is an error.
 *
 * <p><b>Interfaces.</b> A member entering sends an arrival (combining) or, at a Quadrics root,
 * the start. The root node completes when it has entered and the combined arrival has come (at
 * once when it is the only member), and sends the completion. Nodes count entries, starts and
 * answers, so a start of the next barrier that overtakes this barrier's completion (in another VC)
 * is kept for later.
 *
 * <p><b>Reliable protocol</b> ({@code reliable}, combining only; docs/collectives.md, "Lossy
 * links"). Reduction, request-response: the switch (or root node) that takes an arrival
 * acknowledges it: an absorbed arrival is turned around as the acknowledgement; the arrival that
 * goes on up is acknowledged by a packet the switch sends back; at the root the completion is the
 * acknowledgement. A member, or a switch that sent its combined arrival up, sends the arrival
 * again when no acknowledgement came within the timeout D. Distribution, timeout-urge: a member or
 * switch that has its acknowledgement but no completion within D sends an urge to its parent; a
 * parent that has passed the completion of that epoch turns the urge around as the completion
 * (and a repeated arrival of a completed epoch likewise). Duplicates are recognised by epoch and
 * port: an arrival already counted is acknowledged again, never counted twice; a completion of an
 * epoch already completed is dropped (at an interface) or passed down again (at a switch, whose
 * children drop what they already have). Every barrier completes whatever the error rate below 1:
 * each packet is sent again until its effect is acknowledged.
 */
final class TreeBarrier implements CollectiveEngine {
    static final int ARRIVAL = 0;
    static final int COMPLETION = 1;
    static final int START = 2;
    static final int ACK = 3;
    static final int URGE = 4;
    private static final String[] KINDS = {"arrival", "completion", "start", "acknowledgement", "urge"};
    private static final int EPOCHS = 256;

    private final Topology topology;
    private final BarrierProtocol protocol;
    private final boolean reliable;
    private final int timeout;
    private final CollectiveTree[] trees;
    private final int[][] members;
    /** Per group, per router: the child ports whose arrival came (routers outside the tree: unused). */
    private final long[][] arrived;
    /** Reliable: per group, per router: the epoch being combined, whether its arrival went up and was acknowledged. */
    private final int[][] epoch;
    private final boolean[][] forwarded;
    private final boolean[][] ackedUp;
    /** Reliable: per group (created when needed), per router: whether a completion has passed (epoch - 1 is then meaningful). */
    private boolean[][] completedAt;
    /** Per group: root node, or -1 for a root switch. */
    private final int[] rootNode;
    /** Per group, per member index: barriers entered, starts received, answers sent (Quadrics). */
    private final int[][] entered;
    private final int[][] started;
    private final int[][] answered;
    /** Reliable: per group, per member index: barriers acknowledged and completed. */
    private final int[][] acked;
    private final int[][] completed;
    /** Per group: combined arrivals the root node received, barriers the root completed. */
    private final int[] rootArrivals;
    private final int[] done;

    private long combined;
    private long barriers;
    private long resent;
    private long urges;
    private long duplicates;
    private long acks;

    TreeBarrier(CollectiveContext context, BarrierRoot root, BarrierProtocol protocol, int groupsPerSwitch) {
        this(context, root, protocol, groupsPerSwitch, false, 2000);
    }

    TreeBarrier(CollectiveContext context, BarrierRoot root, BarrierProtocol protocol, int groupsPerSwitch,
            boolean reliable, int timeoutCycles) {
        if (protocol == BarrierProtocol.QUADRICS && root != BarrierRoot.NODE) {
            throw new IllegalArgumentException("tree-barrier: protocol quadrics has its root at a node (the root node"
                    + " sends the start and the completion); set root: node");
        }
        if (reliable && protocol != BarrierProtocol.COMBINING) {
            throw new IllegalArgumentException("tree-barrier: the reliable protocol is built for protocol combining;"
                    + " use reliable: false with quadrics");
        }
        if (groupsPerSwitch < 1) {
            throw new IllegalArgumentException("tree-barrier: groupsPerSwitch = " + groupsPerSwitch + "; use >= 1");
        }
        if (timeoutCycles < 1) {
            throw new IllegalArgumentException("tree-barrier: timeoutCycles = " + timeoutCycles + "; use >= 1");
        }
        this.topology = context.topology();
        this.protocol = protocol;
        this.reliable = reliable;
        this.timeout = timeoutCycles;
        int groups = context.groups();
        if (groups > 1 << 21) {
            throw new IllegalArgumentException("tree-barrier: " + groups + " groups; a packet header holds at most "
                    + (1 << 21));
        }
        int routers = topology.routers();
        this.trees = new CollectiveTree[groups];
        this.members = new int[groups][];
        this.arrived = new long[groups][];
        this.epoch = new int[groups][];
        this.forwarded = new boolean[groups][];
        this.ackedUp = new boolean[groups][];
        this.rootNode = new int[groups];
        this.entered = new int[groups][];
        this.started = new int[groups][];
        this.answered = new int[groups][];
        this.acked = new int[groups][];
        this.completed = new int[groups][];
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
            epoch[g] = new int[routers];
            forwarded[g] = new boolean[routers];
            ackedUp[g] = new boolean[routers];
            entered[g] = new int[m.length];
            started[g] = new int[m.length];
            answered[g] = new int[m.length];
            acked[g] = new int[m.length];
            completed[g] = new int[m.length];
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
        return header(kind, 0, group);
    }

    static int header(int kind, int epochOf, int group) {
        return group << 11 | (epochOf & (EPOCHS - 1)) << 3 | kind;
    }

    private static int kindOf(int h) {
        return h & 7;
    }

    private static int epochOf(int h) {
        return h >>> 3 & (EPOCHS - 1);
    }

    private static int groupOf(int h) {
        return h >>> 11;
    }

    /** The tree of {@code group} (for tests and reports). */
    CollectiveTree tree(int group) {
        return trees[group];
    }

    // ------------------------------------------------------------------ interfaces

    @Override
    public void enter(int node, int group, long cycle, NodeActions actions) {
        int i = memberIndex(node, group, "entered");
        int e = entered[group][i]++ & (EPOCHS - 1);
        if (node == rootNode[group]) {
            if (protocol == BarrierProtocol.QUADRICS && expectsArrivals(group)) {
                actions.send(PacketView.BARRIER, header(START, e, group));
            }
            rootMayComplete(group, actions);
        } else if (protocol == BarrierProtocol.COMBINING) {
            actions.send(PacketView.BARRIER, header(ARRIVAL, e, group));
            if (reliable) {
                actions.timer(cycle + timeout, token(group, e));
            }
        } else {
            mayAnswer(group, i, actions);
        }
    }

    /** A timer's token: the group and the epoch it watches. */
    private static int token(int group, int e) {
        return group << 8 | e;
    }

    @Override
    public void atNode(int node, CollectivePacket packet, long cycle, NodeActions actions) {
        int h = packet.header();
        int kind = kindOf(h);
        int group = groupOf(h);
        int e = epochOf(h);
        checkGroup(group, h);
        switch (kind) {
            case ARRIVAL, URGE -> {
                if (node != rootNode[group]) {
                    throw new IllegalStateException("a barrier " + KINDS[kind] + " of group " + group + " reached node "
                            + node + ", which is not the group's root");
                }
                if (reliable && ((done[group] - 1) & (EPOCHS - 1)) == e && done[group] > 0) {
                    // a repeated arrival or an urge of a completed epoch: the completion again
                    duplicates++;
                    actions.send(PacketView.BARRIER, header(COMPLETION, e, group));
                    return;
                }
                if (kind == URGE) {
                    return; // the root has not completed: it completes when the arrival comes
                }
                rootArrivals[group]++;
                rootMayComplete(group, actions);
            }
            case COMPLETION -> {
                int i = memberIndex(node, group, "received a completion");
                if (reliable) {
                    int current = (entered[group][i] - 1) & (EPOCHS - 1);
                    if (completed[group][i] >= entered[group][i] || e != current) {
                        duplicates++;
                        return;
                    }
                    completed[group][i]++;
                }
                actions.complete(group);
            }
            case START -> {
                int i = memberIndex(node, group, "received a start");
                started[group][i]++;
                mayAnswer(group, i, actions);
            }
            case ACK -> {
                int i = memberIndex(node, group, "received an acknowledgement");
                if (entered[group][i] > acked[group][i] && ((entered[group][i] - 1) & (EPOCHS - 1)) == e) {
                    acked[group][i] = entered[group][i];
                }
                // else a repeat, or late after the completion: nothing to do
            }
            default -> throw new IllegalStateException("unknown barrier packet kind " + kind + " (header 0x"
                    + Integer.toHexString(h) + ")");
        }
    }

    @Override
    public void nodeTimer(int node, int token, long cycle, NodeActions actions) {
        int group = token >>> 8;
        int e = token & (EPOCHS - 1);
        int i = memberIndex(node, group, "timed out in");
        int n = entered[group][i];
        if (n == 0 || ((n - 1) & (EPOCHS - 1)) != e || completed[group][i] >= n) {
            return; // completed, or a later barrier: the timer no longer matters
        }
        if (acked[group][i] < n) {
            resent++;
            actions.send(PacketView.BARRIER, header(ARRIVAL, e, group));
        } else {
            urges++;
            actions.send(PacketView.BARRIER, header(URGE, e, group));
        }
        actions.timer(cycle + timeout, token);
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
                actions.send(PacketView.BARRIER, header(COMPLETION, next, group));
            }
            actions.complete(group);
        }
    }

    /** Quadrics: a member answers barrier answered+1 once it has entered it and heard its start. */
    private void mayAnswer(int group, int i, NodeActions actions) {
        int next = answered[group][i];
        if (entered[group][i] > next && started[group][i] > next) {
            answered[group][i] = next + 1;
            actions.send(PacketView.BARRIER, header(ARRIVAL, next, group));
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
        int kind = kindOf(h);
        int group = groupOf(h);
        checkGroup(group, h);
        CollectiveTree tree = trees[group];
        if (!tree.contains(router)) {
            throw new IllegalStateException("a barrier " + KINDS[Math.min(kind, 4)] + " of group " + group
                    + " reached router " + router + ", outside the group's tree");
        }
        if (reliable) {
            reliableAtRouter(router, inPort, tree, kind, epochOf(h), group, cycle, actions);
            return;
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

    private void reliableAtRouter(int router, int inPort, CollectiveTree tree, int kind, int e, int group, long cycle,
            RouterActions actions) {
        long children = tree.childPorts(router);
        int parent = tree.parentPort(router);
        int current = epoch[group][router];
        int last = (current - 1) & (EPOCHS - 1); // the epoch whose completion passed last
        switch (kind) {
            case ARRIVAL -> {
                long bit = 1L << inPort;
                if ((children & bit) == 0) {
                    throw new IllegalStateException("a barrier arrival of group " + group + " reached router " + router
                            + " through port " + inPort + ", which is not a child port of the group's tree");
                }
                if (e != current) {
                    duplicates++;
                    if (e == last) {
                        // its completion passed and was lost on the way down: send it again
                        actions.header(header(COMPLETION, e, group));
                        actions.forward(inPort);
                    } else {
                        actions.absorb(); // older still: nothing to do
                    }
                    return;
                }
                long mask = arrived[group][router];
                if ((mask & bit) != 0 || forwarded[group][router]) {
                    duplicates++; // counted already: acknowledge again
                    acks++;
                    actions.header(header(ACK, e, group));
                    actions.forward(inPort);
                    return;
                }
                mask |= bit;
                arrived[group][router] = mask;
                if (mask != children) {
                    combined++;
                    acks++;
                    actions.header(header(ACK, e, group));
                    actions.forward(inPort);
                    return;
                }
                if (parent >= 0) {
                    forwarded[group][router] = true;
                    actions.forward(parent);
                    acks++;
                    actions.send(inPort, PacketView.BARRIER, header(ACK, e, group));
                    actions.timer(cycle + timeout, token(group, e));
                } else {
                    // the root switch: the completion is every child's acknowledgement
                    barriers++;
                    complete(router, group);
                    actions.header(header(COMPLETION, e, group));
                    down(children, actions);
                }
            }
            case ACK -> {
                if (e == current && forwarded[group][router]) {
                    ackedUp[group][router] = true;
                }
                // else late: the completion, which acknowledges too, came first
                actions.absorb();
            }
            case URGE -> {
                if (e == last && epochsSeen(group, router)) {
                    duplicates++;
                    actions.header(header(COMPLETION, e, group));
                    actions.forward(inPort);
                } else {
                    actions.absorb(); // not completed here yet: this switch's own timer urges upward
                }
            }
            case COMPLETION -> {
                if (e == current) {
                    complete(router, group);
                } else {
                    duplicates++; // a repeat (after an urge): pass it down again, children drop what they have
                }
                down(children, actions);
            }
            default -> throw new IllegalStateException("a barrier " + KINDS[Math.min(kind, 4)] + " of group " + group
                    + " reached router " + router + "; the reliable protocol has no such packet at a switch");
        }
    }

    /** Whether router {@code router} has passed at least one completion of {@code group}. */
    private boolean epochsSeen(int group, int router) {
        return completedAt[group] != null && completedAt[group][router];
    }

    private void complete(int router, int group) {
        if (completedAt == null) {
            completedAt = new boolean[trees.length][];
        }
        if (completedAt[group] == null) {
            completedAt[group] = new boolean[topology.routers()];
        }
        completedAt[group][router] = true;
        epoch[group][router] = (epoch[group][router] + 1) & (EPOCHS - 1);
        arrived[group][router] = 0;
        forwarded[group][router] = false;
        ackedUp[group][router] = false;
    }

    @Override
    public void routerTimer(int router, int token, long cycle, RouterActions actions) {
        int group = token >>> 8;
        int e = token & (EPOCHS - 1);
        if (epoch[group][router] != e || !forwarded[group][router]) {
            return; // completed since: the timer no longer matters
        }
        int parent = trees[group].parentPort(router);
        if (!ackedUp[group][router]) {
            resent++;
            actions.send(parent, PacketView.BARRIER, header(ARRIVAL, e, group));
        } else {
            urges++;
            actions.send(parent, PacketView.BARRIER, header(URGE, e, group));
        }
        actions.timer(cycle + timeout, token);
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
        if (reliable) {
            out.put("acknowledgements", acks);
            out.put("resent", resent);
            out.put("urges", urges);
            out.put("duplicates", duplicates);
        }
        return out;
    }
}
