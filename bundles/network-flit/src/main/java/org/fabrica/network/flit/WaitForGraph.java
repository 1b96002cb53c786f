package org.fabrica.network.flit;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.kernel.SimulationException;

/**
 * The wait-for graph of input VC buffers when the watchdog fires (cold path, allocates freely).
 * A buffer whose front packet cannot move waits for:
 * <ul>
 * <li>(head waiting for VC allocation) every downstream VC it may use that is owned by another
 * packet: the input VC of this router holding that packet (it must send its remaining flits
 * first); or, when the VC is unowned but short of credits (virtual cut-through) or waiting for
 * its last credit, the downstream buffer itself;</li>
 * <li>(flit of an allocated packet without credit) the downstream buffer it is allocated.</li>
 * </ul>
 * A deadlock is a cycle in this graph; it is found by depth-first search and reported as the
 * list of channels, each named by the link and VC that feeds the buffer.
 */
final class WaitForGraph {
    private final FlitNetwork net;
    private final int[] edgeTarget = new int[4096];
    private final int[] edgeVia = new int[4096];
    private int edges;

    WaitForGraph(FlitNetwork net) {
        this.net = net;
    }

    SimulationException deadlock(long t) {
        int total = net.wiring.totalQueues();
        int[] color = new int[total];
        int[] parent = new int[total];
        int[] parentVia = new int[total];
        int[] cycle = null;
        for (int start = 0; start < total && cycle == null; start++) {
            if (color[start] != 0 || !stuck(start, t)) {
                continue;
            }
            cycle = search(start, t, color, parent, parentVia);
        }
        StringBuilder m = new StringBuilder();
        m.append("deadlock at cycle ").append(t).append(": no flit moved for ").append(t - net.progress.lastMove)
                .append(" cycles with ").append(net.progress.inNetwork).append(" packets in the network (routing '")
                .append(net.route.routingName).append("', queuing '").append(net.names.queuing()).append("'). ");
        if (cycle != null) {
            describeCycle(m, cycle);
        } else {
            m.append("No cycle of waiting channels was found; stuck channels: ");
            int listed = 0;
            for (int iv = 0; iv < total && listed < 16; iv++) {
                if (net.inputs.count(iv) == 0) {
                    continue;
                }
                if (listed++ > 0) {
                    m.append("; ");
                }
                m.append(net.wiring.queueName(iv)).append(" (").append(frontPacket(iv)).append(", ").append(describe(iv, t)).append(')');
            }
            if (listed == 0) {
                m.append("none buffered (flits only in source queues)");
            }
        }
        return new SimulationException(m.toString());
    }

    private void describeCycle(StringBuilder m, int[] cycle) {
        m.append("Cycle of waiting channels: ");
        int n = cycle.length / 2;
        for (int i = 0; i < n; i++) {
            int iv = cycle[2 * i];
            int via = cycle[2 * i + 1];
            int next = cycle[(2 * i + 2) % cycle.length];
            m.append(net.wiring.queueName(iv)).append(" (").append(frontPacket(iv)).append(") waits for ");
            if (via >= 0 && net.wiring.creditName(via).equals(net.wiring.queueName(next))) {
                m.append(net.wiring.queueName(next));
            } else if (via >= 0) {
                m.append(net.wiring.creditName(via)).append(" held by the packet in ").append(net.wiring.queueName(next));
            } else {
                m.append(net.wiring.queueName(next));
            }
            m.append(" -> ");
        }
        m.append("back to ").append(net.wiring.queueName(cycle[0]));
    }

    /**
     * A deadlock in part of the network while other packets still move, or null. {@code stale}
     * holds the queues whose front packet has not moved since the previous look. Of those, the
     * ones whose front cannot move whatever happens outside them are kept: every way out is taken
     * (each candidate VC owned by another packet or short of room downstream, or no credit for
     * the allocated one). Then any that waits for a queue outside the set is dropped, until none
     * is: what remains waits only on itself, a deadlock whichever way the rest of the network goes
     * (with adaptive routing a head waits for any one of its candidates, so a cycle alone would
     * not prove it).
     */
    SimulationException partial(long t, java.util.BitSet stale) {
        java.util.BitSet set = new java.util.BitSet();
        for (int iv = stale.nextSetBit(0); iv >= 0; iv = stale.nextSetBit(iv + 1)) {
            if (blocked(iv, t)) {
                set.set(iv);
            }
        }
        boolean changed = true;
        while (changed && !set.isEmpty()) {
            changed = false;
            for (int iv = set.nextSetBit(0); iv >= 0; iv = set.nextSetBit(iv + 1)) {
                int[] succ = successors(iv, t);
                boolean inside = succ.length > 0;
                for (int i = 0; i < succ.length && inside; i += 2) {
                    inside = set.get(succ[i]);
                }
                if (!inside) {
                    set.clear(iv);
                    changed = true;
                }
            }
        }
        if (set.isEmpty()) {
            return null;
        }
        int total = net.wiring.totalQueues();
        int[] cycle = search(set.nextSetBit(0), t, new int[total], new int[total], new int[total], set::get);
        StringBuilder m = new StringBuilder();
        m.append("deadlock at cycle ").append(t).append(" in part of the network: ").append(set.cardinality())
                .append(" channels wait only on each other while other packets still move (routing '")
                .append(net.route.routingName).append("', queuing '").append(net.names.queuing()).append("'). ");
        if (cycle != null) {
            describeCycle(m, cycle);
        }
        return new SimulationException(m.toString());
    }

