package org.fabrica.topology.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fabrica.testing.TopologyContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AnynetReaderTest {
    static FileGraph anynet(String... lines) {
        return GraphFactory.read("net.anynet", List.of(lines), GraphFormat.AUTO);
    }

    @Test
    void booksimsExampleIsATriangleOfThreeRoutersWithThreeNodesEach() {
        // BookSim2's src/examples/anynet/anynet_file: router 1 is listed by routers 0 and 2, router 0 twice
        FileGraph g = anynet("router 0 node 0 node 1 node 2 router 1", "router 1 node 3 node 4 node 5",
                "router 2 node 6 node 7 node 8 router 1 router 0");
        assertEquals(3, g.routers());
        assertEquals(9, g.nodes());
        assertEquals(3, g.links(), "each pair of routers is linked once however often it is listed");
        TopologyContract.Census c = TopologyContract.check(g);
        assertEquals(6, c.linkPorts());
        assertEquals(9, c.terminalPorts());
        assertEquals(0, c.unusedPorts());
        for (int n = 0; n < 9; n++) {
            assertEquals(n / 3, g.nodeRouter(n), "node " + n);
            assertEquals("n" + n, g.portLabel(g.nodeRouter(n), g.nodePort(n)));
        }
        // router 1: nodes 3, 4, 5 on ports 0-2, then routers 0 and 2 in increasing id
        assertEquals(0, g.neighbor(1, 3));
        assertEquals(2, g.neighbor(1, 4));
        assertEquals("r0", g.portLabel(1, 3));
        assertEquals("r2", g.portLabel(1, 4));
        assertEquals(3, g.neighborPort(0, 3), "router 0's port to router 1 meets router 1's port 3");
        assertTrue(g.describe().contains("9 nodes, 3 routers, 3 links"), g.describe());
    }

    @Test
    void nodeLinesLatenciesCommentsAndCaseAreAccepted() {
        FileGraph g = anynet("# a chain", "Router 0 Router 1 10 node 1", "", "node 0 router 1", "router 1 router 2 5",
                "node 2 router 2 # last");
        assertEquals(3, g.routers());
        assertEquals(1, g.nodeRouter(0));
        assertEquals(0, g.nodeRouter(1));
        assertEquals(2, g.nodeRouter(2));
        assertEquals(2, g.links());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "rooter 0 node 0|net.anynet line 1: 'rooter' is neither 'router' nor 'node'",
        "router 0 node|'node' at the end of the line has no id",
        "router x node 0|'x' is not an id",
        "router 0 node 0 router 0|router 0 is connected to itself",
        "node 0 node 1|node 0 is connected to node 1; a node connects to one router",
        "router 0 router 1 0 node 0|latency '0' is not a number of cycles >= 1",
        "router 0 node 0 node 2|node ids must be 0 .. 1 without gaps",
        "router 0 router 2 node 0|router ids must be 0 .. 1 without gaps",
        "router 0 router 1|the network has 2 routers but no end nodes",
    })
    void malformedFilesNameTheLineAndTheFix(String line, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> anynet(line));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("net.anynet"), e.getMessage());
    }

    @Test
    void aNodeOnTwoRoutersNamesBothLines() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> anynet("router 0 node 0 router 1", "router 1 node 0"));
        assertTrue(e.getMessage().contains("net.anynet line 2: node 0 is connected to router 1 here and to router 0 on"
                + " line 1"), e.getMessage());
    }

    @Test
    void aNodeWithoutRouterIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> anynet("router 0 node 0", "node 1"));
        assertTrue(e.getMessage().contains("line 2: node 1 is connected to no router"), e.getMessage());
    }

    @Test
    void aDisconnectedNetworkNamesARouterThatCannotBeReached() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> anynet("router 0 node 0 router 1", "router 2 node 1 router 3", "router 3 node 2"));
        assertTrue(e.getMessage().contains("not connected: router 2 and 1 other routers cannot be reached from"
                + " router 0"), e.getMessage());
    }
}
