package org.fabrica.topology.fattree;

import java.util.Arrays;
import org.fabrica.topology.TreeTopology;

/**
 * The fat-tree family: FT(l, m, w) of docs/studies/levelwise.md, the k-ary n-tree (= FT(n, k, k))
 * and the extended k-ary n-tree of docs/studies/rapidio-m2n.md, with one switch numbering and one node
 * addressing for all three.
 *
 * <h2>Structure</h2>
 * l levels h = 0 .. l-1 (level 0 at the leaves); W = w^(l-1). Below the top every level holds
 * {@code sides} blocks of W switches SW(h, side*W + tau'); the top level holds W switches shared by
 * the sides. A switch below the top has w up ports; level-0 switches have m down ports (end nodes),
 * the others w; top switches have sides*w down ports (sides*m when l = 1) and no up ports.
 * sides = 1 gives FT(l, m, w) and the k-ary n-tree; sides = 2 gives the extended k-ary n-tree (two
 * k-ary n-trees whose top levels are merged, so the top switches use all 2k ports downward).
 *
 * <h2>Wiring (Theorem 1)</h2>
 * With tau' written in base w as t_{l-2} .. t_0, upper port P of SW(h, tau') leads to
 * SW(h+1, sum_{i=h+1}^{l-2} t_i w^i + sum_{i=1}^{h} t_{i-1} w^i + P): the digits above h stay,
 * digit h is dropped, the digits below h move up one place and P enters at digit 0. The link
 * arrives on down port t_h of the parent (plus side*w at the top). This is the recursive
 * construction of the study (FT(l+1, w) = w copies of FT(l, w), distinguished by their highest
 * digit, plus w^l top switches; SW(l, tau) -> SW(l+1, (tau*w) mod w^l + p) with levels counted from
 * 1 there), and for m = w it is the k-ary n-tree of Petrini and Vanneschi (k copies of a k-ary
 * (n-1)-tree under k^(n-1) new roots), with switches numbered by the study's SW(h, tau) rather than
 * by Petrini and Vanneschi's digit-replacement labels (the graphs are isomorphic).
 *
 * <h2>Addressing</h2>
 * Node = leaf * m + j for node j of leaf switch SW(0, leaf): nodes 0 .. m-1 under SW(0, 0), the
 * study's pods. Router ids: level by level, router = h * sides * W + tau. Router ports: down ports
 * first (0 .. down-1), then up ports (down .. down+up-1). The children of a switch, in down-port
 * order, own consecutive blocks of nodes, so the subtree of every switch is a contiguous range.
 *
 * <h2>Switch boards</h2>
 * {@code chipsPerSwitch} > 1 models a board of that many switch chips acting as one higher-radix
 * switch (docs/studies/rapidio-m2n.md: four CPS-1848 chips per board). The network model still sees one
 * switch with the board's ports; the board's internal links are not modelled as resources. The
 * only effect is {@link #chipsCrossed}: the switch's ports are split into equal contiguous blocks,
 * one per chip, the chips are assumed fully connected on the board, so a packet crosses 1 chip when
 * it enters and leaves on the same chip and 2 otherwise. A hardware model may charge the extra
 * chip as an extra hop latency; the study's calibration (1.484 us through five hops of the extended
 * 8-ary 3-tree) counts a board as one hop.
 *
 * <p>Immutable; neighbour tables are precomputed.
 */
public final class FatTree implements TreeTopology {
    /** Largest number of switches accepted. */
    public static final int MAX_ROUTERS = 1 << 22;
    /** Largest number of end nodes accepted. */
    public static final int MAX_NODES = 1 << 24;

    private final String description;
    private final int levels;
    private final int m;
    private final int w;
    private final int sides;
    private final int perSide;
    private final int chips;
    private final int[] power;
    private final int[] switchesAt;
    private final int[] levelOffset;
    private final int[] downPorts;
    private final int[] upPorts;
    private final int[] nodesBelow;
    private final int routers;
    private final int nodes;
    private final int maxPorts;
    private final int[] neighbor;
    private final int[] neighborPort;
    private final int[] routerLevel;

