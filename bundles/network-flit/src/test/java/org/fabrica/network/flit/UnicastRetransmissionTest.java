package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.Setup;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Unicast packets on lossy links ({@link UnicastRetransmission}): the destination's CRC check drops
 * a corrupted packet and its source sends it again after the timeout. On the fixtures' 8-node ring
 * (4-flit packets of 16-byte flits) with a bit error rate of 1e-4 a packet is lost with a
 * probability of about 10 to 26 %: every packet is still delivered exactly once; a scripted drop
 * shows the timing of the retransmission and that the run waits for it.
 */
class UnicastRetransmissionTest {
    private static final int TIMEOUT = 500;

    /** Drops the first {@code drops} unicast packets that reach their interface; counts the draws. */
    static final class DropFirst extends UnicastRetransmission {
        private int drops;
        int draws;

        DropFirst(int drops, double bitErrorRate, int timeout) {
            super(bitErrorRate, 128, 4, timeout, new SplittableRandom(1));
            this.drops = drops;
        }

        @Override
        boolean corrupt(int flits, int hops) {
            draws++;
            return drops-- > 0;
        }
    }

    private static Setup lossy(double bitErrorRate) {
        Setup s = new Setup();
        s.parameters = Map.of("bitErrorRate", bitErrorRate, "retransmitTimeoutCycles", TIMEOUT);
        ((Recorder) s.observer).resends = true;
        return s;
    }

    @ParameterizedTest
    @EnumSource(value = FlowControl.class, names = {"WORMHOLE", "VIRTUAL_CUT_THROUGH"})
    void everyUnicastPacketIsDeliveredExactlyOnceOverLossyLinks(FlowControl flow) {
        Setup s = lossy(1e-4);
        s.router = Fixtures.router(2, 8, flow);
        FlitNetwork net = s.create();
        Recorder r = (Recorder) s.observer;
        Fixtures.run(net, 37); // the conservation check counts the packets waiting to be sent again
        assertTrue(r.generated > 300, "enough traffic: " + r.generated);
        assertEquals(r.generated, r.delivered, "every packet delivered");
        assertEquals(r.generated, r.deliveredIds.cardinality(), "each once");
        assertEquals(r.generated, net.delivered());
        assertEquals(0, net.inFlight());
        long dropped = net.retransmission.dropped;
        // 1 - (1 - 1e-4)^(512 x links): 10 % over the two terminal links alone
        assertTrue(dropped > r.generated / 20, dropped + " of " + r.generated + " dropped");
        assertEquals(dropped, net.retransmission.retransmitted, "every drop sent again");
        assertEquals(dropped, r.reinjected, "observers see each sending injected");
        assertEquals(0, net.retransmission.waiting());
        assertEquals(Map.of("unicastDropped", dropped, "retransmitted", dropped), net.lossCounters());
        // a packet is lost at least TIMEOUT cycles: the slowest delivery shows it
        assertTrue(r.maxLatency > TIMEOUT, "max latency " + r.maxLatency);
    }

