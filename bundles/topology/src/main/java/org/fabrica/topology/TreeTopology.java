package org.fabrica.topology;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A multi-level tree of switches (fat tree): the k-ary n-tree and the extended k-ary n-tree of
 * docs/studies/rapidio-m2n.md and FT(l, m, w) of docs/studies/levelwise.md.
 *
 * <h2>Levels and switch numbering</h2>
 * Levels are numbered h = 0 .. {@link #levels()}-1 with level 0 at the leaves (the switches the end
 * nodes attach to). The switches of level h are SW(h, tau), tau = 0 .. {@link #switchesAt(int)}-1;
 * {@link #router(int, int)}, {@link #level(int)} and {@link #index(int)} convert between
 * (h, tau) and router ids of {@link Topology}.
 *
 * <h2>Ports</h2>
 * Every switch of level h has {@link #downPorts(int)} down ports and {@link #upPorts(int)} up
 * ports (0 at the top level). Down port i is router port {@link #downPort(int, int)} and up port i
 * ("upper port i" in the studies, 0 .. w-1) is router port {@link #upPort(int, int)}; by default
 * down ports come first (router ports 0 .. down-1) and up ports follow. At level 0 the down ports
 * are terminal ports: node {@code node(tau, j)} sits on down port j of SW(0, tau).
 *
 * <h2>Wiring (the contract of docs/studies/levelwise.md, "Facts the implementation rests on",
 * Theorems 1 and 2)</h2>
 * {@link #parent(int, int, int)} gives the switch reached through an up port. For FT(l, m, w) and
 * the k-ary n-tree (= FT(n, k, k)), with tau written in base w as t_{l-2} .. t_0, upper port P at
 * SW(h, tau) leads to SW(h+1, sum_{i=h+1}^{l-2} t_i w^i + sum_{i=1}^{h} t_{i-1} w^i + P)
 * (Theorem 1), and the link arrives on down port t_h of the parent. Consequently a request that
 * climbs from leaf switch sigma_0 with upper ports P_0 .. P_{H-1} and one that climbs from
 * delta_0 with the same ports meet at level {@link #commonAncestorLevel(int, int)} (Theorem 2), so
 * any choice of upper ports is a valid route and the downward path is the reverse of the
 * destination's upward path with the same port numbers.
 *
 * <p>The extended k-ary n-tree is two k-ary n-trees ("sides" 0 and 1) sharing their top level:
 * below the top, tau = side * k^(n-1) + tau', where tau' follows the digit rule above; the top
 * level has k^(n-1) switches whose parent rule ignores the side, and whose down port is
 * side * k + t_{n-2}. Node ids of side 1 follow those of side 0.
 *
 * <h2>Node addressing</h2>
 * Nodes are numbered leaf switch by leaf switch: node = tau * downPorts(0) + j (nodes 0 .. k-1
 * under SW(0, 0), the study's pods). The nodes below any switch form a contiguous range
 * ({@link #firstNodeBelow(int, int)}, {@link #nodesBelow(int)}), so the "local network" of
 * docs/studies/rapidio-m2n.md (the nodes below one group of level-1 switches) is a contiguous block of
 * {@link #localNetworkSize()} nodes.
 *
 * <p>Implementations are immutable.
 */
@ConsumerType
public interface TreeTopology extends Topology {
    /** Number of switch levels (l or n); level 0 holds the leaf switches. */
    int levels();

    /** Number of switches at level h (w^(l-1) for FT(l, m, w)). */
    int switchesAt(int level);

    /** Down ports per switch of level h (nodes per leaf switch at level 0, m for FT(l, m, w)). */
    int downPorts(int level);

    /** Up ports per switch of level h (w for FT(l, m, w), k for a k-ary n-tree); 0 at the top. */
    int upPorts(int level);

    /** Router id of SW(level, index). */
    int router(int level, int index);

    /** Level of a router. */
    int level(int router);

    /** Index tau of a router within its level. */
    int index(int router);

    /** Router port of down port i of a switch at this level (i = 0 .. downPorts-1). */
    default int downPort(int level, int i) {
        return i;
    }

    /** Router port of up port i ("upper port i") of a switch at this level (i = 0 .. upPorts-1). */
    default int upPort(int level, int i) {
        return downPorts(level) + i;
    }

    /** Up-port index (0 .. upPorts-1) of a router port, or -1 when it is a down port. */
    default int upPortIndex(int router, int port) {
        int down = downPorts(level(router));
        return port >= down ? port - down : -1;
    }

    /** Down-port index (0 .. downPorts-1) of a router port, or -1 when it is an up port. */
    default int downPortIndex(int router, int port) {
        return port < downPorts(level(router)) ? port : -1;
    }

    /** Index at level h+1 of the switch reached from SW(level, index) through up port i. */
    int parent(int level, int index, int upPort);

    /** Down-port index at which that parent receives the link from SW(level, index) up port i. */
    int parentDownPort(int level, int index, int upPort);

    /** Index at level h-1 of the switch below SW(level, index) on down port i (level >= 1). */
    int child(int level, int index, int downPort);

    /** Up-port index at which that child reaches SW(level, index) (the reverse of the link). */
    int childUpPort(int level, int index, int downPort);

    /** Index tau of the leaf switch SW(0, tau) of a node. */
    int leafSwitch(int node);

    /** Down port (position 0 .. downPorts(0)-1) of the node on its leaf switch. */
    int leafPosition(int node);

    /** Node at down port {@code position} of leaf switch SW(0, leaf). */
    default int node(int leaf, int position) {
        return leaf * downPorts(0) + position;
    }

    /**
     * Common-ancestor level H of two nodes: the lowest level at which an upward path from each
     * meets (0 when they share a leaf switch). For FT(l, m, w): one more than the highest base-w
     * digit position where the two leaf-switch numbers differ. A minimal route climbs H levels and
     * descends H levels.
     */
    int commonAncestorLevel(int source, int destination);

    /** Number of nodes below one switch of level h (its subtree). */
    int nodesBelow(int level);

    /** First node below SW(level, index); the nodes below it are the next {@link #nodesBelow} ids. */
    int firstNodeBelow(int level, int index);

    /**
     * Nodes of one local network (docs/studies/rapidio-m2n.md: the k^2 nodes below one group of level-1
     * switches; the whole tree when it has a single level).
     */
    default int localNetworkSize() {
        return nodesBelow(Math.min(1, levels() - 1));
    }

    /** Local network of a node: node / {@link #localNetworkSize()}. */
    default int localNetwork(int node) {
        return node / localNetworkSize();
    }

    /**
     * Switch chips a packet crosses inside switch {@code router} from {@code inPort} to
     * {@code outPort}: 1 for a single-chip switch; a switch board of several chips acting as one
     * higher-radix switch may report 2 (latency accounting only; see the provider).
     */
    default int chipsCrossed(int router, int inPort, int outPort) {
        return 1;
    }
}
