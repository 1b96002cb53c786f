package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.VirtualChannel;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;
import org.junit.jupiter.api.Test;

/**
 * Virtual cut-through with VCs of different sizes: a VC smaller than a packet (a barrier VC of a
 * few flits beside data VCs) is allowed when the packets never go there; a packet sent there fails
 * the point with a message naming the packet, the VC and its buffer, at a router or at injection;
 * a network where no VC holds a packet is refused when it is built.
 */
class CutThroughFitTest {
    private static final long SMALL = 1L << 2;

    /** Ring of 8, VCs 0 and 1 of 8 flits (the ring's two dateline classes), VC 2 of 2 flits; 4-flit packets. */
    private static Setup withSmallVc(Function<QueuingContext, QueuingScheme> queuing) {
        Setup s = new Setup();
        s.router = Fixtures.router(3, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.describe = d -> d.withChannels(List.of(new VirtualChannel("unicast", 8, 1), new VirtualChannel("unicast", 8, 1),
                new VirtualChannel("barrier", 2, 0)));
        s.queuing = queuing;
        s.packetFlits = 4;
        s.injection = Fixtures.bernoulli(0.2, 4, 2000);
        return s;
    }

    /** Class c on VC c, except packet {@code odd} on the small VC 2 at routers ({@code atInjection} false) or at injection. */
    private static Function<QueuingContext, QueuingScheme> sendsOnePacketToTheSmallVc(long odd, boolean atInjection) {
        return context -> new QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                return !atInjection && packet.id() == odd ? SMALL : 1L << vcClass;
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                return atInjection && packet.id() == odd ? SMALL : 1L;
            }
        };
    }

    @Test
    void aVcSmallerThanAPacketIsAllowedWhenNoPacketIsSentThere() {
        Setup s = withSmallVc(Fixtures.classPerVc());
        Recorder r = new Recorder();
        s.observer = r;
        Fixtures.run(s.create(), 4096);
        assertTrue(r.generated > 100, "generated " + r.generated);
        assertEquals(r.generated, r.delivered, "every packet delivered on the two 8-flit VCs");
    }

    @Test
    void aPacketSentToAVcThatCannotHoldItFailsThePointNamingItAtTheRouter() {
        SimulationException e = assertThrows(SimulationException.class,
                () -> Fixtures.run(withSmallVc(sendsOnePacketToTheSmallVc(7, false)).create(), 4096));
        assertTrue(e.getMessage().startsWith("virtual cut-through: packet 7 (source "), e.getMessage());
        assertTrue(e.getMessage().contains("(4 flits) may take only VC 2 of output port"), e.getMessage());
        assertTrue(e.getMessage().contains("(2 flits) at router "), e.getMessage());
        assertTrue(e.getMessage().contains("raise that VC's buffer"), e.getMessage());
    }

    @Test
    void aPacketInjectedIntoAVcThatCannotHoldItFailsThePointNamingTheNode() {
        SimulationException e = assertThrows(SimulationException.class,
                () -> Fixtures.run(withSmallVc(sendsOnePacketToTheSmallVc(7, true)).create(), 4096));
        assertTrue(e.getMessage().contains("packet 7 (source "), e.getMessage());
        assertTrue(e.getMessage().contains("may take only VC 2 (2 flits) when node "), e.getMessage());
    }

    @Test
    void aNetworkWhereNoVcHoldsAPacketIsRefusedWhenBuilt() {
        Setup s = withSmallVc(Fixtures.classPerVc());
        s.describe = d -> d.withChannels(List.of(new VirtualChannel("unicast", 3, 1), new VirtualChannel("unicast", 3, 1),
                new VirtualChannel("barrier", 2, 0)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, s::create);
        assertEquals("virtual cut-through needs a VC buffer to hold a whole packet, but the largest VC has bufferFlits = 3"
                + " < packet length 4; raise bufferFlits or use wormhole flow control", e.getMessage());
    }
}
