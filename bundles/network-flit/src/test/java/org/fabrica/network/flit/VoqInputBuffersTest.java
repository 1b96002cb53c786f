package org.fabrica.network.flit;

import static org.fabrica.network.flit.Fixtures.MINUS;
import static org.fabrica.network.flit.Fixtures.PLUS;
import static org.fabrica.network.flit.Fixtures.TERMINAL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.kernel.SimulationException;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.junit.jupiter.api.Test;

/**
 * {@link InputBuffers} with VOQ crossbar access on their own, on a hand-wired 4-router ring
 * ({@link PartsBench}; 3 ports, so each input VC of 4 flits holds 3 queues, one per output, that
 * share its 4 slots). Pinned: a head is routed once, on arrival, and joins the queue of its
 * output, and its body flits follow it without routing; each queue keeps its flits in order while
 * the VC's slots are shared (the pool counts the VC's flits over its queues, and only those
 * visible by a cycle are visible); popping one queue frees a slot another queue can take; a flit
 * beyond the VC's pool is refused with a message naming the VC (FIFO buffers likewise).
 */
class VoqInputBuffersTest {
    /** Ring routing that counts its calls. */
    static final class Counting implements RoutingAlgorithm {
        final RoutingAlgorithm ring = new Fixtures.RingRouting(4, true);
        int calls;

        @Override
        public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
            calls++;
            ring.route(router, inPort, packet, out);
        }

