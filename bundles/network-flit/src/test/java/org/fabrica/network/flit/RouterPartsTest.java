package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The router's parts on their own, without a network around them: the wiring's queue numbering,
 * the FIFO input buffers, the active-router records and the contention counter. The other parts
 * have their own tests: AllocationStageTest, CrossbarTest, LinksTest, VoqInputBuffersTest,
 * OneRouterAllocationTest (VC and switch allocation of one hand-wired router) and
 * NetworkInterfacesTest, all on parts wired by PartsBench.
 */
class RouterPartsTest {
    private static final int VCS = 2;

    @Test
    void wiringNumbersEveryQueueOnceAndMapsItBackToItsPortVcAndOutput() {
        for (boolean voq : new boolean[] {false, true}) {
            for (org.fabrica.topology.Topology topology : new org.fabrica.topology.Topology[] {new Fixtures.Ring(4), new Hub(5)}) {
                Wiring w = new Wiring(topology, VCS, voq);
                String what = topology.describe() + (voq ? ", VOQ" : ", FIFO");
                int total = 0;
                for (int r = 0; r < w.routers; r++) {
                    // with VOQ a router's VCs hold one queue per output of that router, not of the largest
                    assertEquals(voq ? w.ports(r) : 1, w.queuesPerVc[r], what + ": queues per VC of r" + r);
                    assertEquals(total, w.queueBase[r], what + ": first queue of r" + r);
                    total += w.ports(r) * VCS * w.queuesPerVc[r];
                }
                assertEquals(total, w.totalQueues(), what);
                Set<Long> seen = new HashSet<>();
                for (int x = 0; x < w.totalQueues(); x++) {
                    int r = w.queueRouter[x];
                    int l = w.queueLocal[x];
                    assertTrue(seen.add(((long) r << 32) | l), what + ": queue " + x + " numbered twice");
                    int iv = w.queueVc(x);
                    int o = w.queueOut(x);
                    int lb = w.localBase[r];
                    // the local queue's port and VC are those of its global input VC, its output the queue's
                    assertEquals(w.portLocal[iv / VCS], w.localPort[lb + l], what + ": port of queue " + x);
                    assertEquals(iv % VCS, w.localVc[lb + l], what + ": VC of queue " + x);
                    assertEquals(o, w.localOut[lb + l], what + ": output of queue " + x);
                    assertTrue(o < w.queuesPerVc[r], what + ": output of queue " + x);
                    assertEquals(w.vcRouter[iv], r);
                    assertEquals(w.firstQueue[iv] + o, x, what + ": queue " + x + " from its VC and output");
                    assertEquals(w.queueBase[r] + l, x, what + ": the local index is the offset from the router's first queue");
                    // the encoder PortWaiters uses gives the same local queue from the VC and output
                    assertEquals(l, Wiring.localQueue(w.vcLocal[iv], o, w.queuesPerVc[r]), what + ": local queue " + x);
                    assertTrue(l < w.maskWords[r] * 64, what + ": queue " + x + " inside its router's masks");
                }
                int maxPorts = topology instanceof Hub ? 5 : 3;
                assertEquals(maxPorts * VCS * (voq ? maxPorts : 1), w.maxLocalQueues(), what);
            }
        }
    }

    @Test
    void withVoqEachRouterHoldsQueuesForItsOwnOutputsOnly() {
        // a hub of 5 ports and 5 leaves of 2: 5 x 5 + 5 x (2 x 2) queues per VC index, not 10 x 2 x 5
        Wiring w = new Wiring(new Hub(5), VCS, true);
        assertEquals((5 * 5 + 5 * 2 * 2) * VCS, w.totalQueues());
        assertEquals(1, w.maskWords[1], "a leaf's masks cover its 8 queues");
        InputBuffers in = new InputBuffers(w, w.everyInputVc(new int[] {8, 8}), 1,
                new ActiveRouters(w.routers, w.maxLocalQueues(), w.maskWords), new int[w.niCreditBase + w.nodes * VCS]);
        assertEquals((w.totalQueues() << InputBuffers.VC_SHIFT) + InputBuffers.LEAD, in.vc.length,
                "one record per queue, from LEAD on");
        StateSize size = StateSize.check(new Hub(5), new int[] {8, 8}, true, 1, 4, 1, Long.MAX_VALUE);
        assertEquals(w.totalQueues(), size.queues, "the memory estimate counts the same queues");
    }

