package org.fabrica.topology.dragonfly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.testing.TopologyContract;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DragonflyTest {

    static Dragonfly dragonfly(int p, int a, int h, int g, String arrangement) {
        return (Dragonfly) new DragonflyFactory().create(Parameters.bind(DragonflyParameters.class,
                Map.of("p", p, "a", a, "h", h, "g", g, "arrangement", arrangement)));
    }

    @ParameterizedTest(name = "p = {0}, a = {1}, h = {2}, g = {3}, {4}")
    @CsvSource({"2, 4, 2, 9, absolute", "2, 4, 2, 9, palmtree", "2, 4, 2, 5, absolute", "2, 4, 2, 5, palmtree",
        "1, 2, 1, 3, absolute", "3, 6, 3, 0, palmtree", "4, 8, 4, 33, absolute", "4, 8, 4, 33, palmtree",
        "1, 3, 2, 4, palmtree", "2, 1, 4, 5, palmtree"})
    void linksAreSymmetricEveryPairOfGroupsHasOneGlobalLinkAndTheDiameterIsThree(int p, int a, int h, int g,
            String arrangement) {
        Dragonfly d = dragonfly(p, a, h, g, arrangement);
        int groups = g == 0 ? a * h + 1 : g;
        assertEquals(groups, d.groups());
        assertEquals(groups * a * p, d.nodes());
        TopologyContract.Census census = TopologyContract.check(d);
        assertEquals(d.nodes(), census.terminalPorts());
        // local: a(a-1) ports per group; global: one link (two ports) per pair of groups
        assertEquals(groups * a * (a - 1) + groups * (groups - 1), census.linkPorts());
        assertEquals(groups * (a * h - (groups - 1)), census.unusedPorts());

        int[][] links = new int[groups][groups];
        for (int r = 0; r < d.routers(); r++) {
            for (int port = 0; port < d.ports(r); port++) {
                int s = d.neighbor(r, port);
                if (s < 0) {
                    continue;
                }
                if (d.isLocalPort(port)) {
                    assertEquals(d.group(r), d.group(s), "local port " + port + " of router " + r);
                } else {
                    assertTrue(d.isGlobalPort(port), "router " + r + " port " + port);
                    assertTrue(d.group(r) != d.group(s), "global port " + port + " of router " + r + " stays in its group");
                    links[d.group(r)][d.group(s)]++;
                }
            }
        }
        for (int x = 0; x < groups; x++) {
            for (int y = 0; y < groups; y++) {
                assertEquals(x == y ? 0 : 1, links[x][y], "global links from group " + x + " to group " + y);
                if (x != y) {
                    int gw = d.gatewayRouter(x, y);
                    assertEquals(x, d.group(gw));
                    assertEquals(y, d.group(d.neighbor(gw, d.gatewayPort(x, y))), "gateway of " + x + " to " + y);
                }
            }
        }
        // router diameter: local, global, local (with one router per group the groups are fully connected)
        assertEquals(a == 1 ? 1 : 3, diameter(d));
    }

    @Test
    void absoluteArrangementIsBookSimsConsecutiveOne() {
        Dragonfly d = dragonfly(4, 8, 4, 33, "absolute");
        // group 5 reaches groups 0..4 on slots 0..4, groups 6..32 on slots 5..31: slot o is router o / h, port o mod h
        assertEquals(d.router(5, 0), d.gatewayRouter(5, 0));
        assertEquals(d.globalPort(0), d.gatewayPort(5, 0));
        assertEquals(d.router(5, 1), d.gatewayRouter(5, 4));
        assertEquals(d.globalPort(0), d.gatewayPort(5, 4));
        assertEquals(d.router(5, 1), d.gatewayRouter(5, 6));
        assertEquals(d.globalPort(1), d.gatewayPort(5, 6));
        assertEquals(d.router(5, 7), d.gatewayRouter(5, 32));
        assertEquals(d.globalPort(3), d.gatewayPort(5, 32));
        // the link from group 5 to group 6 arrives on group 6's slot 5: router 1, global port 1
        int gw = d.gatewayRouter(5, 6);
        assertEquals(d.router(6, 1), d.neighbor(gw, d.gatewayPort(5, 6)));
        assertEquals(d.globalPort(1), d.neighborPort(gw, d.gatewayPort(5, 6)));
    }

    @Test
    void palmTreeMirrorsRouterIOnRouterAMinusOneMinusI() {
        Dragonfly d = dragonfly(2, 4, 2, 9, "palmtree");
        // slot o of group G leads to group G - o - 1 and arrives on slot g - 2 - o
        for (int group = 0; group < 9; group++) {
            for (int o = 0; o < 8; o++) {
                int r = d.router(group, o / 2);
                int port = d.globalPort(o % 2);
                int target = Math.floorMod(group - o - 1, 9);
                assertEquals(d.router(target, (7 - o) / 2), d.neighbor(r, port), "group " + group + " slot " + o);
                assertEquals(d.globalPort((7 - o) % 2), d.neighborPort(r, port), "group " + group + " slot " + o);
            }
        }
        // every group's link to the next group is on its last router (worst-case traffic uses one router)
        for (int group = 0; group < 9; group++) {
            assertEquals(d.router(group, 3), d.gatewayRouter(group, (group + 1) % 9));
        }
    }

    @Test
    void tooManyGroupsAreRefusedWithTheLimitAndTheFix() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dragonfly(2, 4, 2, 10, "absolute"));
        assertTrue(e.getMessage().contains("g = 10") && e.getMessage().contains("a*h + 1 = 9")
                && e.getMessage().contains("use g <= 9"), e.getMessage());
        IllegalArgumentException one = assertThrows(IllegalArgumentException.class, () -> dragonfly(2, 4, 2, 1, "absolute"));
        assertTrue(one.getMessage().contains("g >= 2"), one.getMessage());
    }

    @Test
    void numberingAndLabelsFollowTheApi() {
        Dragonfly d = dragonfly(2, 4, 2, 0, "absolute");
        assertEquals(9, d.groups());
        assertEquals(4 - 1 + 2 + 2, d.ports(0));
        int node = 2 * 4 * 2 + 5; // group 2, router 2 of it, terminal 1
        assertEquals(d.router(2, 2), d.nodeRouter(node));
        assertEquals(d.terminalPort(1), d.nodePort(node));
        assertEquals("l3", d.portLabel(d.router(0, 1), 2));
        assertEquals("g1", d.portLabel(0, d.globalPort(1)));
        assertEquals("t0", d.portLabel(0, d.terminalPort(0)));
        assertTrue(d.describe().contains("72 nodes"), d.describe());
    }

    /** Largest router-to-router hop distance (BFS from every router). */
    static int diameter(Topology t) {
        int worst = 0;
        int[] dist = new int[t.routers()];
        for (int s = 0; s < t.routers(); s++) {
            Arrays.fill(dist, -1);
            dist[s] = 0;
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            queue.add(s);
            while (!queue.isEmpty()) {
                int r = queue.poll();
                for (int port = 0; port < t.ports(r); port++) {
                    int n = t.neighbor(r, port);
                    if (n >= 0 && dist[n] < 0) {
                        dist[n] = dist[r] + 1;
                        queue.add(n);
                    }
                }
            }
            for (int x : dist) {
                assertTrue(x >= 0, "router unreachable from " + s + " on " + t.describe());
                worst = Math.max(worst, x);
            }
        }
        return worst;
    }
}
