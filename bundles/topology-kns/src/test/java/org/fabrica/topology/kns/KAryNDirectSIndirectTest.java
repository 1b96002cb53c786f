package org.fabrica.topology.kns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Map;
import org.fabrica.params.ParameterException;
import org.fabrica.params.Parameters;
import org.fabrica.testing.TopologyContract;
import org.fabrica.topology.KnsTopology;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;

class KAryNDirectSIndirectTest {
    private static final int[][] SIZES = {{2, 1}, {5, 1}, {2, 2}, {3, 2}, {4, 2}, {2, 3}, {3, 3}, {4, 3}, {3, 4}};

    @Test
    void linksAreSymmetricAndEveryPortIsUsedOnSeveralSizes() {
        for (int[] size : SIZES) {
            KAryNDirectSIndirect t = new KAryNDirectSIndirect(size[0], size[1]);
            TopologyContract.Census census = TopologyContract.check(t);
            // one terminal per node, n links per interface and k per switch, nothing unused
            assertEquals(t.nodes(), census.terminalPorts(), t.describe());
            assertEquals(2 * t.nodes() * size[1], census.linkPorts(), t.describe());
            assertEquals(0, census.unusedPorts(), t.describe());
        }
    }

    @Test
    void countsOfTheStudysConfigurations() {
        KAryNDirectSIndirect small = new KAryNDirectSIndirect(4, 2);
        assertEquals(16, small.nodes());
        assertEquals(8, small.switches());
        assertEquals(24, small.routers());
        assertEquals("4-ary 2-direct 1-indirect KNS (16 nodes, 8 switches of 4 ports)", small.describe());
        // configuration 1: 48-ary 2-direct 1-indirect, 2,304 nodes, 96 switches of 48 ports
        KAryNDirectSIndirect one = new KAryNDirectSIndirect(48, 2);
        assertEquals(2304, one.nodes());
        assertEquals(96, one.switches());
        assertEquals(2304 + 96, one.routers());
        assertEquals(48, one.ports(one.lineSwitch(1, 47)));
        assertEquals(3, one.ports(2303));
        // configuration 2: 24-ary 3-direct 1-indirect, 13,824 nodes, 1,728 switches of 24 ports
        KAryNDirectSIndirect two = new KAryNDirectSIndirect(24, 3);
        assertEquals(13824, two.nodes());
        assertEquals(1728, two.switches());
        assertEquals(24, two.ports(two.routers() - 1));
        assertEquals(4, two.ports(0));
        assertEquals("24-ary 3-direct 1-indirect KNS (13824 nodes, 1728 switches of 24 ports)", two.describe());
        // S = N n / k in every size
        for (int[] size : SIZES) {
            KAryNDirectSIndirect t = new KAryNDirectSIndirect(size[0], size[1]);
            assertEquals(t.nodes() * size[1] / size[0], t.switches(), t.describe());
        }
    }

    @Test
    void interfacesAndSwitchesHaveTheirKindsAndPorts() {
        KAryNDirectSIndirect t = new KAryNDirectSIndirect(5, 3);
        for (int r = 0; r < t.routers(); r++) {
            boolean isInterface = r < t.nodes();
            assertEquals(isInterface ? Topology.INTERFACE : Topology.SWITCH, t.routerKind(r));
            assertEquals(isInterface ? 4 : 5, t.ports(r), "n + 1 ports per interface, k per switch");
            assertEquals(isInterface ? r : -1, t.interfaceNode(r));
            assertEquals(isInterface ? -1 : (r - 125) / 25, t.switchDimension(r));
        }
        for (int node = 0; node < t.nodes(); node++) {
            assertEquals(node, t.nodeRouter(node));
            assertEquals(3, t.nodePort(node));
            assertEquals(t.terminalPort(), t.nodePort(node));
            assertEquals(node, t.terminal(node, 3));
        }
        // a switch never attaches a node
        for (int p = 0; p < 5; p++) {
            assertEquals(-1, t.terminal(t.lineSwitch(2, 24), p));
        }
        assertEquals(t.routers() - 1, t.lineSwitch(2, 24));
    }