    /**
     * Router 0, a hub of k ports, its port i linked to port 0 of router i + 1, a leaf of two ports
     * whose port 1 is node i: routers of two sizes.
     */
    record Hub(int k) implements org.fabrica.topology.Topology {
        @Override
        public int nodes() {
            return k;
        }

        @Override
        public int routers() {
            return k + 1;
        }

        @Override
        public int ports(int router) {
            return router == 0 ? k : 2;
        }

        @Override
        public int neighbor(int router, int port) {
            if (router == 0) {
                return port + 1;
            }
            return port == 0 ? 0 : -1;
        }

        @Override
        public int neighborPort(int router, int port) {
            if (router == 0) {
                return 0;
            }
            return port == 0 ? router - 1 : -1;
        }

        @Override
        public int terminal(int router, int port) {
            return router > 0 && port == 1 ? router - 1 : -1;
        }

        @Override
        public int nodeRouter(int node) {
            return node + 1;
        }

        @Override
        public int nodePort(int node) {
            return 1;
        }

        @Override
        public String portLabel(int router, int port) {
            return router == 0 ? "leaf" + port : port == 0 ? "hub" : "node";
        }

        @Override
        public String describe() {
            return k + "-port hub";
        }
    }

    private static InputBuffers fifo(Wiring w, int capacity, ActiveRouters routers, int[] credits) {
        int[] cap = new int[VCS];
        java.util.Arrays.fill(cap, capacity);
        return new InputBuffers(w, w.everyInputVc(cap), 2, routers, credits);
    }

    @Test
    void theBuffersLayoutIsChosenOnceFromTheDeepestVcAndTheCrossbarAndSharesTheQueueRecordsWithThePipelineState() {
        Wiring w = new Wiring(new Fixtures.Ring(4), VCS, false);
        for (int depth : new int[] {InputBuffers.SLOT_FIFO_MAX, InputBuffers.SLOT_FIFO_MAX + 1}) {
            InputBuffers in = fifo(w, depth, new ActiveRouters(w.routers, w.maxLocalQueues()), new int[w.totalVcs()]);
            boolean small = depth <= InputBuffers.SLOT_FIFO_MAX;
            assertEquals(small, in.slotFifo != null, depth + " flits");
            assertEquals(!small, in.runFifo != null, depth + " flits");
            assertEquals(null, in.voqQueues);
            assertTrue(in.states.vc == in.vc, "one record per queue for the flits' front and the pipeline state");
        }
        Wiring queued = new Wiring(new Fixtures.Ring(4), VCS, true);
        InputBuffers voq = fifo(queued, 4, new ActiveRouters(queued.routers, queued.maxLocalQueues()),
                new int[queued.totalVcs()]);
        assertTrue(voq.voqQueues != null && voq.slotFifo == null && voq.runFifo == null);
        assertEquals(0, voq.states.candPort.length, "a VOQ head's one candidate is in its record");
    }

