package org.fabrica.topology.cube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.fabrica.params.ParameterException;
import org.fabrica.params.ParameterSchema;
import org.fabrica.params.Parameters;
import org.fabrica.testing.TopologyContract;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;

class KAryNCubeTest {

    /**
     * The topology contract ({@link TopologyContract}: symmetric links, a port is a link, a terminal
     * or unused, never both), plus one terminal port per node: a k-ary n-cube attaches one node per
     * router.
     */
    private static void assertSymmetricLinks(Topology t) {
        assertEquals(t.nodes(), TopologyContract.check(t).terminalPorts(), "one terminal port per node in " + t.describe());
    }

    @Test
    void linksAreSymmetricOnSeveralSizes() {
        int[][] sizes = {{2, 1}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {8, 2}, {4, 3}, {3, 4}, {7, 1}};
        for (int[] s : sizes) {
            assertSymmetricLinks(new KAryNCube(s[0], s[1], true));
            assertSymmetricLinks(new KAryNCube(s[0], s[1], false));
        }
    }

    @Test
    void coordinatesFollowWEqualsYTimesNPlusX() {
        KAryNCube t = new KAryNCube(8, 2, true);
        assertEquals(64, t.routers());
        assertEquals(64, t.nodes());
        int w = 3 * 8 + 5;
        assertEquals(5, t.coordinate(w, 0));
        assertEquals(3, t.coordinate(w, 1));
        assertEquals(w, t.router(5, 3));
        KAryNCube c = new KAryNCube(4, 3, false);
        assertEquals(1 + 2 * 4 + 3 * 16, c.router(1, 2, 3));
        assertEquals(3, c.coordinate(c.router(1, 2, 3), 2));
        for (int r = 0; r < c.routers(); r++) {
            assertEquals(r, c.router(c.coordinate(r, 0), c.coordinate(r, 1), c.coordinate(r, 2)));
        }
    }

    @Test
    void portsMoveOneStepInTheirDimension() {
        KAryNCube t = new KAryNCube(5, 3, true);
        for (int r = 0; r < t.routers(); r++) {
            for (int d = 0; d < 3; d++) {
                int up = t.neighbor(r, t.plusPort(d));
                int down = t.neighbor(r, t.minusPort(d));
                assertEquals((t.coordinate(r, d) + 1) % 5, t.coordinate(up, d));
                assertEquals((t.coordinate(r, d) + 4) % 5, t.coordinate(down, d));
                for (int e = 0; e < 3; e++) {
                    if (e != d) {
                        assertEquals(t.coordinate(r, e), t.coordinate(up, e));
                        assertEquals(t.coordinate(r, e), t.coordinate(down, e));
                    }
                }
            }
        }
    }

    @Test
    void torusWrapsAndMeshDoesNot() {
        KAryNCube torus = new KAryNCube(4, 2, true);
        KAryNCube mesh = new KAryNCube(4, 2, false);
        int east = torus.router(3, 1);
        assertEquals(torus.router(0, 1), torus.neighbor(east, torus.plusPort(0)));
        assertEquals(torus.minusPort(0), torus.neighborPort(east, torus.plusPort(0)));
        assertEquals(torus.router(3, 3), torus.neighbor(torus.router(3, 0), torus.minusPort(1)));
        assertEquals(-1, mesh.neighbor(east, mesh.plusPort(0)));
        assertEquals(-1, mesh.neighborPort(east, mesh.plusPort(0)));
        assertEquals(-1, mesh.neighbor(mesh.router(3, 0), mesh.minusPort(1)));
        assertEquals(mesh.router(2, 1), mesh.neighbor(east, mesh.minusPort(0)));
        assertTrue(torus.wraps(1));
        assertTrue(!mesh.wraps(0));
        // a mesh has 2*k*(k-1) bidirectional links per dimension pair, a torus 2*k*k
        assertEquals(2 * 4 * 3 * 2, countUsedNetworkPorts(mesh));
        assertEquals(2 * 4 * 4 * 2, countUsedNetworkPorts(torus));
    }