    @Test
    void eachInterfacePortReachesTheSwitchOfItsLineAndEachSwitchPortTheNodeWithThatCoordinate() {
        KAryNDirectSIndirect t = new KAryNDirectSIndirect(3, 3);
        for (int node = 0; node < t.nodes(); node++) {
            for (int d = 0; d < 3; d++) {
                int sw = t.neighbor(node, t.interfacePort(d));
                assertEquals(d, t.switchDimension(sw));
                assertEquals(t.lineSwitch(d, t.line(node, d)), sw);
                assertEquals(t.switchPort(t.coordinate(node, d)), t.neighborPort(node, d));
                // every port of that switch leads to a node of the same line, coordinate d = port
                for (int i = 0; i < 3; i++) {
                    int other = t.neighbor(sw, i);
                    assertEquals(i, t.coordinate(other, d));
                    for (int e = 0; e < 3; e++) {
                        if (e != d) {
                            assertEquals(t.coordinate(node, e), t.coordinate(other, e));
                        }
                    }
                    assertEquals(d, t.neighborPort(sw, i));
                }
            }
        }
    }

    @Test
    void nodeIdsFollowWEqualsYTimesKPlusX() {
        KAryNDirectSIndirect t = new KAryNDirectSIndirect(4, 2);
        assertEquals(5, t.node(1, 1));
        assertEquals(1, t.coordinate(5, 0));
        assertEquals(1, t.coordinate(5, 1));
        // the study's example: 0 and 1 share an x line (y = 0), 1 and 5 share a y line (x = 1)
        assertEquals(t.neighbor(0, 0), t.neighbor(1, 0));
        assertEquals(t.neighbor(1, 1), t.neighbor(5, 1));
        assertEquals(16, t.neighbor(0, 0), "the first switch is the x switch of line y = 0");
        assertEquals(16 + 4 + 1, t.neighbor(5, 1), "y switches follow the x switches; line of node 5 in y is x = 1");
        KAryNDirectSIndirect c = new KAryNDirectSIndirect(3, 3);
        for (int node = 0; node < c.nodes(); node++) {
            assertEquals(node, c.node(c.coordinate(node, 0), c.coordinate(node, 1), c.coordinate(node, 2)));
        }
        assertThrows(IllegalArgumentException.class, () -> t.node(4, 0));
        assertThrows(IllegalArgumentException.class, () -> t.node(1));
    }

    @Test
    void everyNodeReachesEveryOtherInAtMostNSwitchHops() {
        for (int[] size : SIZES) {
            KAryNDirectSIndirect t = new KAryNDirectSIndirect(size[0], size[1]);
            int n = size[1];
            int worst = 0;
            for (int source = 0; source < t.nodes(); source++) {
                int[] switchHops = switchHopsFrom(t, source);
                for (int node = 0; node < t.nodes(); node++) {
                    assertTrue(switchHops[node] >= 0, node + " unreachable from " + source + " in " + t.describe());
                    assertTrue(switchHops[node] <= n, source + " -> " + node + " crosses " + switchHops[node]
                            + " switches in " + t.describe());
                    worst = Math.max(worst, switchHops[node]);
                }
            }
            // and the bound is reached: nodes that differ in every coordinate are n switches apart
            assertEquals(n, worst, t.describe());
        }
    }

    /** Fewest switches crossed from {@code source} to every router (breadth first over the links). */
    private static int[] switchHopsFrom(KnsTopology t, int source) {
        int[] hops = new int[t.routers()];
        Arrays.fill(hops, -1);
        hops[source] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(source);
        while (!queue.isEmpty()) {
            int r = queue.poll();
            for (int p = 0; p < t.ports(r); p++) {
                int s = t.neighbor(r, p);
                if (s >= 0 && hops[s] < 0) {
                    // switches and interfaces alternate, so breadth first gives fewest switches too
                    hops[s] = hops[r] + (t.switchDimension(s) >= 0 ? 1 : 0);
                    queue.add(s);
                }
            }
        }
        return hops;
    }