    @Test
    void aFifoBufferKeepsOrderAcrossItsRingAndMarksItsWork() {
        Wiring w = new Wiring(new Fixtures.Ring(4), VCS, false);
        ActiveRouters routers = new ActiveRouters(w.routers, w.maxLocalQueues());
        InputBuffers in = fifo(w, 3, routers, new int[w.totalVcs()]);
        int r = 2;
        int local = 1 * VCS + 1; // port 1, VC 1
        int iv = w.portBase[r] * VCS + local;
        int x = iv << InputBuffers.VC_SHIFT;
        int next = 100;
        int expectedFront = 100;
        for (int round = 0; round < 4; round++) { // wraps around the 3-flit ring
            in.push(iv, r, local, next, 10 + next);
            next++;
            in.push(iv, r, local, next, 10 + next);
            next++;
            assertEquals(2, in.count(iv));
            assertEquals(expectedFront, in.vc[x + InputBuffers.FRONT_SLOT]);
            assertEquals(10 + expectedFront, in.vc[x + InputBuffers.FRONT_VIS]);
            assertEquals(1, in.pop(iv, r));
            expectedFront++;
            assertEquals(expectedFront, in.vc[x + InputBuffers.FRONT_SLOT], "round " + round);
            assertEquals(0, in.pop(iv, r));
            expectedFront++;
        }
        // the first flit into an empty idle VC asks for VC allocation and lists the router
        assertTrue(routers.vaBit(r, local));
        assertFalse(routers.saBit(r, local));
        assertEquals(1, routers.count());
        assertTrue(routers.listed(r));
        assertEquals(0, routers.flits(r), "pushes and pops balance");
    }

    @Test
    void aFifoBufferKeepsOnePacketPerRunAndGrowsItsRingOfRunsForShortPackets() {
        Wiring w = new Wiring(new Fixtures.Ring(4), VCS, false);
        ActiveRouters routers = new ActiveRouters(w.routers, w.maxLocalQueues());
        int[] cap = new int[VCS];
        java.util.Arrays.fill(cap, 16);
        // sized for 8-flit packets: 3 runs per VC, too few for the 1- and 2-flit packets below
        InputBuffers in = new InputBuffers(w, w.everyInputVc(cap), 2, routers, new int[w.totalVcs()],
                Integer.MAX_VALUE, 8, 0);
        assertFalse(in.slots);
        assertEquals(3, in.runFifo.runSlots);
        int r = 3;
        int local = 1 * VCS;
        int iv = w.portBase[r] * VCS + local;
        int other = w.portBase[r] * VCS + 1;
        in.push(other, r, 1, 99, 0); // a flit elsewhere, moved along when the rings grow
        java.util.ArrayDeque<Integer> expected = new java.util.ArrayDeque<>();
        int visible = 0;
        for (int round = 0; round < 40; round++) {
            int packet = 100 + round;
            for (int f = 0; f <= round % 2; f++) {
                in.push(iv, r, local, packet, visible++);
                expected.add(packet);
            }
            if (round % 3 == 2) {
                // keep the VC part full, so its runs wrap around the ring before and after it grows
                for (int k = 0; k < 4 && expected.size() > 1; k++) {
                    expected.poll();
                    assertEquals(expected.size(), in.pop(iv, r));
                }
            }
            int i = 0;
            for (int slot : expected) {
                assertEquals(slot, in.flitSlot(iv, i++), "round " + round);
            }
            assertEquals(expected.peek(), in.frontSlot(iv), "round " + round);
            assertEquals(visible - expected.size(), in.frontVisible(iv), "round " + round);
            assertEquals(expected.size(), in.visibleFlits(iv, visible));
        }
        assertTrue(in.runFifo.runSlots > 3, "the rings grew");
        assertEquals(99, in.flitSlot(other, 0));
        assertEquals(expected.size() + 1 + in.departures(iv), visible + 1);
    }

