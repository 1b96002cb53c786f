package org.fabrica.collective;

import java.util.Arrays;
import org.fabrica.topology.Topology;

/**
 * The tree a collective operation of a group uses: the shortest-path tree from its root (a router,
 * or a node through its router) to the routers of the members, pruned to the routers with members
 * below them. Each router of the tree has one parent port (toward the root; -1 at a root router)
 * and a set of child ports (toward members: router links and members' terminal ports). Breadth
 * first, ports in order, so a fat tree's root switch gives its down tree and ties are broken the
 * same way in every run.
 *
 * <p>Routers of at most 64 ports (child ports are a bit mask).
 */
public final class CollectiveTree {
    private final int root;
    private final int[] members;
    private final int[] parentPort;
    private final long[] children;
    private final boolean[] inTree;
    private final int[] routerHops;
    private final int height;

    private CollectiveTree(int root, int[] members, int[] parentPort, long[] children, boolean[] inTree,
            int[] routerHops, int height) {
        this.root = root;
        this.members = members;
        this.parentPort = parentPort;
        this.children = children;
        this.inTree = inTree;
        this.routerHops = routerHops;
        this.height = height;
    }

    /**
     * The tree from {@code root} (a vertex, {@link Vertices}) over {@code members} (distinct nodes).
     *
     * @throws IllegalArgumentException for an empty or repeated member list, a node or router out of
     *         range, a router of more than 64 ports, or a member the root cannot reach
     */
    public static CollectiveTree spanning(Topology topology, int root, int[] members) {
        int routers = topology.routers();
        int nodes = topology.nodes();
        if (members.length == 0) {
            throw new IllegalArgumentException("a collective tree needs at least one member");
        }
        int[] sorted = members.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            if (sorted[i] < 0 || sorted[i] >= nodes) {
                throw new IllegalArgumentException("member node " + sorted[i] + " out of range 0.." + (nodes - 1));
            }
            if (i > 0 && sorted[i] == sorted[i - 1]) {
                throw new IllegalArgumentException("member node " + sorted[i] + " given twice");
            }
        }
        int start;
        int[] parentPort = new int[routers];
        Arrays.fill(parentPort, -1);
        if (Vertices.isNode(root)) {
            int n = Vertices.nodeOf(root);
            if (n >= nodes) {
                throw new IllegalArgumentException("root node " + n + " out of range 0.." + (nodes - 1));
            }
            start = topology.nodeRouter(n);
            parentPort[start] = topology.nodePort(n);
        } else {
            if (root >= routers) {
                throw new IllegalArgumentException("root router " + root + " out of range 0.." + (routers - 1));
            }
            start = root;
        }
        // breadth first from the root's router
        int[] dist = new int[routers];
        Arrays.fill(dist, -1);
        int[] queue = new int[routers];
        int head = 0;
        int tail = 0;
        dist[start] = 0;
        queue[tail++] = start;
        while (head < tail) {
            int u = queue[head++];
            int ports = topology.ports(u);
            if (ports > Long.SIZE) {
                throw new IllegalArgumentException("router " + u + " has " + ports + " ports; collective trees serve"
                        + " routers of at most " + Long.SIZE + " ports");
            }
            for (int p = 0; p < ports; p++) {
                int v = topology.neighbor(u, p);
                if (v >= 0 && dist[v] < 0) {
                    dist[v] = dist[u] + 1;
                    parentPort[v] = topology.neighborPort(u, p);
                    queue[tail++] = v;
                }
            }
        }
        long[] children = new long[routers];
        boolean[] inTree = new boolean[routers];
        int[] routerHops = new int[sorted.length];
        int height = 0;
        inTree[start] = true;
        for (int i = 0; i < sorted.length; i++) {
            int m = sorted[i];
            int r = topology.nodeRouter(m);
            if (dist[r] < 0) {
                throw new IllegalArgumentException("member node " + m + " (router " + r + ") cannot be reached from the"
                        + " root, " + Vertices.describe(root));
            }
            routerHops[i] = dist[r] + 1;
            height = Math.max(height, routerHops[i]);
            if (Vertices.isNode(root) && Vertices.nodeOf(root) == m) {
                continue; // the root node is the tree's root, not a child
            }
            children[r] |= 1L << topology.nodePort(m);
            // climb to the root's router, marking each link as a child port of its upper end
            int v = r;
            while (v != start && !inTree[v]) {
                inTree[v] = true;
                int up = parentPort[v];
                int u = topology.neighbor(v, up);
                children[u] |= 1L << topology.neighborPort(v, up);
                v = u;
            }
        }
        for (int r = 0; r < routers; r++) {
            if (!inTree[r]) {
                parentPort[r] = -1;
            }
        }
        return new CollectiveTree(root, sorted, parentPort, children, inTree, routerHops, height);
    }

    /** The root vertex ({@link Vertices}). */
    public int root() {
        return root;
    }

    /** The members, ascending. */
    public int[] members() {
        return members.clone();
    }

    /** Whether {@code router} is part of the tree. */
    public boolean contains(int router) {
        return inTree[router];
    }

    /** The port of {@code router} toward the root, or -1 at a root router and outside the tree. */
    public int parentPort(int router) {
        return parentPort[router];
    }

    /** The child ports of {@code router} as a bit mask (bit p: port p), 0 outside the tree. */
    public long childPorts(int router) {
        return children[router];
    }

    /** Number of child ports of {@code router}. */
    public int childCount(int router) {
        return Long.bitCount(children[router]);
    }

    /** Routers on the path from the root to member {@code i} of {@link #members()} (the root's router included). */
    public int routerHops(int i) {
        return routerHops[i];
    }

    /** The most routers on a path from the root to a member. */
    public int height() {
        return height;
    }
}