    /**
     * True when the front of queue {@code iv} has arrived and cannot move now: every candidate VC
     * of a waiting head is owned by another packet or lacks room downstream, or an allocated
     * packet has no credit for a downstream buffer. A free way out (a VC it could take, a credit,
     * a terminal output) makes it false.
     */
    boolean blocked(int iv, long t) {
        if (!stuck(iv, t)) {
            return false;
        }
        int state = net.inputs.states.state(iv);
        int vcs = net.vcs;
        if (state == VcStates.VC_ALLOC) {
            int gp = net.wiring.queueVc(iv) / vcs;
            int r = net.wiring.portRouter[gp];
            int base = net.wiring.portBase[r];
            int length = net.pool.length[net.inputs.frontSlot(iv)];
            int candidates = net.inputs.states.candidateCount(iv);
            if (candidates == 0) {
                return false;
            }
            if (net.inputs.states.multi(iv)) {
                return branchesBlocked(iv, base, length, candidates);
            }
            for (int k = 0; k < candidates; k++) {
                int port = net.inputs.states.candidatePort(iv, k);
                long mask = net.inputs.states.candidateMask(iv, k);
                int target = net.wiring.flitTarget[base + port];
                while (mask != 0) {
                    int v = Long.numberOfTrailingZeros(mask);
                    mask &= mask - 1;
                    int ov = (base + port) * vcs + v;
                    int holder = net.outputs.owner[ov];
                    boolean held = holder >= 0 && holder != iv && !net.outputs.tailWait[ov];
                    boolean full = target >= 0 && (holder >= 0 || (net.cutThrough && net.outputs.credits[ov] < length));
                    if (!held && !full) {
                        return false;
                    }
                }
            }
            return true;
        }
        if (state == VcStates.ACTIVE) {
            int ov = net.inputs.states.out(iv);
            return net.outputs.credits[ov] <= 0 && net.wiring.flitTarget[ov / vcs] >= 0;
        }
        return false;
    }

    /**
     * A multi-output head needs every branch: it is blocked when some branch has no VC that is free
     * with room, or already held by the head itself (hold and wait).
     */
    private boolean branchesBlocked(int iv, int base, int length, int branches) {
        int vcs = net.vcs;
        for (int k = 0; k < branches; k++) {
            int port = net.inputs.states.candidatePort(iv, k);
            long mask = net.inputs.states.candidateMask(iv, k);
            boolean open = false;
            while (mask != 0) {
                int v = Long.numberOfTrailingZeros(mask);
                mask &= mask - 1;
                int ov = (base + port) * vcs + v;
                int holder = net.outputs.owner[ov];
                if (holder == iv || holder < 0 && !(net.cutThrough && net.outputs.credits[ov] < length)) {
                    open = true;
                    break;
                }
            }
            if (!open) {
                return true;
            }
        }
        return false;
    }

    /** Iterative DFS; returns [iv0, via0, iv1, via1, ...] of a cycle, or null. */
    private int[] search(int start, long t, int[] color, int[] parent, int[] parentVia) {
        return search(start, t, color, parent, parentVia, iv -> stuck(iv, t));
    }

