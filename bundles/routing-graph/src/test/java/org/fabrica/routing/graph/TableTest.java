package org.fabrica.routing.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.params.Parameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableTest {
    @TempDir
    Path dir;

    /** A chain 0 - 1 - 2, nodes 0-1 on router 0, 2 on router 1, 3 on router 2. */
    Topology chain;

    @BeforeEach
    void chain() {
        chain = Networks.read(dir, "chain.anynet", "router 0 node 0 node 1 router 1\nrouter 1 node 2 router 2\n"
                + "router 2 node 3\n");
    }

    RoutingAlgorithm table(Topology t, String text, String deadlock) throws Exception {
        Files.createDirectories(dir.resolve("tables"));
        Files.writeString(dir.resolve("tables/t.lft"), text);
        return new TableFactory().create(t, Parameters.bind(TableParameters.class, Map.of("file", "tables/t.lft",
                "deadlock", deadlock)), new RandomStreams(1), dir);
    }

    /** The chain's tables in full: towards higher routers on r<next>, lower on r<previous>. */
    static final String CHAIN = "# router destination port\n0 2-3 r1\n1 0-1 r0   # to router 0\n1 3 r2\n2 0-2 r1\n";

    @Test
    void tablesRouteAsTheyAreWrittenAndMayLeaveOutADestinationsOwnPort() throws Exception {
        RoutingAlgorithm a = table(chain, CHAIN, "refuse");
        assertEquals(1, a.vcClasses());
        List<Hop> hops = RouteWalk.walk(a, chain, 0, 3, 1);
        assertEquals(List.of(0, 1, 2), hops.stream().map(Hop::router).toList());
        assertEquals("r1", chain.portLabel(0, hops.get(0).port()));
        assertEquals("n3", chain.portLabel(2, hops.get(2).port()));
        for (int s = 0; s < 4; s++) {
            for (int d = 0; d < 4; d++) {
                RouteWalk.walk(a, chain, s, d, s * 4 + d);
            }
        }
        RoutingAlgorithm classes = table(chain, CHAIN, "hop-classes");
        assertEquals(2, classes.vcClasses());
        assertEquals(List.of(0, 1, 0), RouteWalk.walk(classes, chain, 0, 3, 1).stream().map(Hop::vcClass).toList());
    }

    @Test
    void minHopTablesWrittenOutReadBackTheSame() throws Exception {
        Topology t = Networks.read(dir, "irregular.anynet", MinHopTest.IRREGULAR);
        RoutingAlgorithm m = MinHopTest.minHop(t, "balanced", "refuse");
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < t.routers(); r++) {
            for (int d = 0; d < t.nodes(); d++) {
                if (t.nodeRouter(d) != r || d % 2 == 0) { // some own-router entries given, some left out
                    org.fabrica.testing.CandidateRecorder c = new org.fabrica.testing.CandidateRecorder();
                    m.route(r, 0, new org.fabrica.testing.TestPacket(1, 0, d), c);
                    sb.append(r).append(' ').append(d).append(' ').append(t.portLabel(r, c.port())).append('\n');
                }
            }
        }
        RoutingAlgorithm a = table(t, sb.toString(), "refuse");
        for (int s = 0; s < t.nodes(); s++) {
            for (int d = 0; d < t.nodes(); d++) {
                assertEquals(RouteWalk.walk(m, t, s, d, 1), RouteWalk.walk(a, t, s, d, 1), s + " -> " + d);
            }
        }
    }

    @Test
    void aMissingEntryNamesTheRouterTheDestinationAndTheRoute() {
        assertError(CHAIN.replace("1 3 r2\n", ""), "router 1 has no entry for node 3, whose packets from router 0 reach"
                + " it (router 0 -> 1); add one, e.g. a line '1 3 <port>'");
    }

    @Test
    void aLoopIsRefusedNamingItsRoutersAndTheLine() {
        assertError(CHAIN.replace("1 3 r2", "1 3 r0"), "the route to node 3 loops: router 0 -> 1 -> 0 (line 4);"
                + " correct the entries so that every route reaches router 2");
    }

    @Test
    void malformedLinesNameTheLineAndTheFix() {
        assertError(CHAIN + "2 3\n", "t.lft line 6: '2 3' has 2 fields");
        assertError(CHAIN + "3 0 r1\n", "t.lft line 6: router '3' is not a router of the network (0 .. 2)");
        assertError(CHAIN + "2 4 r1\n", "t.lft line 6: node '4' is not a node of the network (0 .. 3)");
        assertError(CHAIN + "2 3-1 r1\n", "t.lft line 6: range '3-1' is empty");
        assertError(CHAIN + "2 3 x+\n", "t.lft line 6: router 2 has no port 'x+'; its ports are n3, r1");
        assertError(CHAIN + "2 1 r1\n", "t.lft line 6: router 2 already has an entry for node 1 (line 5)");
        assertError(CHAIN.replace("0 2-3 r1", "0 2 n1\n0 3 r1"), "router 0 sends packets for node 2 out of port n1"
                + " (line 2), which leads to node 1; give a port towards router 1");
        assertError(CHAIN + "0 0 n1\n", "router 0 sends packets for node 0, which is attached to it on port n0, out of"
                + " port n1 (line 6); give port n0");
    }

    @Test
    void tablesWithCyclicDependenciesAreRefusedUnlessHopClassesAreUsed() throws Exception {
        Topology ring = Networks.read(dir, "ring.anynet", Networks.ring(4));
        // every router sends everything clockwise (r<next>): a dependency cycle around the ring
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < 4; r++) {
            for (int d = 0; d < 4; d++) {
                if (d != r) {
                    sb.append(r).append(' ').append(d).append(" r").append((r + 1) % 4).append('\n');
                }
            }
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> table(ring, sb.toString(),
                "refuse"));
        assertTrue(e.getMessage().contains("forwarding tables 'tables/t.lft': the routes' channel dependencies form a"
                + " cycle"), e.getMessage());
        assertEquals(3, table(ring, sb.toString(), "hop-classes").vcClasses());
    }

    @Test
    void aMissingFileSaysWhereItLooked() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TableFactory().create(chain,
                Parameters.bind(TableParameters.class, Map.of("file", "none.lft")), new RandomStreams(1), dir));
        assertTrue(e.getMessage().contains("tables file 'none.lft' not found (looked for " + dir.resolve("none.lft")),
                e.getMessage());
    }

    private void assertError(String text, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> table(chain, text, "refuse"));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
