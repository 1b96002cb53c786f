package org.fabrica.collective;

/**
 * One int for a vertex of the network graph: a router {@code r} is {@code r} (>= 0), an end node
 * {@code n} is {@code ~n} (< 0). Tree roots and root candidates are vertices.
 */
public final class Vertices {
    private Vertices() {
    }

    public static int router(int router) {
        if (router < 0) {
            throw new IllegalArgumentException("router " + router + "; routers are >= 0");
        }
        return router;
    }

    public static int node(int node) {
        if (node < 0) {
            throw new IllegalArgumentException("node " + node + "; nodes are >= 0");
        }
        return ~node;
    }

    public static boolean isNode(int vertex) {
        return vertex < 0;
    }

    /** The node of a node vertex. */
    public static int nodeOf(int vertex) {
        if (vertex >= 0) {
            throw new IllegalArgumentException("vertex " + vertex + " is a router, not a node");
        }
        return ~vertex;
    }

    /** "router 3" or "node 17", for messages. */
    public static String describe(int vertex) {
        return vertex >= 0 ? "router " + vertex : "node " + ~vertex;
    }
}
