package org.fabrica.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;

/** The fixtures must be able to fail: each check is shown catching what it is for. */
class FixturesTest {
    /** k routers in a one-way ring: port 0 to the next router's port 1, node r on port 2 of router r. */
    static GraphTopology ring(int k) {
        GraphTopology.Builder b = GraphTopology.builder(k + "-router ring").routers(k, 3);
        for (int r = 0; r < k; r++) {
            b.link(r, 0, (r + 1) % k, 1);
        }
        for (int r = 0; r < k; r++) {
            b.node(r, 2);
        }
        return b.build();
    }

    /** Goes + around the ring; with {@code dateline}, class 1 after the wrap k-1 -> 0. */
    static RoutingAlgorithm clockwise(int k, boolean dateline) {
        return new RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                if (router == packet.destination()) {
                    out.add(2, packet.routingState());
                    return;
                }
                int cls = dateline && (router == k - 1 || packet.routingState() == 1) ? 1 : 0;
                packet.routingState(cls);
                out.add(0, cls);
            }

            @Override
            public int vcClasses() {
                return dateline ? 2 : 1;
            }
        };
    }

    @Test
    void graphTopologiesKeepTheContractAndCountTheirPorts() {
        TopologyContract.Census ring = TopologyContract.check(ring(4));
        assertEquals(new TopologyContract.Census(8, 4, 0), ring);
        GraphTopology crossbar = GraphTopology.crossbar(3);
        assertEquals("3-port crossbar", crossbar.describe());
        assertEquals(new TopologyContract.Census(0, 3, 0), TopologyContract.check(crossbar));
        GraphTopology sparse = GraphTopology.builder("two routers, one spare port").routers(2, 2).link(0, 0, 1, 0)
                .node(0, 1).build();
        assertEquals(new TopologyContract.Census(2, 1, 1), TopologyContract.check(sparse));
        assertEquals(0, sparse.nodeRouter(0));
        assertEquals(1, sparse.nodePort(0));
        assertThrows(IllegalArgumentException.class, () -> GraphTopology.builder("x").routers(1, 2).node(0, 0).node(0, 0));
        assertThrows(IllegalArgumentException.class, () -> GraphTopology.builder("x").routers(1, 2).link(0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> GraphTopology.builder("x").routers(1, 2).node(1, 0));
    }

    @Test
    void theContractCatchesALinkThatDoesNotLinkBack() {
        GraphTopology ring = ring(3);
        Topology broken = new ForwardingTopology(ring) {
            @Override
            public int neighbor(int router, int port) {
                return router == 2 && port == 0 ? 1 : ring.neighbor(router, port); // should be router 0
            }

            @Override
            public String describe() {
                return "broken ring";
            }
        };
        AssertionError e = assertThrows(AssertionError.class, () -> TopologyContract.check(broken));
        assertTrue(e.getMessage().contains("router 0 port 1 of broken ring links to router 2 port 0, which links back to"
                + " router 1 port 1"), e.getMessage());
    }

    @Test
    void aWalkFollowsTheRouteAndTheDependencyGraphFindsTheRingCycle() {
        int k = 4;
        GraphTopology t = ring(k);
        RoutingAlgorithm oneClass = clockwise(k, false);
        List<Hop> hops = RouteWalk.walk(oneClass, t, 2, 1, 7);
        assertEquals(List.of(new Hop(2, 0, 0), new Hop(3, 0, 0), new Hop(0, 0, 0), new Hop(1, 2, 0)), hops);
        DependencyGraph plain = new DependencyGraph();
        DependencyGraph classes = new DependencyGraph();
        RoutingAlgorithm dateline = clockwise(k, true);
        for (int s = 0; s < k; s++) {
            for (int d = 0; d < k; d++) {
                if (s != d) {
                    plain.addPath(RouteWalk.walk(oneClass, t, s, d, 0), h -> h.router() * 3 + h.port());
                    classes.addPath(RouteWalk.walk(dateline, t, s, d, 0), h -> (h.router() * 3 + h.port()) * 2 + h.vcClass());
                }
            }
        }
        List<Long> cycle = plain.cycle();
        assertEquals(k, cycle.size(), "the ring's four + links: " + cycle);
        assertTrue(plain.hasCycle());
        assertFalse(classes.hasCycle(), "the dateline breaks the ring: " + classes.cycle());
        assertTrue(classes.merged(c -> c / 2).hasCycle(), "merging the classes closes it again");
        assertFalse(classes.restricted((a, b) -> a % 2 == 0 && b % 2 == 0).hasCycle());
        assertTrue(classes.dependencies() > 0 && classes.channels() > k);
        DependencyGraph loop = new DependencyGraph();
        loop.add(5, 5);
        assertEquals(List.of(5L), loop.cycle(), "a channel waiting for itself");
    }

    @Test
    void aWalkCatchesRoutingThatDependsOnHowOftenItIsAsked() {
        GraphTopology t = ring(4);
        RoutingAlgorithm counting = new RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                packet.routingState(packet.routingState() + 1);
                out.add(router == packet.destination() ? 2 : 0, 0);
            }

            @Override
            public int vcClasses() {
                return 1;
            }
        };
        AssertionError state = assertThrows(AssertionError.class, () -> RouteWalk.walk(counting, t, 0, 2, 1));
        assertTrue(state.getMessage().contains("changed the routing state from 1 to 2 at router 0"), state.getMessage());
        RoutingAlgorithm two = new RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                out.add(0, 0);
                out.add(2, 0);
            }

            @Override
            public int vcClasses() {
                return 1;
            }
        };
        AssertionError candidates = assertThrows(AssertionError.class, () -> RouteWalk.walk(two, t, 0, 2, 1));
        assertTrue(candidates.getMessage().startsWith("one candidate expected, 2 given"), candidates.getMessage());
        RoutingAlgorithm never = clockwise(4, false);
        AssertionError loops = assertThrows(AssertionError.class, () -> RouteWalk.walk(never, t, 0, 9, 1));
        assertTrue(loops.getMessage().startsWith("no arrival from 0 to 9 within 16 hops"), loops.getMessage());
        List<Integer> checked = new ArrayList<>();
        RouteWalk.walk(never, t, 0, 2, 1, (router, inPort, packet, hop, before) -> checked.add(router));
        assertEquals(List.of(0, 1, 2), checked, "the hop check runs at every router");
    }

    @Test
    void packetsAndCandidateRecorders() {
        TestPacket p = new TestPacket(3, 1, 2);
        p.routingState(4);
        assertEquals(4, p.routingState());
        assertEquals(TestPacket.LENGTH, p.length());
        TestPacket frozen = TestPacket.readOnly(3, 1, 2);
        assertThrows(UnsupportedOperationException.class, () -> frozen.routingState(1));
        assertEquals(0, frozen.routingState());
        CandidateRecorder c = new CandidateRecorder();
        assertEquals(-1, c.port());
        for (int i = 0; i < 20; i++) {
            c.add(i, i % 3);
        }
        assertEquals(20, c.count());
        assertEquals(0, c.port());
        assertEquals(19, c.port(19));
        assertEquals(1, c.vcClass(19));
        assertEquals(0, c.reset().count());
        assertThrows(IndexOutOfBoundsException.class, () -> c.port(0));
    }
}
