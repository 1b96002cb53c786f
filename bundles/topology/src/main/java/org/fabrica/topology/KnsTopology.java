package org.fabrica.topology;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A k-ary n-direct s-indirect (KNS) hybrid topology: N = k^n end nodes laid out in n dimensions of
 * k nodes, whose k nodes of one dimension line are not wired to each other but joined by an
 * indirect subnetwork (docs/studies/osha-sasha.md, "Topologies").
 *
 * <h2>Nodes and their interfaces</h2>
 * Node id = sum of c_d * k^d over its coordinates (dimension 0, x, varies fastest), as on a
 * {@link CartesianTopology}. Every node has a network interface that is a router of kind
 * {@link #INTERFACE}, router id = node id: it forwards transit packets between its network ports
 * without the host. Interface port d ({@link #interfacePort(int)}) leads to the subnetwork of the
 * node's dimension-d line; port n ({@link #terminalPort()}) is the node's terminal port.
 *
 * <h2>Lines and their subnetworks</h2>
 * The line of dimension d through a node holds the k nodes that differ from it only in coordinate
 * d; there are k^(n-1) lines per dimension, numbered by the node's other coordinates in base k,
 * lowest dimension first ({@link #line(int, int)}). With s = 1 a line's subnetwork is one k-port
 * switch of kind {@link #SWITCH} whose port i leads to the line's node with coordinate i in d
 * ({@link #switchPort(int)}); the switches follow the interfaces in router ids, dimension by
 * dimension and line by line ({@link #lineSwitch(int, int)}). A multistage subnetwork (s > 1) would
 * add switches that these single-switch methods do not describe.
 *
 * <p>Implementations are immutable.
 *
 * @since 1.3
 */
@ConsumerType
public interface KnsTopology extends Topology {
    /** Radix k: nodes per dimension line. */
    int radix();

    /** Number of dimensions n (the direct part). */
    int dimensions();

    /** Stages s of the indirect subnetwork of a line (1: one switch per line). */
    int indirectStages();

    /** Coordinate of {@code node} in {@code dimension}, 0 .. k-1. */
    int coordinate(int node, int dimension);

    /** Node at these coordinates (c_0 first), or an {@link IllegalArgumentException}. */
    int node(int... coordinates);

    /** Index 0 .. k^(n-1)-1 of the dimension-{@code dimension} line through {@code node}. */
    int line(int node, int dimension);

    /** Node of interface router {@code router}, or -1 when the router is a switch. */
    int interfaceNode(int router);

    /** Dimension of the line whose subnetwork switch {@code router} belongs to, or -1 for an interface. */
    int switchDimension(int router);

    /** With s = 1: router id of the switch of line {@code line} of {@code dimension}. */
    int lineSwitch(int dimension, int line);

    /** Interface port that leads to the subnetwork of the node's dimension-d line (d). */
    default int interfacePort(int dimension) {
        return dimension;
    }

    /** With s = 1: the switch port that leads to the line's node with this coordinate (the coordinate). */
    default int switchPort(int coordinate) {
        return coordinate;
    }

    /** The terminal port of every interface (n). */
    default int terminalPort() {
        return dimensions();
    }
}
