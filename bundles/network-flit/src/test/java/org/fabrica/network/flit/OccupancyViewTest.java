package org.fabrica.network.flit;

import static org.fabrica.network.flit.Fixtures.MINUS;
import static org.fabrica.network.flit.Fixtures.PLUS;
import static org.fabrica.network.flit.Fixtures.TERMINAL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabrica.hardware.FlowControl;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;

/**
 * The flit model hands adaptive routing its buffers' occupancy (routing API 1.6): on an 8-router
 * ring with one 8-flit VC, node 0 sends to node 4 (both ways are 4 hops) while node 1 floods
 * node 3 through the plus links; a routing that takes the emptier way at the source must see the
 * plus way fill and send some packets the minus way.
 */
class OccupancyViewTest {
    static final int PACKETS = 40;

    /** Ring shortest paths; at a tie, the way whose downstream buffer holds fewer flits (plus if equal). */
    static final class EmptierWayAtTie implements RoutingAlgorithm {
        final boolean reads;
        NetworkOccupancy view;
        int plus;
        int minus;
        int maxHeld;
        int capacitySeen = -1;
        boolean outOfRange;

        EmptierWayAtTie(boolean reads) {
            this.reads = reads;
        }

        @Override
        public boolean readsOccupancy() {
            return reads;
        }

        @Override
        public void occupancy(NetworkOccupancy occupancy) {
            this.view = occupancy;
        }

        @Override
        public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
            int d = packet.destination();
            if (d == router) {
                out.add(TERMINAL, 0);
                return;
            }
            int forward = (d - router + 8) % 8;
            boolean way;
            if (packet.routingState() != 0) {
                way = packet.routingState() == 1;
            } else if (forward == 4) {
                way = true;
                if (view != null) {
                    int towardsPlus = view.downstreamFlits(router, PLUS);
                    int towardsMinus = view.downstreamFlits(router, MINUS);
                    check(router, PLUS, towardsPlus);
                    check(router, MINUS, towardsMinus);
                    way = towardsPlus <= towardsMinus;
                }
                if (way) {
                    plus++;
                } else {
                    minus++;
                }
                packet.routingState(way ? 1 : 2);
            } else {
                way = forward < 4;
            }
            out.add(way ? PLUS : MINUS, 0);
        }

        private void check(int router, int port, int held) {
            int capacity = view.downstreamCapacity(router, port);
            capacitySeen = capacity;
            maxHeld = Math.max(maxHeld, held);
            int perVc = 0;
            for (int vc = 0; vc < view.vcs(); vc++) {
                perVc += view.downstreamFlits(router, port, vc);
            }
            if (held < 0 || held > capacity || perVc != held) {
                outOfRange = true;
            }
        }

        @Override
        public int vcClasses() {
            return 1;
        }

        @Override
        public boolean deterministic() {
            return !reads;
        }
    }

    static FlitNetwork run(RoutingAlgorithm routing) {
        Setup s = new Setup();
        s.router = Fixtures.router(1, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.routing = routing;
        s.packetFlits = 4;
        s.pattern = (source, random) -> source == 0 ? 4 : 3;
        int[] generated = new int[8];
        s.injection = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return (node == 0 || node == 1) && generated[node]++ < PACKETS ? 0 : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        FlitNetwork net = s.create();
        Fixtures.run(net, 16);
        assertFalse(net.truncated());
        assertEquals(2L * PACKETS, net.delivered());
        return net;
    }

    @Test
    void anAdaptiveRoutingSeesThePlusWayFillAndTakesTheOther() {
        EmptierWayAtTie routing = new EmptierWayAtTie(true);
        run(routing);
        assertNotNull(routing.view, "the model handed the view before the first route");
        assertEquals(PACKETS, routing.plus + routing.minus, "one choice per packet of node 0");
        assertTrue(routing.plus > 0 && routing.minus > 0, "plus " + routing.plus + ", minus " + routing.minus);
        assertTrue(routing.maxHeld > 0, "a buffer was seen holding flits");
        assertEquals(8, routing.capacitySeen, "one VC of 8 flits downstream of a ring output");
        assertFalse(routing.outOfRange, "held flits within 0..capacity and equal to the sum over VCs");
    }

    @Test
    void anObliviousRoutingGetsNoViewAndKeepsItsWay() {
        EmptierWayAtTie routing = new EmptierWayAtTie(false);
        run(routing);
        assertNull(routing.view);
        assertEquals(PACKETS, routing.plus);
    }

    @Test
    void aSwappedInAdaptiveRoutingGetsTheView() {
        Setup s = new Setup();
        s.router = Fixtures.router(1, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.routing = new EmptierWayAtTie(false);
        FlitNetwork net = s.create();
        EmptierWayAtTie swapped = new EmptierWayAtTie(true);
        net.replaceRouting(swapped, "emptier-way");
        assertNotNull(swapped.view);
        assertEquals(0, swapped.view.downstreamFlits(0, PLUS), "nothing sent yet");
        assertEquals(8, swapped.view.downstreamCapacity(0, MINUS));
    }
}
