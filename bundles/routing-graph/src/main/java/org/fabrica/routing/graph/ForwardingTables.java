package org.fabrica.routing.graph;

import java.util.Arrays;
import org.fabrica.topology.Topology;

/**
 * Checked destination-based forwarding tables: at every router, the output port of every
 * destination node (as a subnet manager's linear forwarding tables give it), with the VC class of
 * each entry. {@link #check} walks the route from every router with end nodes to every node and
 * refuses tables that miss an entry on the way, loop, lead out of an unused port or to the wrong end
 * node, and (with {@link DeadlockAvoidance#REFUSE}) tables whose channel dependencies form a cycle.
 */
final class ForwardingTables {
    /** Largest routers x nodes accepted (the tables are two ints per entry). */
    static final long MAX_ENTRIES = 64L << 20;

    private final int nodes;
    private final int[] port;
    private final byte[] vcClass;
    private final int classes;
    private final int longest;

    private ForwardingTables(int nodes, int[] port, byte[] vcClass, int classes, int longest) {
        this.nodes = nodes;
        this.port = port;
        this.vcClass = vcClass;
        this.classes = classes;
        this.longest = longest;
    }

    /** Output port at {@code router} of packets for {@code destination}. */
    int port(int router, int destination) {
        return port[router * nodes + destination];
    }

    /** VC class at {@code router} of packets for {@code destination}. */
    int vcClass(int router, int destination) {
        return vcClass[router * nodes + destination];
    }

    /** VC classes used. */
    int classes() {
        return classes;
    }

    /** Router-to-router hops of the longest route. */
    int longestRoute() {
        return longest;
    }

    /** Where the entries came from, for messages: e.g. {@code forwarding tables 'x.lft'}. */
    interface Origin {
        /** What the tables are, e.g. {@code forwarding tables 'fabric.lft'}. */
        String name();

        /** Where the entry was given, e.g. {@code line 12}, or null when computed. */
        String where(int router, int destination);
    }

    static int entries(Topology topology, String who) {
        long entries = (long) topology.routers() * topology.nodes();
        if (entries > MAX_ENTRIES) {
            throw new IllegalArgumentException(who + ": " + topology.routers() + " routers x " + topology.nodes()
                    + " nodes is more than " + MAX_ENTRIES + " table entries; use a smaller network");
        }
        return (int) entries;
    }

    /**
     * Checks the tables and numbers their VC classes.
     *
     * @param port the entries, router x nodes + destination; -1 for none (at a destination's own
     *        router, none means its terminal port)
     * @throws IllegalArgumentException naming the destination, the route and the fix
     */
    static ForwardingTables check(Topology t, int[] port, Origin origin, DeadlockAvoidance deadlock) {
        int nodes = t.nodes();
        int routers = t.routers();
        int[] hops = new int[port.length];
        Arrays.fill(hops, -1);
        int[] path = new int[routers + 1];
        int[] stamp = new int[routers];
        int walk = 0;
        boolean[] source = new boolean[routers];
        for (int n = 0; n < nodes; n++) {
            source[t.nodeRouter(n)] = true;
        }
        int longest = 0;
        for (int d = 0; d < nodes; d++) {
            int home = t.nodeRouter(d);
            int i = home * nodes + d;
            if (port[i] < 0) {
                port[i] = t.nodePort(d);
            } else if (port[i] != t.nodePort(d)) {
                throw new IllegalArgumentException(origin.name() + ": router " + home + " sends packets for node " + d
                        + ", which is attached to it on port " + t.portLabel(home, t.nodePort(d)) + ", out of port "
                        + t.portLabel(home, port[i]) + at(origin, home, d) + "; give port "
                        + t.portLabel(home, t.nodePort(d)));
            }
            hops[i] = 0;
            for (int s = 0; s < routers; s++) {
                if (!source[s] || hops[s * nodes + d] >= 0) {
                    continue;
                }
                walk++;
                int length = 0;
                int r = s;
                while (hops[r * nodes + d] < 0) {
                    if (stamp[r] == walk) {
                        throw new IllegalArgumentException(origin.name() + ": the route to node " + d + " loops: "
                                + route(path, length, r) + at(origin, path[length - 1], d)
                                + "; correct the entries so that every route reaches router " + home);
                    }
                    stamp[r] = walk;
                    path[length++] = r;
                    int p = port[r * nodes + d];
                    if (p < 0) {
                        throw new IllegalArgumentException(origin.name() + ": router " + r + " has no entry for node " + d
                                + ", whose packets from router " + s + " reach it (" + route(path, length, -1)
                                + "); add one, e.g. a line '" + r + " " + d + " <port>'");
                    }
                    int next = t.neighbor(r, p);
                    if (next < 0) {
                        int other = t.terminal(r, p);
                        throw new IllegalArgumentException(origin.name() + ": router " + r + " sends packets for node "
                                + d + " out of port " + t.portLabel(r, p) + at(origin, r, d) + ", "
                                + (other >= 0 ? "which leads to node " + other : "which is not linked") + "; give a port"
                                + " towards router " + home);
                    }
                    r = next;
                }
                int h = hops[r * nodes + d];
                for (int k = length - 1; k >= 0; k--) {
                    hops[path[k] * nodes + d] = ++h;
                }
                longest = Math.max(longest, h);
            }
        }
        byte[] classOf = new byte[port.length];
        int classes = 1;
        if (deadlock == DeadlockAvoidance.HOP_CLASSES) {
            if (longest > Byte.MAX_VALUE) {
                throw new IllegalArgumentException(origin.name() + ": the longest route has " + longest + " hops, more"
                        + " VC classes than hop-classes gives (" + Byte.MAX_VALUE + "); use deadlock: refuse");
            }
            classes = Math.max(1, longest);
            for (int i = 0; i < port.length; i++) {
                classOf[i] = (byte) (hops[i] > 0 ? longest - hops[i] : 0);
            }
        } else {
            ChannelDependencies.refuseCycles(t, port, hops, origin);
        }
        return new ForwardingTables(nodes, port, classOf, classes, longest);
    }

    static String at(Origin origin, int router, int destination) {
        String w = origin.where(router, destination);
        return w == null ? "" : " (" + w + ")";
    }

    private static String route(int[] path, int length, int last) {
        StringBuilder sb = new StringBuilder("router ");
        for (int k = 0; k < length; k++) {
            sb.append(k == 0 ? "" : " -> ").append(path[k]);
        }
        if (last >= 0) {
            sb.append(" -> ").append(last);
        }
        return sb.toString();
    }
}
