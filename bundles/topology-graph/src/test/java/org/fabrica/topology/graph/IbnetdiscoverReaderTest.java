package org.fabrica.topology.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.testing.TopologyContract;
import org.junit.jupiter.api.Test;

class IbnetdiscoverReaderTest {
    /** Two 8-port switches joined by two parallel links, a one-port and a two-port HCA. */
    static final List<String> FABRIC = List.of(
            "#",
            "# Topology file: generated on Wed Dec  2 08:00:00 2026",
            "#",
            "vendid=0x2c9",
            "devid=0xc738",
            "sysimgguid=0x200001",
            "switchguid=0x200001(200001)",
            "Switch\t8 \"S-0000000000200001\"\t\t# \"leaf-2\" base port 0 lid 3 lmc 0",
            "[1]\t\"H-0000000000100003\"[1](100004) \t\t# \"Hca2\" lid 5 4xEDR",
            "[3]\t\"S-0000000000200000\"[3]\t\t# \"leaf-1\" lid 1 4xEDR",
            "[4]\t\"S-0000000000200000\"[4]\t\t# \"leaf-1\" lid 1 4xEDR",
            "",
            "vendid=0x2c9",
            "switchguid=0x200000(200000)",
            "Switch\t8 \"S-0000000000200000\"\t\t# \"leaf-1\" enhanced port 0 lid 1 lmc 0",
            "[1]\t\"H-0000000000100000\"[1](100001) \t\t# \"Hca1\" lid 2 4xEDR",
            "[2]\t\"H-0000000000100003\"[2](100005) \t\t# \"Hca2\" lid 4 4xEDR",
            "[3]\t\"S-0000000000200001\"[3]\t\t# \"leaf-2\" lid 3 4xEDR",
            "[4]\t\"S-0000000000200001\"[4]\t\t# \"leaf-2\" lid 3 4xEDR",
            "",
            "vendid=0x2c9",
            "caguid=0x100003",
            "Ca\t2 \"H-0000000000100003\"\t\t# \"Hca2\"",
            "[1](100004) \t\"S-0000000000200001\"[1]\t\t# lid 5 lmc 0 \"leaf-2\" lid 3 4xEDR",
            "[2](100005) \t\"S-0000000000200000\"[2]\t\t# lid 4 lmc 0 \"leaf-1\" lid 1 4xEDR",
            "",
            "caguid=0x100000",
            "Ca\t1 \"H-0000000000100000\"\t\t# \"Hca1\"",
            "[1](100001) \t\"S-0000000000200000\"[1]\t\t# lid 2 lmc 0 \"leaf-1\" lid 1 4xEDR");

    static FileGraph read(List<String> lines) {
        return GraphFactory.read("fabric.ibnd", lines, GraphFormat.AUTO);
    }

    static List<String> with(int line, String replacement) {
        List<String> l = new ArrayList<>(FABRIC);
        if (replacement == null) {
            l.remove(line - 1);
        } else {
            l.set(line - 1, replacement);
        }
        return l;
    }

    @Test
    void switchesAreRoutersAndEveryLinkedCaPortIsAnEndNode() {
        assertEquals(GraphFormat.IBNETDISCOVER, GraphFactory.detect(FABRIC));
        FileGraph g = read(FABRIC);
        assertEquals(2, g.routers());
        assertEquals(3, g.nodes(), "Hca2's two ports and Hca1's one");
        assertEquals(2, g.links(), "two parallel links between the switches");
        assertEquals("S-0000000000200001 \"leaf-2\"", g.routerName(0));
        assertEquals(8, g.ports(0));
        TopologyContract.Census c = TopologyContract.check(g);
        assertEquals(4, c.linkPorts());
        assertEquals(3, c.terminalPorts());
        assertEquals(16 - 7, c.unusedPorts());
        // Ca blocks in file order, ports in increasing number: Hca2 port 1 (leaf-2 port 1), Hca2 port 2, Hca1
        assertEquals(0, g.nodeRouter(0));
        assertEquals("1", g.portLabel(0, g.nodePort(0)));
        assertEquals(1, g.nodeRouter(1));
        assertEquals("2", g.portLabel(1, g.nodePort(1)));
        assertEquals(1, g.nodeRouter(2));
        assertEquals(0, g.nodePort(2), "switch port 1 is Fabrica port 0");
        assertEquals(1, g.neighbor(0, 2));
        assertEquals(2, g.neighborPort(0, 2));
        assertEquals(3, g.neighborPort(1, 3));
    }

    @Test
    void aLinkListedOnOneEndOnlyIsMadeBothWays() {
        // drop leaf-1's port 4 line: leaf-2 still lists the link
        FileGraph g = read(with(19, null));
        assertEquals(2, g.links());
        assertEquals(0, g.neighbor(1, 3));
    }

    @Test
    void errorsNameTheLineAndTheFix() {
        assertError(with(10, "[3]\t\"S-0000000000200000\"[4]"), "fabric.ibnd line 10: port 3 of S-0000000000200001"
                + " links to port 4 of S-0000000000200000, but line 19 links that port to port 4 of"
                + " S-0000000000200001; the two ends of a link must agree");
        assertError(with(10, "[9]\t\"S-0000000000200000\"[3]"), "line 10: port 9 of S-0000000000200001, which has ports"
                + " 1 .. 8");
        assertError(with(10, "[3]\t\"S-0000000000999999\"[3]"), "line 10: port 3 of S-0000000000200001 links to"
                + " S-0000000000999999, which has no block in the file");
        assertError(with(10, "[3\t\"S-0000000000200000\"[3]"), "fabric.ibnd line 10: cannot read");
        assertError(with(11, "[3]\t\"S-0000000000200000\"[5]"), "line 11: port 3 of S-0000000000200001 is listed again");
        assertError(with(15, "Rt\t8 \"R-0000000000200000\""), "line 15: router R-0000000000200000: InfiniBand routers");
        assertError(List.of("Switch 4 \"S-1\"", "[1] \"H-1\"[1]", "Ca 1 \"H-1\"", "Ca 2 \"H-2\"", "[1] \"H-3\"[1]",
                "Ca 1 \"H-3\""), "fabric.ibnd line 5: port 1 of H-2 links to a port of Ca H-3; Fabrica's end nodes"
                + " attach to switches");
    }

    @Test
    void aSwitchWithoutLinksToTheOthersIsADisconnectedFabric() {
        List<String> l = new ArrayList<>(FABRIC);
        l.add("");
        l.add("Switch\t4 \"S-0000000000300000\"\t\t# \"spare\"");
        assertError(l, "fabric.ibnd: the network is not connected: S-0000000000300000 \"spare\" cannot be reached from"
                + " S-0000000000200001 \"leaf-2\"");
    }

    @Test
    void switchesWithoutCasHaveNoEndNodes() {
        List<String> l = new ArrayList<>(FABRIC.subList(0, 20));
        l.set(8, "");
        l.set(15, "");
        l.set(16, "");
        assertError(l, "fabric.ibnd: the network has 2 routers but no end nodes");
    }

    private static void assertError(List<String> lines, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(lines));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
