package org.fabrica.topology.rails;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;

/**
 * Multi-rail networks: the planes and interfaces are wired as the topology says, each link both
 * ways; the interfaces spread packets evenly over the planes (by packet id) or by destination, with
 * the same answer when asked twice. (A run of one, and the file's keys: RailsTest in experiment-runner.)
 */
class RailTopologyTest {
    /** Two routers joined by port 0; nodes 0, 1 on router 0 (ports 1, 2) and node 2 on router 1 (port 1). */
    static final class Pair implements Topology {
        @Override
        public int nodes() {
            return 3;
        }

        @Override
        public int routers() {
            return 2;
        }

        @Override
        public int ports(int router) {
            return router == 0 ? 3 : 2;
        }

        @Override
        public int neighbor(int router, int port) {
            return port == 0 ? 1 - router : -1;
        }

        @Override
        public int neighborPort(int router, int port) {
            return port == 0 ? 0 : -1;
        }

        @Override
        public int terminal(int router, int port) {
            return port == 0 ? -1 : router == 0 ? port - 1 : 2;
        }

        @Override
        public int nodeRouter(int node) {
            return node < 2 ? 0 : 1;
        }

        @Override
        public int nodePort(int node) {
            return node < 2 ? node + 1 : 1;
        }

        @Override
        public String describe() {
            return "pair";
        }
    }

    @Test
    void planesAndInterfacesAreWiredAsTheTopologySaysEachLinkBothWays() {
        RailTopology t = new RailTopology(new Pair(), 3);
        assertEquals(3 * 2 + 3, t.routers());
        assertEquals(3, t.nodes());
        for (int r = 0; r < t.routers(); r++) {
            for (int p = 0; p < t.ports(r); p++) {
                int s = t.neighbor(r, p);
                if (s >= 0) {
                    assertEquals(r, t.neighbor(s, t.neighborPort(r, p)), "router " + r + " port " + p);
                    assertEquals(p, t.neighborPort(s, t.neighborPort(r, p)), "router " + r + " port " + p);
                }
            }
        }
        // plane 2's copy of router 1 (router 5): port 0 to plane 2's router 0 (4), port 1 to node 2's interface (8), port 2
        assertEquals(4, t.neighbor(5, 0));
        assertEquals(8, t.neighbor(5, 1));
        assertEquals(2, t.neighborPort(5, 1));
        assertEquals(-1, t.terminal(5, 1), "a plane's node port leads to the interface now");
        for (int n = 0; n < 3; n++) {
            int i = t.nodeRouter(n);
            assertEquals(6 + n, i);
            assertEquals(3, t.nodePort(n));
            assertEquals(n, t.terminal(i, 3));
            assertEquals(Topology.INTERFACE, t.routerKind(i));
            assertEquals(4, t.ports(i));
        }
        assertEquals(Topology.SWITCH, t.routerKind(3));
        assertEquals("pair, 3 rails", t.describe());
    }

    /** Records the output port of each route and delivers nothing else. */
    private static List<Integer> planesChosen(RailRouting.Selection selection, int packets) {
        RailTopology t = new RailTopology(new Pair(), 4);
        RoutingAlgorithm plane = new Plane();
        RailRouting routing = new RailRouting(t, new RoutingAlgorithm[] {plane, plane, plane, plane}, selection);
        List<Integer> ports = new ArrayList<>();
        for (int k = 0; k < packets; k++) {
            int destination = k % 3;
            long id = k;
            PacketView packet = new PacketView() {
                @Override
                public long id() {
                    return id;
                }

                @Override
                public int source() {
                    return 0;
                }

                @Override
                public int destination() {
                    return destination;
                }

                @Override
                public int length() {
                    return 4;
                }

                @Override
                public long created() {
                    return 0;
                }

                @Override
                public int routingState() {
                    return 0;
                }

                @Override
                public void routingState(int state) {
                }
            };
            int[] twice = new int[2];
            for (int ask = 0; ask < 2; ask++) { // the network may ask twice: the same answer
                int a = ask;
                routing.route(t.nodeRouter(0), 4, packet, new RouteCandidates() {
                    @Override
                    public void add(int outPort, int vcClass) {
                        twice[a] = outPort;
                    }
                });
            }
            assertEquals(twice[0], twice[1], "packet " + k + " asked twice");
            ports.add(twice[0]);
        }
        return ports;
    }

