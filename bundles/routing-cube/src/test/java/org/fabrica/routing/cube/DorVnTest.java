package org.fabrica.routing.cube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.testing.CandidateRecorder;
import org.fabrica.testing.TestPacket;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.KAryNCube;
import org.junit.jupiter.api.Test;

/** {@code dor-vn}: the packet's virtual network picks XY(Z) or YX(Z). */
class DorVnTest {

    private static RoutingAlgorithm dorVn(Topology t) {
        return new DorVnFactory().create(t, Parameters.bind(DorVnParameters.class, Map.of("dateline", "classic")));
    }

    /** Output ports and classes hop by hop (the last is the ejection) for a packet in {@code network}. */
    private static List<int[]> path(RoutingAlgorithm a, Topology t, int src, int dst, int network) {
        TestPacket p = new TestPacket(7, src, dst);
        p.virtualNetwork(network);
        CandidateRecorder c = new CandidateRecorder();
        int router = t.nodeRouter(src);
        int inPort = t.nodePort(src);
        List<int[]> hops = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            a.route(router, inPort, p, c.reset());
            assertEquals(1, c.count());
            hops.add(new int[] {c.port(), c.vcClass()});
            if (t.terminal(router, c.port()) == dst) {
                return hops;
            }
            int next = t.neighbor(router, c.port());
            inPort = t.neighborPort(router, c.port());
            router = next;
        }
        throw new AssertionError("no arrival " + src + " -> " + dst);
    }

    @Test
    void networkZeroIsDorAndNetworkOneIsDorYxOnEveryPairOfA2dTorus() {
        KAryNCube torus = new KAryNCube(5, 2, true);
        RoutingAlgorithm vn = dorVn(torus);
        RoutingAlgorithm xy = DimensionOrderRoutingTest.dor(torus, "classic");
        RoutingAlgorithm yx = DimensionOrderRoutingTest.dorYx(torus, "classic");
        for (int s = 0; s < torus.nodes(); s++) {
            for (int d = 0; d < torus.nodes(); d++) {
                if (s == d) {
                    continue;
                }
                assertTrue(same(path(xy, torus, s, d, 0), path(vn, torus, s, d, 0)), s + " -> " + d + " in network 0");
                assertTrue(same(path(yx, torus, s, d, 0), path(vn, torus, s, d, 1)), s + " -> " + d + " in network 1");
            }
        }
        assertEquals(2, vn.vcClasses());
    }

    private static boolean same(List<int[]> a, List<int[]> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i)[0] != b.get(i)[0] || a.get(i)[1] != b.get(i)[1]) {
                return false;
            }
        }
        return true;
    }

    @Test
    void inThreeDimensionsNetworkOneGoesYThenXThenZ() {
        KAryNCube cube = new KAryNCube(4, 3, true);
        int src = cube.router(0, 0, 0);
        int dst = cube.router(1, 1, 1);
        List<int[]> yxz = path(dorVn(cube), cube, src, dst, 1);
        assertEquals(cube.plusPort(1), yxz.get(0)[0]);
        assertEquals(cube.plusPort(0), yxz.get(1)[0]);
        assertEquals(cube.plusPort(2), yxz.get(2)[0]);
        List<int[]> xyz = path(dorVn(cube), cube, src, dst, 0);
        assertEquals(cube.plusPort(0), xyz.get(0)[0]);
        assertEquals(cube.plusPort(1), xyz.get(1)[0]);
    }

    @Test
    void aPacketInANetworkItDoesNotRouteIsRefusedNamingTheNetworks() {
        KAryNCube torus = new KAryNCube(4, 2, true);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> path(dorVn(torus), torus, 0, 5, 2));
        assertTrue(e.getMessage().contains("dor-vn routes 2 virtual networks (0 .. 1)"), e.getMessage());
        IllegalArgumentException ring = assertThrows(IllegalArgumentException.class,
                () -> dorVn(new KAryNCube(4, 1, true)));
        assertTrue(ring.getMessage().contains("use 'dor'"), ring.getMessage());
    }
}