    @Test
    void labelsNameTheDimensions() {
        KAryNDirectSIndirect t = new KAryNDirectSIndirect(4, 2);
        assertEquals("x", t.portLabel(0, 0));
        assertEquals("y", t.portLabel(0, 1));
        assertEquals("node", t.portLabel(0, 2));
        assertEquals("x0", t.portLabel(16, 0));
        assertEquals("x3", t.portLabel(19, 3));
        assertEquals("y2", t.portLabel(20, 2));
        KAryNDirectSIndirect four = new KAryNDirectSIndirect(2, 4);
        assertEquals("z", four.portLabel(0, 2));
        assertEquals("d3", four.portLabel(0, 3));
        assertEquals("d3" + "1", four.portLabel(four.lineSwitch(3, 0), 1));
    }

    @Test
    void theFactoryBindsItsParametersIncludingStages() {
        Topology t = new KnsFactory().create(Parameters.defaults(KnsParameters.class));
        assertEquals("4-ary 2-direct 1-indirect KNS (16 nodes, 8 switches of 4 ports)", t.describe());
        assertTrue(t instanceof KnsTopology);
        Topology three = new KnsFactory().create(Parameters.bind(KnsParameters.class, Map.of("k", 3, "n", 3)));
        assertEquals(27, three.nodes());
        KnsTopology two = (KnsTopology) new KnsFactory().create(Parameters.bind(KnsParameters.class, Map.of("s", 2)));
        assertEquals(2, two.indirectStages());
        assertEquals(2, two.switchArity());
        assertEquals("4-ary 2-direct 2-indirect KNS (16 nodes, 32 switches: a 2-ary 2-tree of 4 per line, 4 ports,"
                + " 2 at the top level)", two.describe());
    }

    // ---- s > 1: an r-ary s-tree per line ----

    /** k, n, s, and the expected switch count S = N n s / r. */
    private static final int[][] MULTISTAGE = {{4, 2, 2, 32}, {9, 2, 2, 108}, {16, 2, 2, 256}, {8, 2, 3, 192},
        {4, 3, 2, 192}, {27, 1, 3, 27}, {16, 1, 4, 32}};

    @Test
    void multistageCountsAndPortsOnSeveralSizes() {
        for (int[] c : MULTISTAGE) {
            KAryNDirectSIndirect t = new KAryNDirectSIndirect(c[0], c[1], c[2]);
            int r = t.switchArity();
            assertEquals(c[0], (int) Math.round(Math.pow(r, c[2])), t.describe());
            assertEquals(c[3], t.switches(), t.describe());
            assertEquals(t.nodes() * c[1] * c[2] / r, t.switches(), "S = N n s / r on " + t.describe());
            assertEquals(t.nodes() + c[3], t.routers());
            TopologyContract.Census census = TopologyContract.check(t);
            assertEquals(t.nodes(), census.terminalPorts(), t.describe());
            // n interface links per node, and in each line (s - 1) levels of r^(s-1) switches with r up links:
            // 2 N n s link ports in all
            assertEquals(2 * t.nodes() * c[1] * c[2], census.linkPorts(), t.describe());
            assertEquals(0, census.unusedPorts(), t.describe());
            int[] perLevel = new int[c[2]];
            for (int router = t.nodes(); router < t.routers(); router++) {
                int h = t.switchLevel(router);
                perLevel[h]++;
                assertEquals(Topology.SWITCH, t.routerKind(router));
                assertEquals(h == c[2] - 1 ? r : 2 * r, t.ports(router), "2r ports below the top, r at the top");
                assertEquals(router, t.lineSwitch(t.switchDimension(router), lineOf(t, router), h, t.switchIndex(router)));
            }
            for (int h = 0; h < c[2]; h++) {
                assertEquals(t.switches() / c[2], perLevel[h], "r^(s-1) switches per level and line on " + t.describe());
            }
        }
    }

    /** The line of a switch, found through the node below its first leaf. */
    private static int lineOf(KAryNDirectSIndirect t, int router) {
        int d = t.switchDimension(router);
        for (int line = 0; line < t.nodes() / t.radix(); line++) {
            int first = t.lineSwitch(d, line);
            if (router >= first && router < first + t.switches() / t.dimensions() / (t.nodes() / t.radix())) {
                return line;
            }
        }
        throw new AssertionError("no line for router " + router);
    }