    @Test
    void packetIdsSpreadEvenlyAndDestinationKeepsAPlanePerDestinationTheSameWhenAskedTwice() {
        List<Integer> rr = planesChosen(RailRouting.Selection.PACKET, 400);
        for (int p = 0; p < 4; p++) {
            int plane = p;
            assertEquals(100, rr.stream().filter(x -> x == plane).count(), "plane " + p + " of 4, 400 packets");
        }
        assertEquals(List.of(0, 1, 2, 3, 0, 1), rr.subList(0, 6));
        assertEquals(List.of(0, 1, 2, 0, 1, 2), planesChosen(RailRouting.Selection.DESTINATION, 6),
                "destination modulo 4 planes, destinations 0, 1, 2");
    }

    /** A plane's routing: port 0, class 0, whatever the packet. */
    static class Plane implements RoutingAlgorithm {
        @Override
        public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
            out.add(0, 0);
        }

        @Override
        public int vcClasses() {
            return 1;
        }
    }

    /** A plane's routing that reads occupancy, keeping the view it was handed. */
    static final class Adaptive extends Plane {
        NetworkOccupancy view;

        @Override
        public boolean readsOccupancy() {
            return true;
        }

        @Override
        public void occupancy(NetworkOccupancy view) {
            this.view = view;
        }
    }

    @Test
    void anAdaptivePlaneRoutingReadsTheOccupancyOfItsOwnPlane() {
        RailTopology t = new RailTopology(new Pair(), 3);
        Adaptive[] planes = {new Adaptive(), new Adaptive(), new Adaptive()};
        RailRouting routing = new RailRouting(t, planes, RailRouting.Selection.PACKET);
        assertTrue(routing.readsOccupancy(), "the planes' routing reads occupancy");
        // the network's figures name its own routers: router r, port p, vc v holds 100 r + 10 p + v flits
        NetworkOccupancy network = new NetworkOccupancy() {
            @Override
            public int downstreamFlits(int router, int outPort) {
                return 100 * router + 10 * outPort;
            }

            @Override
            public int downstreamFlits(int router, int outPort, int vc) {
                return 100 * router + 10 * outPort + vc;
            }

            @Override
            public int downstreamCapacity(int router, int outPort) {
                return 1000 + router;
            }

            @Override
            public int vcs() {
                return 4;
            }
        };
        routing.occupancy(network);
        for (int p = 0; p < planes.length; p++) {
            int global = p * t.planeRouters() + 1; // the plane's router 1
            assertEquals(100 * global, planes[p].view.downstreamFlits(1, 0), "plane " + p);
            assertEquals(100 * global + 10 + 3, planes[p].view.downstreamFlits(1, 1, 3), "plane " + p);
            assertEquals(1000 + global, planes[p].view.downstreamCapacity(1, 0), "plane " + p);
            assertEquals(4, planes[p].view.vcs());
        }
        RoutingAlgorithm fixed = new Plane();
        assertFalse(new RailRouting(t, new RoutingAlgorithm[] {fixed, fixed, fixed}, RailRouting.Selection.PACKET)
                .readsOccupancy(), "a static plane routing reads none");
    }

    @Test
    void aPlaneRoutingThatReadsArrivalClassesIsRefused() {
        RailTopology t = new RailTopology(new Pair(), 2);
        RoutingAlgorithm reads = new Plane() {
            @Override
            public boolean readsArrivalClass() {
                return true;
            }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RailRouting(t, new RoutingAlgorithm[] {reads, reads}, RailRouting.Selection.PACKET));
        assertTrue(e.getMessage().contains("does not pass to its planes"), e.getMessage());
    }
}