    private static int countUsedNetworkPorts(Topology t) {
        return TopologyContract.check(t).linkPorts();
    }

    @Test
    void twoAryTorusHasTwoLinksToTheSameNeighbour() {
        KAryNCube t = new KAryNCube(2, 2, true);
        int r = t.router(0, 1);
        int other = t.router(1, 1);
        assertEquals(other, t.neighbor(r, t.plusPort(0)));
        assertEquals(other, t.neighbor(r, t.minusPort(0)));
        // each port keeps its direction: + arrives on the neighbour's -, - on its +
        assertEquals(t.minusPort(0), t.neighborPort(r, t.plusPort(0)));
        assertEquals(t.plusPort(0), t.neighborPort(r, t.minusPort(0)));
        KAryNCube m = new KAryNCube(2, 2, false);
        assertEquals(other, m.neighbor(r, m.plusPort(0)));
        assertEquals(-1, m.neighbor(r, m.minusPort(0)));
    }

    @Test
    void terminalPortAttachesTheNodeWithTheRoutersId() {
        KAryNCube t = new KAryNCube(3, 2, false);
        for (int node = 0; node < t.nodes(); node++) {
            assertEquals(node, t.nodeRouter(node));
            assertEquals(4, t.nodePort(node));
            assertEquals(t.terminalPort(), t.nodePort(node));
            assertEquals(node, t.terminal(node, 4));
            assertEquals(-1, t.neighbor(node, 4));
            assertEquals(-1, t.neighborPort(node, 4));
        }
        assertEquals(5, t.ports(0));
    }

    @Test
    void labelsAndDescription() {
        KAryNCube t = new KAryNCube(8, 2, true);
        assertEquals("x+", t.portLabel(0, 0));
        assertEquals("x-", t.portLabel(0, 1));
        assertEquals("y+", t.portLabel(0, 2));
        assertEquals("y-", t.portLabel(0, 3));
        assertEquals("local", t.portLabel(0, 4));
        assertEquals("8 x 8 torus", t.describe());
        assertEquals("4 x 4 x 4 mesh", new KAryNCube(4, 3, false).describe());
        assertEquals("d3+", new KAryNCube(2, 4, true).portLabel(0, 6));
    }

    @Test
    void factoriesBindTheirParameters() {
        Topology torus = new TorusFactory().create(Parameters.defaults(TorusParameters.class));
        assertEquals("8 x 8 torus", torus.describe());
        Topology mesh = new MeshFactory().create(Parameters.bind(MeshParameters.class, Map.of("k", 4, "n", 3)));
        assertEquals("4 x 4 x 4 mesh", mesh.describe());
        assertTrue(mesh instanceof CartesianTopology);
        assertEquals(3, ((CartesianTopology) mesh).dimensions());
    }

    @Test
    void parameterRangesComeFromMetatype() {
        ParameterException e = assertThrows(ParameterException.class,
                () -> Parameters.bind(TorusParameters.class, Map.of("k", 0)));
        assertTrue(e.getMessage().contains("'k' = 0 is out of range"), e.getMessage());
        assertThrows(ParameterException.class, () -> Parameters.bind(MeshParameters.class, Map.of("n", 0)));
        assertThrows(ParameterException.class, () -> Parameters.bind(MeshParameters.class, Map.of("n", 7)));
        assertEquals(2.0, ParameterSchema.of(TorusParameters.class).parameter("k").min());
        assertEquals(8, ParameterSchema.of(TorusParameters.class).parameter("k").defaultValue());
    }

    @Test
    void constructorRejectsInvalidSizes() {
        assertThrows(IllegalArgumentException.class, () -> new KAryNCube(1, 2, true));
        assertThrows(IllegalArgumentException.class, () -> new KAryNCube(4, 0, true));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new KAryNCube(64, 6, true));
        assertTrue(e.getMessage().contains("use a smaller k or n"), e.getMessage());
    }
}