    @Test
    void aSmallFifoBufferKeepsOneSlotPerFlitAndAnswersAsRunsDo() {
        Wiring w = new Wiring(new Fixtures.Ring(4), VCS, false);
        int[] cap = new int[VCS];
        java.util.Arrays.fill(cap, 6);
        InputBuffers[] both = new InputBuffers[2];
        ActiveRouters[] routers = new ActiveRouters[2];
        for (int k = 0; k < 2; k++) {
            routers[k] = new ActiveRouters(w.routers, w.maxLocalQueues());
            both[k] = new InputBuffers(w, w.everyInputVc(cap), 2, routers[k], new int[w.totalVcs()], 4, 2,
                    k == 0 ? InputBuffers.SLOT_FIFO_MAX : 0);
        }
        assertTrue(both[0].slots, "6-flit VCs keep slots");
        assertFalse(both[1].slots);
        int r = 2;
        int local = 1;
        int iv = w.portBase[r] * VCS + local;
        // packets of 1 to 3 flits, each flit visible 3 cycles after it was pushed; the VC wraps
        int packet = 50;
        int left = 0;
        int cycle = 0;
        for (; cycle < 60; cycle++) {
            if (cycle % 4 != 3 && both[0].count(iv) < 6) {
                if (left == 0) {
                    packet++;
                    left = 1 + packet % 3;
                }
                left--;
                for (InputBuffers in : both) {
                    in.push(iv, r, local, packet, cycle + 3);
                }
            }
            if (cycle % 3 == 0 && both[0].count(iv) > 0) {
                assertEquals(both[1].pop(iv, r), both[0].pop(iv, r), "cycle " + cycle);
            }
            InputBuffers slots = both[0];
            InputBuffers runs = both[1];
            assertEquals(runs.count(iv), slots.count(iv));
            assertEquals(runs.visibleFlits(iv, cycle), slots.visibleFlits(iv, cycle), "cycle " + cycle);
            for (int i = 0; i < slots.count(iv); i++) {
                assertEquals(runs.flitSlot(iv, i), slots.flitSlot(iv, i), "cycle " + cycle + " flit " + i);
                assertEquals(runs.flitVisible(iv, i), slots.flitVisible(iv, i), "cycle " + cycle + " flit " + i);
            }
            if (slots.count(iv) > 0) {
                assertEquals(runs.frontSlot(iv), slots.frontSlot(iv));
                assertEquals(runs.frontVisible(iv), slots.frontVisible(iv));
            }
            assertEquals(runs.departures(iv), slots.departures(iv));
        }
        assertTrue(both[0].departures(iv) > 12, "the VC wrapped: " + both[0].departures(iv) + " flits left it");
        assertEquals(routers[1].flits(r), routers[0].flits(r));
    }

    @Test
    void aFlitJoiningAnActiveVcWithCreditAsksForTheSwitch() {
        Wiring w = new Wiring(new Fixtures.Ring(4), VCS, false);
        ActiveRouters routers = new ActiveRouters(w.routers, w.maxLocalQueues());
        int[] credits = new int[w.totalVcs()];
        InputBuffers in = fifo(w, 4, routers, credits);
        int r = 1;
        int local = 0;
        int iv = w.portBase[r] * VCS + local;
        int x = iv << InputBuffers.VC_SHIFT;
        in.vc[x + VcStates.STATE] = VcStates.ACTIVE;
        in.vc[x + VcStates.OUT] = 5;
        in.push(iv, r, local, 7, 0);
        assertFalse(routers.saBit(r, local), "no credit on the owned output VC: waits off the switch mask");
        in.pop(iv, r);
        credits[5] = 1;
        in.push(iv, r, local, 8, 0);
        assertTrue(routers.saBit(r, local));
        assertFalse(routers.vaBit(r, local), "an active VC needs no VC allocation");
    }

    @Test
    void activeRoutersDropOnlyTheRoutersThatHoldNoFlitsAndAreVisitedInIndexOrder() {
        ActiveRouters a = new ActiveRouters(70, 130);
        assertEquals(3, a.words, "130 local queues take three mask words");
        for (int r : new int[] {3, 0, 68, 4, 1}) {
            a.activate(r, r * a.stride);
            a.rt[r * a.stride + ActiveRouters.FLITS] = r == 0 ? 0 : 2;
        }
        a.activate(3, 3 * a.stride); // already listed: not twice
        assertEquals(5, a.count());
        assertEquals(java.util.List.of(0, 1, 3, 4, 68), visited(a), "index order, not activation order");
        endLoop(a, a.startCycle());
        assertEquals(4, a.count());
        assertFalse(a.listed(0));
        assertEquals(0, a.rt[ActiveRouters.LISTED], "a dropped router is unlisted in its record too");
        // a router activated during the loop is not in this cycle's snapshot, and is visited next cycle
        long[] snapshot = a.startCycle();
        a.activate(0, 0);
        a.rt[ActiveRouters.FLITS] = 1;
        assertEquals(0, snapshot[0] & 1L, "not in the running cycle's snapshot");
        endLoop(a, snapshot);
        assertEquals(java.util.List.of(0, 1, 3, 4, 68), visited(a), "a dropped router can be listed again");
        a.setSa(2, 129);
        assertTrue(a.saBit(2, 129));
        assertFalse(a.vaBit(2, 129), "the two masks are apart");
        assertFalse(a.saBit(1, 129), "and routers are apart");
        assertTrue(a.hasSaWork(2), "switch work in the last mask word");
        assertFalse(a.hasVaWork(2));
        assertFalse(a.hasSaWork(1), "the cycle loop skips a stage without work");
    }