    @Test
    void eachSubnetworkSwitchReachesDownwardExactlyTheDocumentedBlockOfItsLine() {
        for (int[] c : MULTISTAGE) {
            KAryNDirectSIndirect t = new KAryNDirectSIndirect(c[0], c[1], c[2]);
            int r = t.switchArity();
            for (int router = t.nodes(); router < t.routers(); router++) {
                int d = t.switchDimension(router);
                int h = t.switchLevel(router);
                int tau = t.switchIndex(router);
                java.util.Set<Integer> below = new java.util.TreeSet<>();
                collectBelow(t, router, below);
                // c is below SW(h, tau) when c div r^(h+1) = tau div r^h (KnsTopology, "Multistage line subnetworks")
                int span = (int) Math.pow(r, h + 1);
                int first = tau / (int) Math.pow(r, h) * span;
                assertEquals(span, below.size(), t.describe() + " router " + router);
                int someNode = below.iterator().next();
                for (int node : below) {
                    assertEquals(t.line(someNode, d), t.line(node, d), "one line below a switch");
                    int coordinate = t.coordinate(node, d);
                    assertTrue(coordinate >= first && coordinate < first + span,
                            "coordinate " + coordinate + " below SW(" + h + ", " + tau + ") of " + t.describe());
                }
            }
            // an interface's port d leads to down port c mod r of leaf SW(0, c div r) of its line
            for (int node = 0; node < t.nodes(); node++) {
                for (int d = 0; d < c[1]; d++) {
                    int coordinate = t.coordinate(node, d);
                    assertEquals(t.lineSwitch(d, t.line(node, d), 0, coordinate / r), t.neighbor(node, d));
                    assertEquals(t.switchDownPort(coordinate % r), t.neighborPort(node, d));
                }
            }
        }
    }

    /** Nodes reached from {@code router} through down ports only. */
    private static void collectBelow(KAryNDirectSIndirect t, int router, java.util.Set<Integer> out) {
        for (int i = 0; i < t.switchArity(); i++) {
            int next = t.neighbor(router, t.switchDownPort(i));
            if (t.interfaceNode(next) >= 0) {
                out.add(next);
            } else {
                assertEquals(t.switchLevel(router) - 1, t.switchLevel(next), "a down port leads one level down");
                collectBelow(t, next, out);
            }
        }
    }

    @Test
    void multistageNodesAreAtMostNTimes2sMinus1SwitchHopsApartAndSomePairIsThatFar() {
        for (int[] c : MULTISTAGE) {
            KAryNDirectSIndirect t = new KAryNDirectSIndirect(c[0], c[1], c[2]);
            int bound = c[1] * (2 * c[2] - 1);
            int worst = 0;
            for (int source = 0; source < t.nodes(); source++) {
                int[] switchHops = switchHopsFrom(t, source);
                for (int node = 0; node < t.nodes(); node++) {
                    assertTrue(switchHops[node] >= 0 && switchHops[node] <= bound,
                            source + " -> " + node + ": " + switchHops[node] + " switches in " + t.describe());
                    worst = Math.max(worst, switchHops[node]);
                }
            }
            assertEquals(bound, worst, t.describe());
        }
    }

    @Test
    void oneStageKeepsTheOneSwitchNumberingAndTheTwoConstructorsAgree() {
        for (int[] size : SIZES) {
            KAryNDirectSIndirect one = new KAryNDirectSIndirect(size[0], size[1], 1);
            KAryNDirectSIndirect old = new KAryNDirectSIndirect(size[0], size[1]);
            assertEquals(old.describe(), one.describe());
            assertEquals(old.routers(), one.routers());
            int lines = one.nodes() / size[0];
            for (int router = 0; router < one.routers(); router++) {
                for (int p = 0; p < one.ports(router); p++) {
                    assertEquals(old.neighbor(router, p), one.neighbor(router, p));
                    assertEquals(old.neighborPort(router, p), one.neighborPort(router, p));
                }
                if (router >= one.nodes()) {
                    // the s = 1 contract: switch of line l of dimension d = N + d k^(n-1) + l, port i to coordinate i
                    int d = (router - one.nodes()) / lines;
                    assertEquals(d, one.switchDimension(router));
                    assertEquals(router, one.lineSwitch(d, (router - one.nodes()) % lines));
                    assertEquals(0, one.switchLevel(router));
                    assertEquals(0, one.switchIndex(router));
                    for (int i = 0; i < size[0]; i++) {
                        assertEquals(i, one.coordinate(one.neighbor(router, i), d));
                        assertEquals(d, one.neighborPort(router, i));
                    }
                }
            }
        }
    }