    /** Iterative DFS over the queues {@code member} accepts; returns [iv0, via0, iv1, via1, ...] of a cycle, or null. */
    private int[] search(int start, long t, int[] color, int[] parent, int[] parentVia,
            java.util.function.IntPredicate member) {
        List<int[]> stack = new ArrayList<>();
        color[start] = 1;
        parent[start] = -1;
        stack.add(successors(start, t));
        List<Integer> path = new ArrayList<>();
        path.add(start);
        List<Integer> position = new ArrayList<>();
        position.add(0);
        while (!stack.isEmpty()) {
            int depth = stack.size() - 1;
            int[] succ = stack.get(depth);
            int pos = position.get(depth);
            int node = path.get(depth);
            if (pos >= succ.length / 2) {
                color[node] = 2;
                stack.remove(depth);
                path.remove(depth);
                position.remove(depth);
                continue;
            }
            position.set(depth, pos + 1);
            int next = succ[2 * pos];
            int via = succ[2 * pos + 1];
            if (color[next] == 1) {
                // cycle: from next (on the path) to node, then back to next
                int from = path.indexOf(next);
                int len = path.size() - from;
                int[] cycle = new int[2 * len];
                for (int i = 0; i < len; i++) {
                    int iv = path.get(from + i);
                    cycle[2 * i] = iv;
                    cycle[2 * i + 1] = i + 1 < len ? parentVia[path.get(from + i + 1)] : via;
                }
                return cycle;
            }
            if (color[next] == 0 && member.test(next)) {
                color[next] = 1;
                parent[next] = node;
                parentVia[next] = via;
                stack.add(successors(next, t));
                path.add(next);
                position.add(0);
            }
        }
        return null;
    }

    private boolean stuck(int iv, long t) {
        if (net.inputs.count(iv) == 0) {
            return false;
        }
        return (int) t - net.inputs.frontVisible(iv) >= 0;
    }

    /** Pairs (waited-for input queue, output VC it is waited for through). */
    int[] successors(int iv, long t) {
        edges = 0;
        int state = net.inputs.states.state(iv);
        int vcs = net.vcs;
        if (state == VcStates.VC_ALLOC) {
            int gp = net.wiring.queueVc(iv) / vcs;
            int r = net.wiring.portRouter[gp];
            int base = net.wiring.portBase[r];
            int slot = net.inputs.frontSlot(iv);
            int length = net.pool.length[slot];
            for (int k = 0; k < net.inputs.states.candidateCount(iv); k++) {
                int port = net.inputs.states.candidatePort(iv, k);
                long mask = net.inputs.states.candidateMask(iv, k);
                int target = net.wiring.flitTarget[base + port];
                while (mask != 0) {
                    int v = Long.numberOfTrailingZeros(mask);
                    mask &= mask - 1;
                    int ov = (base + port) * vcs + v;
                    int holder = net.outputs.owner[ov];
                    if (holder >= 0 && holder != iv && !net.outputs.tailWait[ov]) {
                        add(holder, ov);
                    } else if (target >= 0 && (holder >= 0 || (net.cutThrough && net.outputs.credits[ov] < length))) {
                        addBuffer(target + v, ov);
                    }
                }
            }
        } else if (state == VcStates.ACTIVE) {
            int ov = net.inputs.states.out(iv);
            int gpOut = ov / vcs;
            int target = net.wiring.flitTarget[gpOut];
            if (net.outputs.credits[ov] <= 0 && target >= 0) {
                addBuffer(target + ov % vcs, ov);
            }
        }
        int[] result = new int[2 * edges];
        for (int i = 0; i < edges; i++) {
            result[2 * i] = edgeTarget[i];
            result[2 * i + 1] = edgeVia[i];
        }
        return result;
    }

    /** Waiting for room in input VC {@code iv}: for each of its queues that holds flits (the VC itself when a VC is one queue). */
    private void addBuffer(int iv, int via) {
        if (!net.wiring.voq) {
            add(iv, via);
            return;
        }
        for (int q : net.inputs.nonEmptyQueues(iv)) {
            add(q, via);
        }
    }

    private void add(int target, int via) {
        if (edges < edgeTarget.length) {
            edgeTarget[edges] = target;
            edgeVia[edges] = via;
            edges++;
        }
    }

    private String frontPacket(int iv) {
        int slot = net.inputs.frontSlot(iv);
        PacketPool p = net.pool;
        return "packet " + p.id[slot] + ": " + p.source[slot] + " -> " + p.destination[slot];
    }

    private String describe(int iv, long t) {
        if (!stuck(iv, t)) {
            return "flits on the link";
        }
        switch (net.inputs.states.state(iv)) {
            case VcStates.VC_ALLOC:
                return "head waiting for a VC" + (net.throttleActive && net.wiring.terminalNode[net.wiring.queueVc(iv)
                        / net.vcs] >= 0
                        ? " or held back by throttle '" + net.names.throttle() + "'" : "");
            case VcStates.ACTIVE:
                return net.outputs.credits[net.inputs.states.out(iv)] <= 0 ? "no credit for " + net.wiring.creditName(net.inputs.states.out(iv))
                        : "allocated " + net.wiring.creditName(net.inputs.states.out(iv));
            default:
                return "routing";
        }
    }
}