    @Test
    void stageWorkIsLookedForInTheRoutersOwnMaskWordsOnly() {
        // router 0 a switch of 130 local queues (3 words), router 1 an interface of 70 (2 words)
        ActiveRouters a = new ActiveRouters(2, 130, new int[] {3, 2});
        a.setSa(0, 129);
        assertTrue(a.hasSaWork(0), "work in a switch's last own word is found");
        a.setSa(1, 69);
        a.rt[a.stride + ActiveRouters.VA + 1] |= 1L; // local queue 64 of router 1
        assertTrue(a.hasSaWork(1), "and in an interface's last own word");
        assertTrue(a.hasVaWork(1));
        assertFalse(a.hasVaWork(0));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new ActiveRouters(2, 130, new int[] {3, 4}));
        assertTrue(e.getMessage().contains("router 1 has masks of 4 words, more than the largest, 3"), e.getMessage());
    }

    @Test
    void contentionCountsAPacketOnceAndSumsItsWait() {
        Wiring w = new Wiring(new Fixtures.Ring(4), VCS, false);
        ActiveRouters routers = new ActiveRouters(w.routers, w.maxLocalQueues());
        InputBuffers in = fifo(w, 4, routers, new int[w.totalVcs()]);
        PacketPool pool = new PacketPool(4);
        int a = pool.allocate(1, 0, 3, 4, 0);
        int b = pool.allocate(2, 0, 3, 4, 0);
        int c = pool.allocate(3, 1, 3, 4, 0);
        ContentionCounter counter = new ContentionCounter(in, pool, w.totalQueues());
        in.vc[(0 << InputBuffers.VC_SHIFT) + InputBuffers.FRONT_SLOT] = a;
        in.vc[(1 << InputBuffers.VC_SHIFT) + InputBuffers.FRONT_SLOT] = b;
        in.vc[(2 << InputBuffers.VC_SHIFT) + InputBuffers.FRONT_SLOT] = c;
        assertFalse(counter.otherFlow(0, 1), "same source and destination: one flow");
        assertTrue(counter.otherFlow(0, 2));
        counter.note(2, false, 10);
        counter.note(2, false, 12); // still waiting: not a second event
        counter.end(2, 15);
        counter.note(2, false, 20); // waits again at this router: the same packet, no new event
        counter.end(2, 21);
        counter.note(1, true, 30);
        assertEquals(1, counter.events);
        assertEquals(1, counter.endpointEvents);
        assertEquals((15 - 10) + (21 - 20), counter.waitCycles);
    }

    /** What the cycle loop does after each router of its snapshot: {@link ActiveRouters#visited}. */
    private static void endLoop(ActiveRouters a, long[] snapshot) {
        for (int w = 0; w < snapshot.length; w++) {
            for (long bits = snapshot[w]; bits != 0; bits &= bits - 1) {
                a.visited((w << 6) + Long.numberOfTrailingZeros(bits));
            }
        }
    }

    /** The routers a cycle loop would visit, in its order. */
    private static java.util.List<Integer> visited(ActiveRouters a) {
        java.util.List<Integer> order = new java.util.ArrayList<>();
        long[] v = a.startCycle();
        for (int w = 0; w < v.length; w++) {
            for (long bits = v[w]; bits != 0; bits &= bits - 1) {
                order.add((w << 6) + Long.numberOfTrailingZeros(bits));
            }
        }
        return order;
    }
}
