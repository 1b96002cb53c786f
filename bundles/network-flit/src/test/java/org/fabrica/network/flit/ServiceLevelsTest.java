package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import org.fabrica.hardware.FlowControl;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;
import org.junit.jupiter.api.Test;

/**
 * A router description's service-level table (InfiniBand's SL-to-VL table): the queuing scheme
 * chooses levels and every router sends a packet on the VC its level maps to, at injection and at
 * each output; the context's VC arguments are levels too.
 */
class ServiceLevelsTest {
    /** Marks, each cycle, the output VCs of router-to-router ports that hold a packet's flits downstream. */
    static final class VcWatch extends Recorder {
        FlitNetwork net;
        long usedVcs;

        @Override
        public void cycleEnd(long cycle) {
            super.cycleEnd(cycle);
            Wiring w = net.wiring;
            for (int gp = 0; gp < w.portBase[w.routers]; gp++) {
                if (w.flitTarget[gp] < 0) {
                    continue; // terminal or unused: no credits to read
                }
                for (int v = 0; v < w.vcs; v++) {
                    int ov = gp * w.vcs + v;
                    if (net.outputs.credits[ov] < net.outputs.capacityOf(ov)) {
                        usedVcs |= 1L << v;
                    }
                }
            }
        }
    }

    /** Every packet on the one level {@code level}, at injection and at every hop; the context kept. */
    private static Function<QueuingContext, QueuingScheme> oneLevel(int level, QueuingContext[] context) {
        return c -> {
            context[0] = c;
            return new QueuingScheme() {
                @Override
                public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                    return 1L << level;
                }

                @Override
                public long injectionVcMask(int node, PacketView packet) {
                    return 1L << level;
                }
            };
        };
    }

    private static long usedVcs(List<Integer> table, int level, QueuingContext[] context) {
        Setup s = new Setup();
        s.router = Fixtures.router(4, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.describe = d -> d.withServiceLevels(table);
        s.queuing = oneLevel(level, context);
        // one hop to the next node: one VC on a ring without a dateline, but no cycle of waits
        s.pattern = (source, random) -> (source + 1) % 8;
        s.injection = Fixtures.bernoulli(0.3, 4, 1500);
        VcWatch watch = new VcWatch();
        s.observer = watch;
        FlitNetwork net = s.create();
        watch.net = net;
        Fixtures.run(net, 64);
        assertTrue(watch.delivered > 100, "delivered " + watch.delivered);
        assertEquals(watch.generated, watch.delivered);
        return watch.usedVcs;
    }

    @Test
    void packetsTravelOnTheVcTheirLevelMapsToAndWithoutATableOnTheNumberTheSchemeGave() {
        QueuingContext[] context = new QueuingContext[1];
        // six levels on four VCs: level 1 on VC 3, level 4 on VC 0
        List<Integer> table = List.of(2, 3, 1, 1, 0, 2);
        assertEquals(1L << 3, usedVcs(table, 1, context), "level 1 travels on VC 3 only");
        assertEquals(6, context[0].vcs(), "the scheme chooses among the six levels");
        assertEquals(1L << 0, usedVcs(table, 4, context), "level 4 travels on VC 0 only");
        assertEquals(1L << 1, usedVcs(List.of(), 1, context), "without a table the scheme's 1 is VC 1");
        assertEquals(4, context[0].vcs());
    }

    @Test
    void theContextReadsTheVcOfALevel() {
        QueuingContext[] context = new QueuingContext[1];
        Setup s = new Setup();
        s.router = Fixtures.router(4, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.describe = d -> d.withServiceLevels(List.of(2, 3));
        s.queuing = oneLevel(1, context);
        FlitNetwork net = s.create();
        QueuingContext c = context[0];
        int ov3 = (net.wiring.portBase[2] + Fixtures.PLUS) * net.wiring.vcs + 3;
        net.outputs.credits[ov3] -= 5; // five flits of VC 3 downstream of router 2's + output
        assertEquals(5, c.downstreamFlits(2, Fixtures.PLUS, 1), "level 1 is VC 3");
        assertEquals(0, c.downstreamFlits(2, Fixtures.PLUS, 0), "level 0 is VC 2");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> c.downstreamFlits(2, Fixtures.PLUS, 2));
        assertTrue(e.getMessage().contains("the 2 service levels"), e.getMessage());
        net.outputs.credits[ov3] += 5;
    }

    @Test
    void aLevelOutsideTheTableFailsTheRunNamingTheLevels() {
        Setup s = new Setup();
        s.router = Fixtures.router(4, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.describe = d -> d.withServiceLevels(List.of(0, 1));
        s.queuing = oneLevel(3, new QueuingContext[1]);
        FlitNetwork net = s.create();
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(net, 64));
        assertTrue(e.getMessage().contains("within the 2 service levels"), e.getMessage());
    }

    @Test
    void aTableNamingAVcTheRoutersLackIsRefused() {
        Setup s = new Setup();
        s.router = Fixtures.router(2, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.describe = d -> d.withServiceLevels(List.of(0, 2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, s::create);
        assertTrue(e.getMessage().contains("maps level 1 to VC 2"), e.getMessage());
    }
}