    @Test
    void multistageLabelsNameDownAndUpPorts() {
        KAryNDirectSIndirect t = new KAryNDirectSIndirect(4, 2, 2);
        int leaf = t.lineSwitch(1, 3, 0, 1);
        assertEquals("y1", t.portLabel(leaf, 1));
        assertEquals("yu0", t.portLabel(leaf, 2));
        assertEquals("yu1", t.portLabel(leaf, 3));
        assertEquals("x", t.portLabel(0, 0));
    }

    @Test
    void aRadixThatIsNotAnSthPowerIsRefusedNamingTheNearestOnes() {
        IllegalArgumentException square = assertThrows(IllegalArgumentException.class,
                () -> new KnsFactory().create(Parameters.bind(KnsParameters.class, Map.of("k", 12, "s", 2))));
        assertEquals("kns: with s = 2 each dimension line is joined by an r-ary s-tree of switches with 2r ports,"
                + " which has r^s nodes, so k must be a perfect 2nd (square) power r^2 with r >= 2, and k = 12 is not;"
                + " choose k = 9 (r = 3) or k = 16 (r = 4), or s = 1 (one k-port switch per line)", square.getMessage());
        IllegalArgumentException cube = assertThrows(IllegalArgumentException.class,
                () -> new KAryNDirectSIndirect(48, 2, 3));
        assertTrue(cube.getMessage().contains("perfect 3rd (cube) power r^3"), cube.getMessage());
        assertTrue(cube.getMessage().contains("choose k = 27 (r = 3) or k = 64 (r = 4)"), cube.getMessage());
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                () -> new KAryNDirectSIndirect(3, 2, 2));
        assertTrue(small.getMessage().contains("choose k = 4 (r = 2), or s = 1"), small.getMessage());
        IllegalArgumentException eighth = assertThrows(IllegalArgumentException.class,
                () -> new KAryNDirectSIndirect(300, 1, 8));
        assertTrue(eighth.getMessage().contains("perfect 8th power r^8"), eighth.getMessage());
        assertTrue(eighth.getMessage().contains("choose k = 256 (r = 2) or k = 6561 (r = 3)"), eighth.getMessage());
        // exact powers near the floating-point root are accepted
        assertEquals(5, new KAryNDirectSIndirect(125, 1, 3).switchArity());
        assertEquals(3, new KAryNDirectSIndirect(243, 1, 5).switchArity());
        assertEquals(7, new KAryNDirectSIndirect(343, 1, 3).switchArity());
        assertThrows(IllegalArgumentException.class, () -> new KAryNDirectSIndirect(4, 2, 0));
    }

    @Test
    void parameterRangesComeFromMetatype() {
        ParameterException e = assertThrows(ParameterException.class,
                () -> Parameters.bind(KnsParameters.class, Map.of("k", 1)));
        assertTrue(e.getMessage().contains("'k' = 1 is out of range"), e.getMessage());
        assertThrows(ParameterException.class, () -> Parameters.bind(KnsParameters.class, Map.of("n", 0)));
        assertThrows(ParameterException.class, () -> Parameters.bind(KnsParameters.class, Map.of("s", 0)));
    }

    @Test
    void constructorRejectsInvalidSizes() {
        assertThrows(IllegalArgumentException.class, () -> new KAryNDirectSIndirect(1, 2));
        assertThrows(IllegalArgumentException.class, () -> new KAryNDirectSIndirect(4, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new KAryNDirectSIndirect(2048, 3));
        assertTrue(e.getMessage().contains("use a smaller k or n"), e.getMessage());
    }
}