        @Override
        public int vcClasses() {
            return ring.vcClasses();
        }
    }

    private final Counting routing = new Counting();

    private PartsBench voq() {
        PartsBench b = new PartsBench();
        b.routing = routing;
        b.description = RouterDescription.of(Fixtures.router(2, 4, FlowControl.WORMHOLE))
                .withCrossbar(CrossbarOrganisation.VOQ);
        return b.build();
    }

    private static void arrive(PartsBench b, int iv, int slot, int visible, boolean head) {
        int r = b.wiring.vcRouter[iv];
        b.inputs.arrive(iv, r, b.wiring.vcLocal[iv], slot, visible, head);
    }

    @Test
    void aHeadJoinsTheQueueOfItsOutputAndItsBodyFollowsItWithoutRouting() {
        PartsBench b = voq();
        assertEquals(3, b.inputs.maxQueuesPerVc);
        assertEquals(0, b.inputs.states.candPort.length, "a VOQ head's one candidate is in its record: no candidate table");
        int iv = b.vc(1, MINUS, 0); // r1's x- input, fed by r0's x+
        int toPlus = iv * 3 + PLUS;
        int toNode = iv * 3 + TERMINAL;
        int a = b.packet(0, 2, 2); // at r1: x+
        int c = b.packet(0, 1, 2); // at r1: its node
        arrive(b, iv, a, 5, true);
        arrive(b, iv, a, 6, false);
        arrive(b, iv, c, 7, true);
        arrive(b, iv, c, 8, false);
        assertEquals(2, routing.calls, "one route per head, on arrival");
        assertEquals(2, b.inputs.count(toPlus));
        assertEquals(2, b.inputs.count(toNode));
        assertEquals(0, b.inputs.count(iv * 3 + MINUS));
        assertEquals(a, b.inputs.flitSlot(toPlus, 0));
        assertEquals(a, b.inputs.flitSlot(toPlus, 1));
        assertEquals(c, b.inputs.flitSlot(toNode, 0));
        assertEquals(c, b.inputs.flitSlot(toNode, 1));
        assertEquals(a, b.inputs.frontSlot(toPlus));
        assertEquals(5, b.inputs.frontVisible(toPlus));
        assertEquals(c, b.inputs.frontSlot(toNode));
        assertEquals(7, b.inputs.frontVisible(toNode));
        assertEquals(4, b.inputs.vcFlits(iv), "the VC's credits count its flits over its queues");
        assertEquals(2, b.inputs.visibleFlits(iv, 6));
        assertEquals(3, b.inputs.visibleFlits(iv, 7));
        assertEquals(4, b.routers.flits(1));
        // each non-empty queue asks for VC allocation on its own
        assertTrue(b.routers.vaBit(1, b.wiring.queueLocal[toPlus]));
        assertTrue(b.routers.vaBit(1, b.wiring.queueLocal[toNode]));
        assertEquals(false, b.routers.vaBit(1, b.wiring.queueLocal[iv * 3 + MINUS]));
        assertEquals(java.util.List.of(toPlus, toNode),
                java.util.Arrays.stream(b.inputs.nonEmptyQueues(iv)).boxed().toList());
    }

    @Test
    void theQueuesShareTheVcsSlotsAndAPopFreesOneForAnyQueue() {
        PartsBench b = voq();
        int iv = b.vc(1, MINUS, 1);
        int toPlus = iv * 3 + PLUS;
        int toNode = iv * 3 + TERMINAL;
        int toMinus = iv * 3 + MINUS;
        int a = b.packet(0, 2, 3);
        int c = b.packet(0, 1, 1);
        arrive(b, iv, a, 1, true);
        arrive(b, iv, a, 2, false);
        arrive(b, iv, a, 3, false);
        arrive(b, iv, c, 4, true); // the link's next packet: the VC's last slot
        assertEquals(3, b.inputs.count(toPlus));
        assertEquals(1, b.inputs.count(toNode));
        int d = b.packet(0, 0, 1); // at r1: x- (back), a third queue
        SimulationException e = assertThrows(SimulationException.class, () -> arrive(b, iv, d, 5, true));
        assertTrue(e.getMessage().startsWith("network invariant violated at cycle 0: buffer overflow: 4 flits already in"
                + " r0.x+ vc1 (capacity 4) when packet 2 (source 0, destination 0) arrived"), e.getMessage());
        assertEquals(2, routing.calls, "refused before routing");
        // the other VC of the port has its own pool
        arrive(b, b.vc(1, MINUS, 0), d, 5, true);
        assertEquals(1, b.inputs.vcFlits(b.vc(1, MINUS, 0)));

        assertEquals(0, b.inputs.pop(toNode, 1), "the node's queue is empty again");
        assertEquals(3, b.inputs.vcFlits(iv));
        int f = b.packet(0, 0, 1);
        arrive(b, iv, f, 6, true);
        assertEquals(1, b.inputs.count(toMinus), "the freed slot went to another queue");
        assertEquals(f, b.inputs.frontSlot(toMinus));
        assertEquals(6, b.inputs.frontVisible(toMinus));
        assertEquals(2, b.inputs.pop(toPlus, 1));
        assertEquals(2, b.inputs.frontVisible(toPlus), "the queue's next flit is its front");
        assertEquals(1, b.inputs.pop(toPlus, 1));
        assertEquals(3, b.inputs.frontVisible(toPlus));
        // and the order holds across reused slots
        int g = b.packet(0, 2, 2);
        arrive(b, iv, g, 7, true);
        arrive(b, iv, g, 8, false);
        assertEquals(3, b.inputs.count(toPlus));
        assertEquals(a, b.inputs.flitSlot(toPlus, 0));
        assertEquals(g, b.inputs.flitSlot(toPlus, 1));
        assertEquals(g, b.inputs.flitSlot(toPlus, 2));
        assertEquals(4, b.inputs.vcFlits(iv));
        assertEquals(2, b.inputs.pop(toPlus, 1));
        assertEquals(g, b.inputs.frontSlot(toPlus));
        assertEquals(7, b.inputs.frontVisible(toPlus));
    }

    @Test
    void aVcsPoolOfRunsGrowsForShortPacketsAndEveryQueueKeepsItsOrder() {
        PartsBench b = new PartsBench();
        b.routing = routing;
        b.description = RouterDescription.of(Fixtures.router(2, 16, FlowControl.WORMHOLE))
                .withCrossbar(CrossbarOrganisation.VOQ);
        b.bufferPacketFlits = 8; // runs for 2 whole packets, a partial one per queue and one arriving: 6
        b.build();
        assertEquals(6, b.inputs.voqQueues.runSlots);
        int iv = b.vc(1, MINUS, 1);
        int other = b.vc(1, MINUS, 0);
        int[] queues = {iv * 3 + PLUS, iv * 3 + TERMINAL, iv * 3 + MINUS};
        int[] destinations = {2, 1, 0}; // at r1: x+, its node, x-
        java.util.List<java.util.ArrayDeque<int[]>> expected = new java.util.ArrayList<>();
        for (int k = 0; k < 3; k++) {
            expected.add(new java.util.ArrayDeque<>());
        }
        int otherPacket = b.packet(0, 2, 2);
        arrive(b, other, otherPacket, 1, true); // another VC's pool, moved along when the pools grow
        int visible = 0;
        for (int n = 0; n < 40; n++) {
            int k = (n * 7 / 3) % 3;
            int flits = 1 + n % 2; // packets of 1 and 2 flits: far more runs than sized for
            int p = b.packet(0, destinations[k], flits);
            for (int f = 0; f < flits; f++) {
                b.progress.now = ++visible; // one flit a cycle, visible at once
                arrive(b, iv, p, visible, f == 0);
                expected.get(k).add(new int[] {p, visible});
            }
            // keep the VC at 12 of its 16 flits (8 runs or so): the fullest queue gives a flit
            while (expected.get(0).size() + expected.get(1).size() + expected.get(2).size() > 12) {
                int q = 0;
                for (int j = 1; j < 3; j++) {
                    q = expected.get(j).size() > expected.get(q).size() ? j : q;
                }
                expected.get(q).poll();
                assertEquals(expected.get(q).size(), b.inputs.pop(queues[q], 1));
            }
            int held = 0;
            for (int j = 0; j < 3; j++) {
                int i = 0;
                for (int[] flit : expected.get(j)) {
                    assertEquals(flit[0], b.inputs.flitSlot(queues[j], i), "packet " + n + " queue " + j + " flit " + i);
                    // the VC keeps the arrival cycles of its last 16 flits; an older flit is visible (now)
                    int seen = visible - flit[1] < 16 ? flit[1] : visible;
                    assertEquals(seen, b.inputs.flitVisible(queues[j], i), "packet " + n + " queue " + j + " flit " + i);
                    i++;
                }
                if (!expected.get(j).isEmpty()) {
                    assertEquals(expected.get(j).peek()[0], b.inputs.frontSlot(queues[j]));
                    int front = expected.get(j).peek()[1];
                    // the front's cycle as known when it became the front: its own, or a later one it was visible by
                    int known = b.inputs.frontVisible(queues[j]);
                    assertTrue(front <= known && known <= visible, "front visible " + known + " for " + front);
                }
                held += expected.get(j).size();
            }
            assertEquals(held, b.inputs.vcFlits(iv));
            assertEquals(held, b.inputs.visibleFlits(iv, visible));
            assertEquals(held - 1, b.inputs.visibleFlits(iv, visible - 1), "the last flit is still on the link");
        }
        assertTrue(b.inputs.voqQueues.runSlots > 6, "the pools grew: " + b.inputs.voqQueues.runSlots);
        assertEquals(otherPacket, b.inputs.flitSlot(other * 3 + PLUS, 0));
        assertEquals(1, b.inputs.vcFlits(other));
        assertEquals(41, routing.calls, "one route per head: the other VC's and 40");
    }

    @Test
    void aFifoBufferRefusesAFlitBeyondItsCapacityNamingTheVc() {
        PartsBench b = new PartsBench().build();
        int p = b.packet(3, 1, 8);
        b.push(0, MINUS, 1, p, 4, 0);
        SimulationException e = assertThrows(SimulationException.class, () -> b.push(0, MINUS, 1, p, 1, 0));
        assertTrue(e.getMessage().startsWith("network invariant violated at cycle 0: buffer overflow: 4 flits already in"
                + " r3.x+ vc1 (capacity 4) when packet 0 (source 3, destination 1) arrived"), e.getMessage());
    }
}

