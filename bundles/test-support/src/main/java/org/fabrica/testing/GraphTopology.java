package org.fabrica.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabrica.topology.Topology;

/**
 * A small topology written out port by port: neither a k-ary n-cube nor a tree, for tests of
 * providers that must reject such a graph (with a message naming it) or treat any graph alike.
 * Built with {@link #builder}; {@link #crossbar} is the common case of one router with a node on
 * every port. Nodes are numbered in the order they are attached. Immutable once built.
 */
public final class GraphTopology implements Topology {
    private final String description;
    private final int[] portBase;
    private final int[] neighbor;
    private final int[] neighborPort;
    private final int[] terminal;
    private final int[] nodeRouter;
    private final int[] nodePort;

    private GraphTopology(Builder b) {
        this.description = b.description;
        this.portBase = b.portBase.clone();
        this.neighbor = b.neighbor.clone();
        this.neighborPort = b.neighborPort.clone();
        this.terminal = b.terminal.clone();
        this.nodeRouter = b.nodeRouters.stream().mapToInt(Integer::intValue).toArray();
        this.nodePort = b.nodePorts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** One router of {@code nodes} ports with node p on port p, described as "{@code nodes}-port crossbar". */
    public static GraphTopology crossbar(int nodes) {
        Builder b = builder(nodes + "-port crossbar").routers(1, nodes);
        for (int p = 0; p < nodes; p++) {
            b.node(0, p);
        }
        return b.build();
    }

    /** A builder of a topology that {@link #describe()} calls {@code description}. */
    public static Builder builder(String description) {
        return new Builder(description);
    }

    /** Adds routers, links and nodes; every port is unused until linked or given a node. */
    public static final class Builder {
        private final String description;
        private int[] portBase = {0};
        private int[] neighbor = new int[0];
        private int[] neighborPort = new int[0];
        private int[] terminal = new int[0];
        private final List<Integer> nodeRouters = new ArrayList<>();
        private final List<Integer> nodePorts = new ArrayList<>();

        private Builder(String description) {
            this.description = description;
        }

        /** Adds {@code count} routers of {@code ports} ports each, numbered after the existing ones. */
        public Builder routers(int count, int ports) {
            if (count < 1 || ports < 1) {
                throw new IllegalArgumentException(count + " routers of " + ports + " ports; use at least 1 of each");
            }
            int routers = portBase.length - 1;
            int[] base = Arrays.copyOf(portBase, routers + count + 1);
            for (int r = routers; r < routers + count; r++) {
                base[r + 1] = base[r] + ports;
            }
            int total = base[routers + count];
            neighbor = grow(neighbor, total);
            neighborPort = grow(neighborPort, total);
            terminal = grow(terminal, total);
            portBase = base;
            return this;
        }

        /** A full-duplex link between port {@code p} of router {@code r} and port {@code q} of router {@code s}. */
        public Builder link(int r, int p, int s, int q) {
            int a = free(r, p);
            int b = free(s, q);
            if (a == b) {
                throw new IllegalArgumentException("router " + r + " port " + p + " cannot link to itself");
            }
            neighbor[a] = s;
            neighborPort[a] = q;
            neighbor[b] = r;
            neighborPort[b] = p;
            return this;
        }

        /** Attaches the next node (numbered from 0) to port {@code p} of router {@code r}. */
        public Builder node(int r, int p) {
            terminal[free(r, p)] = nodeRouters.size();
            nodeRouters.add(r);
            nodePorts.add(p);
            return this;
        }

        public GraphTopology build() {
            if (nodeRouters.isEmpty()) {
                throw new IllegalArgumentException(description + ": attach at least one node");
            }
            return new GraphTopology(this);
        }

        private int free(int r, int p) {
            if (r < 0 || r >= portBase.length - 1 || p < 0 || p >= portBase[r + 1] - portBase[r]) {
                throw new IllegalArgumentException("router " + r + " port " + p + " does not exist");
            }
            int g = portBase[r] + p;
            if (neighbor[g] >= 0 || terminal[g] >= 0) {
                throw new IllegalArgumentException("router " + r + " port " + p + " is already used");
            }
            return g;
        }

        private static int[] grow(int[] a, int length) {
            int[] b = Arrays.copyOf(a, length);
            Arrays.fill(b, a.length, length, -1);
            return b;
        }
    }

    @Override
    public int nodes() {
        return nodeRouter.length;
    }

    @Override
    public int routers() {
        return portBase.length - 1;
    }

    @Override
    public int ports(int router) {
        return portBase[router + 1] - portBase[router];
    }

    @Override
    public int neighbor(int router, int port) {
        return neighbor[portBase[router] + port];
    }

    @Override
    public int neighborPort(int router, int port) {
        return neighborPort[portBase[router] + port];
    }

    @Override
    public int terminal(int router, int port) {
        return terminal[portBase[router] + port];
    }

    @Override
    public int nodeRouter(int node) {
        return nodeRouter[node];
    }

    @Override
    public int nodePort(int node) {
        return nodePort[node];
    }

    @Override
    public String describe() {
        return description;
    }
}
