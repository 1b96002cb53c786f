package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** VOQ heads parked for their output port ({@link PortWaiters}). */
class PortWaitersTest {
    private static final int VCS = 2;

    /** Local queue of router {@code r}'s input port {@code port}, VC {@code vc}, for output {@code out}. */
    private static int queue(Wiring w, int r, int port, int vc, int out) {
        return Wiring.localQueue(port * VCS + vc, out, w.queuesPerVc[r]);
    }

    @Test
    void aParkedHeadLeavesTheVaMaskUntilItsOwnPortWakesIt() {
        Wiring w = new Wiring(new RouterPartsTest.Hub(5), VCS, true);
        ActiveRouters routers = new ActiveRouters(w.routers, w.maxLocalQueues(), w.maskWords);
        PortWaiters waiters = new PortWaiters(w, routers);
        int noted = queue(w, 0, 2, 1, 3); // hub: input 2, VC 1, for output 3; counted as waiting for another flow
        int other = queue(w, 0, 4, 0, 3); // for output 3, not counted
        int elsewhere = queue(w, 0, 1, 0, 2); // for output 2
        int leaf = queue(w, 1, 1, 1, 0); // a 2-port leaf: input 1, VC 1, for output 0
        for (int[] q : new int[][] {{0, noted}, {0, other}, {0, elsewhere}, {1, leaf}}) {
            routers.rt[q[0] * routers.stride + ActiveRouters.VA + (q[1] >>> 6)] |= 1L << q[1];
        }
        waiters.park(0, noted, true);
        waiters.park(0, other, false);
        waiters.park(0, elsewhere, false);
        waiters.park(1, leaf, false);
        assertEquals(4, waiters.parks);
        for (int l : new int[] {noted, other, elsewhere}) {
            assertTrue(waiters.parked(0, l));
            assertFalse(routers.vaBit(0, l), "parked queue " + l + " left the VA mask");
        }
        assertTrue(waiters.parked(1, leaf));
        assertFalse(routers.hasVaWork(1));

        waiters.granted(0, 3); // output 3's VC taken: the head not yet counted looks again
        assertEquals(1, waiters.grantWakes);
        assertTrue(routers.vaBit(0, other));
        assertFalse(waiters.parked(0, other));
        assertTrue(waiters.parked(0, noted), "a head counted as waiting has nothing new to see in a grant");
        assertTrue(waiters.parked(0, elsewhere));

        waiters.wake(0, 3); // output 3's VC free
        assertTrue(routers.vaBit(0, noted));
        assertFalse(waiters.parked(0, noted));
        assertTrue(waiters.parked(0, elsewhere), "output 2 did not change");
        assertFalse(routers.vaBit(0, elsewhere));
        assertTrue(waiters.parked(1, leaf), "another router's port of the same number did not change");

        StateSize size = StateSize.check(new RouterPartsTest.Hub(5), new int[] {8, 8}, true, 1, 4, 1, Long.MAX_VALUE);
        assertEquals(size.waiterLongs, waiters.size(), "the memory estimate counts the waiters' masks");
        waiters.wake(0, 2);
        waiters.wake(1, 0);
        assertTrue(routers.vaBit(0, elsewhere));
        assertTrue(routers.vaBit(1, leaf));
        assertFalse(waiters.parked(1, leaf));
    }

    /**
     * A hub of six ports whose leaves send half their packets to node 0, at a load its output to
     * node 0 cannot carry: heads wait for that output for long spans. Parked until their port
     * changes or left to the router-wide epoch, they make the same requests: every packet's
     * latency and path, and the contention counts, are the same. With one VC class no grant wakes
     * a parked head (one packet length: a release or a credit woke it first); with two (even
     * sources on VC 0, odd on VC 1) under cut-through grants wake heads of the other class waiting
     * for room, which look and park again, and the results are still the same.
     */
    @ParameterizedTest
    @EnumSource(value = FlowControl.class, names = {"WORMHOLE", "VIRTUAL_CUT_THROUGH"})
    void parkedHeadsGiveTheResultsOfTheRouterWideEpoch(FlowControl flow) {
        for (int classes = 1; classes <= 2; classes++) {
            String what = flow + ", " + classes + " VC classes";
            Recorder parked = new Recorder();
            Recorder epoch = new Recorder();
            FlitNetwork a = hotSpotHub(flow, classes, parked);
            FlitNetwork b = hotSpotHub(flow, classes, epoch);
            b.withoutParking();
            Fixtures.run(a, 97); // invariants (masks, credits, packets) checked every 97 cycles
            Fixtures.run(b, 97);
            PortWaiters w = a.vcAllocation.waiters;
            assertTrue(w.parks > 1000, what + ": parked " + w.parks + " times");
            if (classes == 1) {
                assertEquals(0, w.grantWakes, what + ": heads woken by a grant");
            } else if (flow == FlowControl.VIRTUAL_CUT_THROUGH) {
                // heads parked for room (not yet counted) see the other class's grants
                assertTrue(w.grantWakes > 0, what + ": heads woken by a grant");
            }
            assertEquals(a.generated(), a.delivered(), what);
            assertEquals(parked.generated, epoch.generated, what);
            assertEquals(parked.delivered, epoch.delivered, what);
            assertEquals(parked.latencySum, epoch.latencySum, what);
            assertEquals(parked.maxLatency, epoch.maxLatency, what);
            assertEquals(parked.hopSum, epoch.hopSum, what);
            assertEquals(a.flitHops(), b.flitHops(), what);
            assertEquals(a.cycles(), b.cycles(), what);
            long contention = a.contentionEvents() + a.endpointContentionEvents();
            assertEquals(b.contentionEvents() + b.endpointContentionEvents(), contention, what);
            assertTrue(contention > 0, what);
        }
    }

    private static FlitNetwork hotSpotHub(FlowControl flow, int classes, Recorder recorder) {
        Setup s = new Setup();
        s.topology = new RouterPartsTest.Hub(6);
        s.routing = new RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                out.add(router == 0 ? packet.destination() : packet.destination() == router - 1 ? 1 : 0,
                        packet.source() % classes);
            }

            @Override
            public int vcClasses() {
                return classes;
            }
        };
        s.router = Fixtures.router(VCS, 8, flow);
        s.queuing = Fixtures.classPerVc();
        s.pattern = (source, random) -> random.nextBoolean() ? 0 : random.nextInt(6);
        s.injection = Fixtures.bernoulli(0.6, 4, 3000);
        s.describe = d -> d.withCrossbar(CrossbarOrganisation.VOQ);
        s.observer = recorder;
        return s.create();
    }
}