    /**
     * Resends go through whatever injection organisation the interface has: per-VC injection
     * queues (the queuing scheme picks the lane again) and per-destination admittance queues in
     * front of them (the resend joins its destination's queue) lose nothing and deliver once.
     */
    @ParameterizedTest
    @EnumSource(value = InjectionQueues.class, names = {"PER_VC", "PER_VC_ADMITTANCE"})
    void resendsPassThroughInjectionLanesAndAdmittanceQueues(InjectionQueues injection) {
        Setup s = lossy(1e-4);
        s.router = Fixtures.router(2, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.describe = d -> d.withInjection(injection);
        FlitNetwork net = s.create();
        Recorder r = (Recorder) s.observer;
        Fixtures.run(net, 37);
        assertTrue(r.generated > 300, "enough traffic: " + r.generated);
        long dropped = net.retransmission.dropped;
        assertTrue(dropped > r.generated / 20, dropped + " of " + r.generated + " dropped");
        assertEquals(dropped, net.retransmission.retransmitted);
        assertEquals(r.generated, r.delivered, "every packet delivered");
        assertEquals(r.generated, r.deliveredIds.cardinality(), "each once");
        assertEquals(0, net.inFlight());
        assertEquals(0, net.retransmission.waiting());
    }

    @Test
    void aDroppedPacketIsSentAgainAfterTheTimeoutAndItsLatencyIncludesIt() {
        long lossless = singlePacket(0).firstLatency;
        Recorder twice = singlePacket(2);
        // each sending: injected, dropped on arrival, queued again at injection + TIMEOUT, injected at once
        assertEquals(2 * TIMEOUT + lossless, twice.firstLatency);
        assertEquals(1, twice.generated);
        assertEquals(1, twice.delivered);
        assertEquals(2, twice.reinjected);
    }

    /** One packet from node 0 to node 4 at cycle 10, its first {@code drops} sendings dropped. */
    private static Recorder singlePacket(int drops) {
        Setup s = lossy(0);
        s.injection = Fixtures.single(0, 10);
        s.pattern = Fixtures.to(4);
        FlitNetwork net = s.create();
        net.retransmission(new DropFirst(drops, 1e-9, TIMEOUT));
        Fixtures.run(net, 1);
        assertEquals(drops, net.retransmission.dropped);
        return (Recorder) s.observer;
    }

    @Test
    void theRunDoesNotEndNorReportADeadlockWhileARetransmissionWaits() {
        Setup s = lossy(0);
        s.injection = Fixtures.single(0, 10);
        s.pattern = Fixtures.to(4);
        s.deadlockCycles = 100; // far below the timeout
        FlitNetwork net = s.create();
        int timeout = 5000;
        net.retransmission(new DropFirst(1, 1e-9, timeout));
        long c = 0;
        boolean sawWait = false;
        while (true) {
            net.atSafePoint(c);
            net.cycle(c);
            boolean done = net.done(c);
            if (net.retransmission.waiting() > 0) {
                sawWait = true;
                assertFalse(done, "ended at cycle " + c + " with a packet waiting to be sent again");
                assertEquals(0, net.packetsInNetwork());
                assertEquals(1, net.inFlight(), "the waiting packet is in flight for the runner");
            }
            if (done) {
                break;
            }
            c++;
        }
        assertTrue(sawWait);
        assertFalse(net.truncated());
        assertTrue(c > 10 + timeout, "ended at " + c);
        assertEquals(1, net.delivered());
    }

    @Test
    void withoutErrorsNothingIsDrawnNorDropped() {
        Setup s = lossy(0);
        FlitNetwork net = s.create();
        DropFirst none = new DropFirst(Integer.MAX_VALUE, 0, TIMEOUT);
        net.retransmission(none);
        Fixtures.run(net, 50);
        Recorder r = (Recorder) s.observer;
        assertTrue(r.delivered > 300);
        assertEquals(0, none.draws, "a rate of 0 draws nothing (the scripted drop would drop everything)");
        assertEquals(0, net.retransmission.dropped);
        assertEquals(Map.of(), net.lossCounters());
    }

    @Test
    void aLossyRunDrawsOncePerDeliveredUnicastPacket() {
        Setup s = lossy(0);
        FlitNetwork net = s.create();
        DropFirst none = new DropFirst(0, 1e-9, TIMEOUT);
        net.retransmission(none);
        Fixtures.run(net, 50);
        assertEquals(net.delivered(), none.draws, "one draw per packet, not per flit or link");
    }

    @Test
    void aTinyRateDrawsFromItsOwnStreamAndChangesNothingElse() {
        Recorder lossless = run(lossy(0));
        Recorder tiny = run(lossy(1e-13));
        assertEquals(lossless.generated, tiny.generated);
        assertEquals(lossless.latencySum, tiny.latencySum);
        assertEquals(lossless.lastDelivered, tiny.lastDelivered);
        assertEquals(0, tiny.reinjected);
    }

    private static Recorder run(Setup s) {
        Fixtures.run(s.create(), 100);
        return (Recorder) s.observer;
    }

    @Test
    void theCopiesOfAMultiOutputRouteAreNeverDropped() {
        // the fan-out of MultiOutputRouteTest: one packet from node 0 branched to nodes 1, 2 and 3
        Setup s = MultiOutputRouteTest.star(0);
        FlitNetwork net = s.create();
        DropFirst always = new DropFirst(Integer.MAX_VALUE, 1e-9, TIMEOUT);
        net.retransmission(always);
        Fixtures.run(net, 1);
        assertEquals(0, always.draws, "its source could not send the branches again");
        assertEquals(3, net.delivered());
        assertEquals(0, net.retransmission.dropped);
    }

    @Test
    void aTimeoutBelowOneIsRefusedWithAClearMessage() {
        Setup s = lossy(1e-4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FlitNetwork(s.build(), 4, false, 1e-4, 0));
        assertTrue(e.getMessage().startsWith("retransmitTimeoutCycles = 0; use >= 1"), e.getMessage());
        s.parameters = Map.of("retransmitTimeoutCycles", -5);
        IllegalArgumentException bound = assertThrows(IllegalArgumentException.class, s::create);
        assertTrue(bound.getMessage().contains("retransmitTimeoutCycles"), bound.getMessage());
    }
}
