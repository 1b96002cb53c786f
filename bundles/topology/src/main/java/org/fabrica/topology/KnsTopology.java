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
 * dimension and line by line ({@link #lineSwitch(int, int)}).
 *
 * <h2>Multistage line subnetworks (s &gt; 1, since 1.4)</h2>
 * With s &gt; 1 a line's subnetwork is an r-ary s-tree (a folded Clos, or fat tree, of s levels),
 * r = {@link #switchArity()} = k^(1/s): levels h = 0 .. s-1 ({@link #switchLevel(int)}, 0 next to
 * the interfaces) of r^(s-1) switches each, SW(h, tau) ({@link #switchIndex(int)},
 * {@link #lineSwitch(int, int, int, int)}). Every switch has r down ports (router ports 0 .. r-1,
 * {@link #switchDownPort(int)}) and, below the top level, r up ports (router ports r .. 2r-1,
 * {@link #switchUpPort(int)}); top switches have the r down ports only. The line's node with
 * coordinate c sits on down port c mod r of leaf switch SW(0, c div r). Wiring, with tau written in
 * base r as t_{s-2} .. t_0 (Petrini and Vanneschi's k-ary n-tree): up port P of SW(h, tau) leads to
 * SW(h+1, tau with digit h replaced by P) and arrives on its down port t_h. So the switch SW(h, tau)
 * reaches, downward, exactly the leaves whose digits h .. s-2 are tau's, and a coordinate c is
 * below it when c div r^(h+1) = tau div r^h. With s = 1 this is the single k-port switch above:
 * r = k, one level, one switch (index 0) per line.
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

    /**
     * Router id of the switch of line {@code line} of {@code dimension} with s = 1; with s &gt; 1
     * the first switch of that line's subnetwork, SW(0, 0).
     */
    int lineSwitch(int dimension, int line);

    /**
     * Switch arity r of the line subnetworks: down ports per switch, r^s = k (k when s = 1).
     *
     * @since 1.4
     */
    default int switchArity() {
        return radix();
    }

    /**
     * Level 0 .. s-1 of switch {@code router} in its line's subnetwork (0: the switches the
     * interfaces attach to), or -1 for an interface.
     *
     * @since 1.4
     */
    default int switchLevel(int router) {
        return switchDimension(router) >= 0 ? 0 : -1;
    }

    /**
     * Index tau 0 .. r^(s-1)-1 of switch {@code router} within its level of its line's
     * subnetwork, or -1 for an interface.
     *
     * @since 1.4
     */
    default int switchIndex(int router) {
        return switchDimension(router) >= 0 ? 0 : -1;
    }

    /**
     * Router id of SW(level, index) in the subnetwork of line {@code line} of {@code dimension}.
     *
     * @since 1.4
     */
    default int lineSwitch(int dimension, int line, int level, int index) {
        if (level != 0 || index != 0) {
            throw new IllegalArgumentException("SW(" + level + ", " + index + ") does not exist in a one-switch line");
        }
        return lineSwitch(dimension, line);
    }

    /**
     * Router port of down port i (0 .. r-1) of a subnetwork switch (i); at level 0 it leads to the
     * line's node with coordinate (leaf index) * r + i.
     *
     * @since 1.4
     */
    default int switchDownPort(int i) {
        return i;
    }

    /**
     * Router port of up port i (0 .. r-1) of a subnetwork switch below the top level (r + i).
     *
     * @since 1.4
     */
    default int switchUpPort(int i) {
        return switchArity() + i;
    }

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
