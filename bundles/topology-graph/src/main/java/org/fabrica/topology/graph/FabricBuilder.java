package org.fabrica.topology.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A network as a reader finds it in a file, before it is checked and frozen into a {@link FileGraph}:
 * routers with numbered ports and their labels, links between two router ports, and the end nodes,
 * each on one router port. Checks on build that the routers form one connected network and that
 * there is at least one end node, with messages naming the file and the fix.
 */
final class FabricBuilder {
    private final String file;
    private final String format;
    private final List<String> names = new ArrayList<>();
    private final List<int[]> neighbor = new ArrayList<>();
    private final List<int[]> neighborPort = new ArrayList<>();
    private final List<int[]> terminal = new ArrayList<>();
    private final List<String[]> labels = new ArrayList<>();
    private int[] nodeRouter = new int[16];
    private int[] nodePort = new int[16];
    private int nodes;
    private int links;

    /**
     * @param file the file's name as the experiment gives it, for messages
     * @param format the format's name, for messages and the description
     */
    FabricBuilder(String file, String format) {
        this.file = file;
        this.format = format;
    }

    String file() {
        return file;
    }

    /** Adds a router of {@code ports} ports, all unused; returns its number. */
    int addRouter(String name, int ports) {
        int[] n = new int[ports];
        Arrays.fill(n, -1);
        neighbor.add(n);
        neighborPort.add(n.clone());
        terminal.add(n.clone());
        String[] l = new String[ports];
        for (int p = 0; p < ports; p++) {
            l[p] = "p" + p;
        }
        labels.add(l);
        names.add(name);
        return names.size() - 1;
    }

    int routers() {
        return names.size();
    }

    void label(int router, int port, String label) {
        labels.get(router)[port] = label;
    }

    /** Links port {@code p} of router {@code r} and port {@code q} of router {@code s}, both unused so far. */
    void link(int r, int p, int s, int q) {
        neighbor.get(r)[p] = s;
        neighborPort.get(r)[p] = q;
        neighbor.get(s)[q] = r;
        neighborPort.get(s)[q] = p;
        links++;
    }

    /** Attaches end node {@code node} (the next number, {@link #nodes()}) to port {@code p} of router {@code r}. */
    void attach(int node, int r, int p) {
        if (node != nodes) {
            throw new IllegalStateException("end nodes are attached in order: expected " + nodes + ", got " + node);
        }
        if (nodes == nodeRouter.length) {
            nodeRouter = Arrays.copyOf(nodeRouter, 2 * nodes);
            nodePort = Arrays.copyOf(nodePort, 2 * nodes);
        }
        nodeRouter[nodes] = r;
        nodePort[nodes] = p;
        terminal.get(r)[p] = node;
        nodes++;
    }

    int nodes() {
        return nodes;
    }

    /**
     * The network, after checking it has end nodes and its routers are connected.
     *
     * @throws IllegalArgumentException naming the file, what is wrong and the fix
     */
    FileGraph build(String noNodesHint, String disconnectedHint) {
        if (names.isEmpty()) {
            throw new IllegalArgumentException(file + ": no routers in the " + format + " file; " + noNodesHint);
        }
        if (nodes == 0) {
            throw new IllegalArgumentException(file + ": the network has " + names.size() + " routers but no end nodes,"
                    + " so no traffic can be sent; " + noNodesHint);
        }
        int[] reached = reachedFrom(0);
        int missing = 0;
        int first = -1;
        for (int r = 0; r < reached.length; r++) {
            if (reached[r] == 0) {
                missing++;
                first = first < 0 ? r : first;
            }
        }
        if (missing > 0) {
            throw new IllegalArgumentException(file + ": the network is not connected: " + names.get(first)
                    + (missing > 1 ? " and " + (missing - 1) + " other routers" : "") + " cannot be reached from "
                    + names.get(0) + "; " + disconnectedHint);
        }
        return new FileGraph(file, format, names.toArray(String[]::new), neighbor.toArray(int[][]::new),
                neighborPort.toArray(int[][]::new), terminal.toArray(int[][]::new), labels.toArray(String[][]::new),
                Arrays.copyOf(nodeRouter, nodes), Arrays.copyOf(nodePort, nodes), links);
    }

    /** 1 for every router reached from {@code start} over links, 0 for the others. */
    private int[] reachedFrom(int start) {
        int[] seen = new int[names.size()];
        int[] queue = new int[names.size()];
        int head = 0;
        int tail = 0;
        queue[tail++] = start;
        seen[start] = 1;
        while (head < tail) {
            int r = queue[head++];
            for (int s : neighbor.get(r)) {
                if (s >= 0 && seen[s] == 0) {
                    seen[s] = 1;
                    queue[tail++] = s;
                }
            }
        }
        return seen;
    }
}
