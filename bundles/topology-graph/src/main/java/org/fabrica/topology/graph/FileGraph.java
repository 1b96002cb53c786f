package org.fabrica.topology.graph;

import org.fabrica.topology.Topology;

/**
 * A network read from a file: routers with the ports, links and end nodes the file gives, numbered
 * as its reader says ({@link AnynetReader}, {@link IbnetdiscoverReader}). Immutable; every query is
 * an array look-up.
 */
public final class FileGraph implements Topology {
    private final String file;
    private final String format;
    private final String[] names;
    private final int[][] neighbor;
    private final int[][] neighborPort;
    private final int[][] terminal;
    private final String[][] labels;
    private final int[] nodeRouter;
    private final int[] nodePort;
    private final int links;

    FileGraph(String file, String format, String[] names, int[][] neighbor, int[][] neighborPort, int[][] terminal,
            String[][] labels, int[] nodeRouter, int[] nodePort, int links) {
        this.file = file;
        this.format = format;
        this.names = names;
        this.neighbor = neighbor;
        this.neighborPort = neighborPort;
        this.terminal = terminal;
        this.labels = labels;
        this.nodeRouter = nodeRouter;
        this.nodePort = nodePort;
        this.links = links;
    }

    /** The router's name in the file, e.g. {@code router 3} or {@code S-0002c90300a1b2c0 "leaf-1"}. */
    public String routerName(int router) {
        return names[router];
    }

    /** Router-to-router links. */
    public int links() {
        return links;
    }

    @Override
    public int nodes() {
        return nodeRouter.length;
    }

    @Override
    public int routers() {
        return names.length;
    }

    @Override
    public int ports(int router) {
        return neighbor[router].length;
    }

    @Override
    public int neighbor(int router, int port) {
        return neighbor[router][port];
    }

    @Override
    public int neighborPort(int router, int port) {
        return neighborPort[router][port];
    }

    @Override
    public int terminal(int router, int port) {
        return terminal[router][port];
    }

    @Override
    public int nodeRouter(int node) {
        return nodeRouter[node];
    }

    @Override
    public int nodePort(int node) {
        return nodePort[node];
    }

    /** anynet: {@code r<id>} to a router, {@code n<id>} to a node; ibnetdiscover: the port's number. */
    @Override
    public String portLabel(int router, int port) {
        return labels[router][port];
    }

    @Override
    public String describe() {
        return format + " network " + file + " (" + nodeRouter.length + " nodes, " + names.length + " routers, " + links
                + " links)";
    }

    @Override
    public String toString() {
        return describe();
    }
}