    private FatTree(String description, int levels, int m, int w, int sides, int chips) {
        this.description = description;
        this.levels = levels;
        this.m = m;
        this.w = w;
        this.sides = sides;
        this.chips = chips;
        this.power = new int[levels];
        long p = 1;
        for (int h = 0; h < levels; h++) {
            power[h] = (int) p;
            p *= w;
            if (h < levels - 1 && p * sides * levels > MAX_ROUTERS) {
                throw new IllegalArgumentException(description + " has more than " + MAX_ROUTERS
                        + " switches; choose fewer levels or a smaller radix");
            }
        }
        this.perSide = power[levels - 1];
        long nodeCount = (long) sides * perSide * m;
        if (nodeCount > MAX_NODES) {
            throw new IllegalArgumentException(description + " has " + nodeCount + " end nodes, more than "
                    + MAX_NODES + "; choose fewer levels or a smaller radix");
        }
        this.nodes = (int) nodeCount;
        int top = levels - 1;
        this.switchesAt = new int[levels];
        this.levelOffset = new int[levels];
        this.downPorts = new int[levels];
        this.upPorts = new int[levels];
        this.nodesBelow = new int[levels];
        int offset = 0;
        for (int h = 0; h < levels; h++) {
            int perLevelDown = h == 0 ? m : w;
            switchesAt[h] = h == top ? perSide : sides * perSide;
            levelOffset[h] = offset;
            offset += switchesAt[h];
            downPorts[h] = h == top ? sides * perLevelDown : perLevelDown;
            upPorts[h] = h == top ? 0 : w;
            nodesBelow[h] = h == top ? nodes : m * power[h];
        }
        this.routers = offset;
        int widest = 0;
        for (int h = 0; h < levels; h++) {
            widest = Math.max(widest, downPorts[h] + upPorts[h]);
            if (chips > 1 && (downPorts[h] + upPorts[h]) % chips != 0) {
                throw new IllegalArgumentException("chipsPerSwitch = " + chips + " does not divide the "
                        + (downPorts[h] + upPorts[h]) + " ports of the level-" + h + " switches of " + description
                        + "; choose a number of chips that divides every switch's port count, or 1");
            }
        }
        this.maxPorts = widest;
        this.routerLevel = new int[routers];
        this.neighbor = new int[routers * maxPorts];
        this.neighborPort = new int[routers * maxPorts];
        Arrays.fill(neighbor, -1);
        Arrays.fill(neighborPort, -1);
        for (int h = 0; h < levels; h++) {
            for (int tau = 0; tau < switchesAt[h]; tau++) {
                int r = levelOffset[h] + tau;
                routerLevel[r] = h;
                if (h == top) {
                    continue;
                }
                for (int i = 0; i < w; i++) {
                    int parentRouter = levelOffset[h + 1] + parent(h, tau, i);
                    int parentPort = parentDownPort(h, tau, i);
                    int up = r * maxPorts + downPorts[h] + i;
                    neighbor[up] = parentRouter;
                    neighborPort[up] = parentPort;
                    int down = parentRouter * maxPorts + parentPort;
                    if (neighbor[down] != -1) {
                        throw new IllegalStateException("two links reach down port " + parentPort + " of SW(" + (h + 1)
                                + ", " + parent(h, tau, i) + ") in " + description);
                    }
                    neighbor[down] = r;
                    neighborPort[down] = downPorts[h] + i;
                }
            }
        }
    }

