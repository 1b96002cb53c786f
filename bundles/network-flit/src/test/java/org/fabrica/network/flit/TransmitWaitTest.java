package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabrica.hardware.FlowControl;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.queuing.QueuingContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The transmit-wait counters a queuing scheme reads ({@link QueuingContext#transmitWait}): on a ring
 * where every node sends to node 4, the ejection at router 4 is the bottleneck, so router 3's output
 * towards it (+) waits for credits while its other output (-) carries nothing.
 */
class TransmitWaitTest {

    /** Counts, per cycle, whether router 3's + output VC 0 had no credit (wormhole: a wait needs that). */
    static final class CreditWatch extends Recorder {
        FlitNetwork net;
        int ov;
        long cyclesWithoutCredit;
        long cyclesWithoutRoomForAPacket;
        int packetFlits;

        @Override
        public void cycleEnd(long cycle) {
            int c = net.outputs.credits[ov];
            if (c <= 0) {
                cyclesWithoutCredit++;
            }
            if (c < packetFlits) {
                cyclesWithoutRoomForAPacket++;
            }
        }
    }

    /** Class-per-VC queuing whose context the test keeps. */
    private static QueuingContext[] capture(Setup s) {
        QueuingContext[] context = new QueuingContext[1];
        s.queuing = c -> {
            context[0] = c;
            return Fixtures.classPerVc().apply(c);
        };
        return context;
    }

    @ParameterizedTest
    @EnumSource(value = FlowControl.class, names = {"WORMHOLE", "VIRTUAL_CUT_THROUGH"})
    void theOutputTowardsAHotSpotWaitsForCreditsAndAnIdleOneDoesNot(FlowControl flow) {
        Setup s = new Setup();
        s.router = Fixtures.router(2, 8, flow);
        QueuingContext[] context = capture(s);
        s.pattern = (source, random) -> source == 4 ? 0 : 4;
        s.injection = Fixtures.bernoulli(0.6, 4, 2000);
        CreditWatch watch = new CreditWatch();
        s.observer = watch;
        FlitNetwork net = s.create();
        watch.net = net;
        watch.ov = (net.wiring.portBase[3] + Fixtures.PLUS) * net.wiring.vcs;
        watch.packetFlits = 4;
        QueuingContext ctx = context[0];
        assertEquals(0, ctx.transmitWait(3, Fixtures.PLUS, 0), "the first reading starts the counters");
        assertEquals(0, ctx.transmitWait(3, Fixtures.MINUS, 0));
        long cycles = Fixtures.run(net, 64);
        assertEquals(watch.generated, watch.delivered);
        long plus = ctx.transmitWait(3, Fixtures.PLUS, 0);
        assertTrue(plus > 200, flow + ": router 3 waited only " + plus + " cycles to send towards the hot spot");
        // a wait is a cycle without the credits the front flit needs: no more of those than the output had
        long bound = flow == FlowControl.WORMHOLE ? watch.cyclesWithoutCredit : watch.cyclesWithoutRoomForAPacket;
        assertTrue(plus <= bound && bound < cycles, flow + ": " + plus + " waits, " + bound + " cycles short of credits, "
                + cycles + " cycles");
        assertEquals(0, ctx.transmitWait(3, Fixtures.MINUS, 0), "nothing goes - at router 3");
        assertEquals(0, ctx.transmitWait(5, Fixtures.MINUS, 0),
                "router 5 waited towards 4 too, but nobody asked about it before: its counters start now");
        assertEquals(plus, ctx.transmitWait(3, Fixtures.PLUS, 0), "reading does not change the counter");
    }

    @Test
    void aPortOrVcThatDoesNotExistIsRefused() {
        Setup s = new Setup();
        QueuingContext[] context = capture(s);
        s.create();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> context[0].transmitWait(3, 0, 2));
        assertTrue(e.getMessage().contains("transmitWait: router 3 port 0 VC 2 does not exist"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> context[0].transmitWait(8, 0, 0));
    }
}