    /**
     * FT(l, m, w) of docs/studies/levelwise.md.
     *
     * @throws IllegalArgumentException when a parameter is out of range or the tree is too large
     */
    public static FatTree ft(int l, int m, int w) {
        check(l >= 1, "l = " + l + " is out of range; FT(l, m, w) needs at least one level");
        check(m >= 1, "m = " + m + " is out of range; FT(l, m, w) needs at least one node per leaf switch");
        check(w >= 2, "w = " + w + " is out of range; FT(l, m, w) needs w >= 2 parents per switch");
        String name = m == w ? "FT(" + l + ", " + w + ")" : "FT(" + l + ", " + m + ", " + w + ")";
        return new FatTree(name, l, m, w, 1, 1);
    }

    /**
     * The k-ary n-tree: k^n nodes, n levels of k^(n-1) switches (FT(n, k, k)).
     *
     * @param chipsPerSwitch switch chips per board (1 = single-chip switches)
     */
    public static FatTree kAryNTree(int k, int n, int chipsPerSwitch) {
        check(k >= 2, "k = " + k + " is out of range; a k-ary n-tree needs k >= 2");
        check(n >= 1, "n = " + n + " is out of range; a k-ary n-tree needs n >= 1");
        checkChips(chipsPerSwitch);
        return new FatTree(k + "-ary " + n + "-tree", n, k, k, 1, chipsPerSwitch);
    }

    /**
     * The extended k-ary n-tree: two k-ary n-trees sharing their top level; 2*k^n nodes and
     * (2n-1)*k^(n-1) switches, top switches with 2k down ports.
     *
     * @param chipsPerSwitch switch chips per board (1 = single-chip switches)
     */
    public static FatTree extendedKAryNTree(int k, int n, int chipsPerSwitch) {
        check(k >= 2, "k = " + k + " is out of range; an extended k-ary n-tree needs k >= 2");
        check(n >= 1, "n = " + n + " is out of range; an extended k-ary n-tree needs n >= 1");
        checkChips(chipsPerSwitch);
        return new FatTree("extended " + k + "-ary " + n + "-tree", n, k, k, 2, chipsPerSwitch);
    }

    private static void checkChips(int chips) {
        check(chips >= 1, "chipsPerSwitch = " + chips + " is out of range; use 1 for single-chip switches");
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** Nodes per leaf switch m (k for the k-ary trees). */
    public int m() {
        return m;
    }

    /** Parents per switch w (k for the k-ary trees); also the base of the SW(h, tau) digits. */
    public int w() {
        return w;
    }

    /** 1 for FT(l, m, w) and the k-ary n-tree, 2 for the extended k-ary n-tree. */
    public int sides() {
        return sides;
    }

    /** Switch chips per switch board (1 = single-chip switches). */
    public int chipsPerSwitch() {
        return chips;
    }

    /** Base-w digit {@code position} of tau' (the index within its side). */
    public int digit(int index, int position) {
        return (index % perSide) / power[position] % w;
    }

    @Override
    public int levels() {
        return levels;
    }

    @Override
    public int switchesAt(int level) {
        return switchesAt[level];
    }

    @Override
    public int downPorts(int level) {
        return downPorts[level];
    }

    @Override
    public int upPorts(int level) {
        return upPorts[level];
    }

    @Override
    public int router(int level, int index) {
        if (index < 0 || index >= switchesAt[level]) {
            throw new IndexOutOfBoundsException("SW(" + level + ", " + index + ") does not exist in " + description
                    + ": level " + level + " has " + switchesAt[level] + " switches");
        }
        return levelOffset[level] + index;
    }

    @Override
    public int level(int router) {
        return routerLevel[router];
    }

    @Override
    public int index(int router) {
        return router - levelOffset[routerLevel[router]];
    }

    @Override
    public int parent(int level, int index, int upPort) {
        checkUp(level, upPort);
        int side = index / perSide;
        int tau = index - side * perSide;
        // Theorem 1: keep digits above h, drop digit h, shift the lower h digits up, P at digit 0
        int above = power[level + 1];
        int next = tau / above * above + tau % power[level] * w + upPort;
        return level + 1 == levels - 1 ? next : side * perSide + next;
    }

    @Override
    public int parentDownPort(int level, int index, int upPort) {
        checkUp(level, upPort);
        int side = index / perSide;
        int t = digit(index, level);
        return level + 1 == levels - 1 ? side * w + t : t;
    }

    @Override
    public int child(int level, int index, int downPort) {
        checkDown(level, downPort);
        int side;
        int tau;
        int t;
        if (level == levels - 1) {
            side = downPort / w;
            tau = index;
            t = downPort % w;
        } else {
            side = index / perSide;
            tau = index - side * perSide;
            t = downPort;
        }
        // inverse of Theorem 1: P = digit 0 of tau, digits 1..h-1 move down, t re-enters at h-1
        int high = tau / power[level] * power[level];
        int low = tau % power[level] / w;
        return side * perSide + high + t * power[level - 1] + low;
    }

    @Override
    public int childUpPort(int level, int index, int downPort) {
        checkDown(level, downPort);
        return index % w;
    }

    @Override
    public int leafSwitch(int node) {
        return node / downPorts[0];
    }

    @Override
    public int leafPosition(int node) {
        return node % downPorts[0];
    }

    @Override
    public int node(int leaf, int position) {
        return leaf * downPorts[0] + position;
    }

    @Override
    public int commonAncestorLevel(int source, int destination) {
        int a = source / downPorts[0];
        int b = destination / downPorts[0];
        if (a == b) {
            return 0;
        }
        if (a / perSide != b / perSide) {
            return levels - 1;
        }
        int h = 0;
        a %= perSide;
        b %= perSide;
        while (a != b) {
            a /= w;
            b /= w;
            h++;
        }
        return h;
    }

    @Override
    public int nodesBelow(int level) {
        return nodesBelow[level];
    }

    @Override
    public int firstNodeBelow(int level, int index) {
        if (level == levels - 1) {
            return 0;
        }
        int side = index / perSide;
        int tau = index - side * perSide;
        return side * perSide * m + tau / power[level] * power[level] * m;
    }

    @Override
    public int chipsCrossed(int router, int inPort, int outPort) {
        if (chips == 1) {
            return 1;
        }
        int perChip = ports(router) / chips;
        return inPort / perChip == outPort / perChip ? 1 : 2;
    }

    @Override
    public int nodes() {
        return nodes;
    }

    @Override
    public int routers() {
        return routers;
    }

    @Override
    public int ports(int router) {
        int h = routerLevel[router];
        return downPorts[h] + upPorts[h];
    }

    @Override
    public int neighbor(int router, int port) {
        return neighbor[router * maxPorts + port];
    }

    @Override
    public int neighborPort(int router, int port) {
        return neighborPort[router * maxPorts + port];
    }

    @Override
    public int terminal(int router, int port) {
        if (routerLevel[router] != 0 || port >= downPorts[0]) {
            return -1;
        }
        return router * downPorts[0] + port;
    }

    @Override
    public int nodeRouter(int node) {
        return levelOffset[0] + node / downPorts[0];
    }

    @Override
    public int nodePort(int node) {
        return node % downPorts[0];
    }

    @Override
    public String portLabel(int router, int port) {
        int h = routerLevel[router];
        if (port < downPorts[h]) {
            return (h == 0 ? "node" : "down") + port;
        }
        return "up" + (port - downPorts[h]);
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public String toString() {
        return description;
    }

    private void checkUp(int level, int upPort) {
        if (level < 0 || level >= levels - 1 || upPort < 0 || upPort >= w) {
            throw new IndexOutOfBoundsException("no up port " + upPort + " at level " + level + " of " + description
                    + " (levels 0.." + (levels - 2) + " have up ports 0.." + (w - 1) + ")");
        }
    }

    private void checkDown(int level, int downPort) {
        if (level < 1 || level >= levels || downPort < 0 || downPort >= downPorts[level]) {
            throw new IndexOutOfBoundsException("no child on down port " + downPort + " at level " + level + " of "
                    + description);
        }
    }
}
