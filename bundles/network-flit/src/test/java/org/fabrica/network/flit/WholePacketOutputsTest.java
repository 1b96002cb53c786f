package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.OutputInterleaving;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.Setup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Outputs that send whole packets ({@link OutputInterleaving#PACKETS}): once a packet's head has
 * crossed to an output, only its flits cross there until its tail has, as on an InfiniBand link.
 */
class WholePacketOutputsTest {
    /** The smallest gap between two deliveries to node 3 from cycle 1,000 on. */
    static final class Gaps extends Recorder {
        long last = -1;
        long smallest = Long.MAX_VALUE;

        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created, long inj,
                long cycle, int hops) {
            super.packetDelivered(packet, source, destination, flits, created, inj, cycle, hops);
            if (cycle >= 1000 && last >= 0) {
                smallest = Math.min(smallest, cycle - last);
            }
            last = cycle;
        }
    }

    /**
     * Nodes 1 and 2 flood node 3 with 4-flit packets, node 1's on VC 0 and node 2's on VC 1, so
     * router 2's output towards router 3 carries both VCs; returns the smallest gap between two
     * deliveries.
     */
    private static long smallestGap(OutputInterleaving interleaving, FlowControl flow) {
        Setup s = new Setup();
        s.router = Fixtures.router(2, 16, flow);
        s.describe = d -> d.withInterleaving(interleaving);
        Fixtures.twoFlowsToNode3(s, 3000);
        Gaps gaps = new Gaps();
        s.observer = gaps;
        Fixtures.run(s.create(), 64);
        assertEquals(gaps.generated, gaps.delivered);
        assertTrue(gaps.delivered > 2000, "delivered " + gaps.delivered);
        return gaps.smallest;
    }

    @Test
    void twoVcsThroughOneOutputInterleaveFlitsOrSendWholePackets() {
        // flit by flit the two VCs' packets cross side by side and their tails arrive a cycle apart;
        // a packet at a time, one 4-flit packet's tail follows the other's by at least 4 cycles
        FlowControl vct = FlowControl.VIRTUAL_CUT_THROUGH;
        assertEquals(1, smallestGap(OutputInterleaving.FLITS, vct), "flits interleave");
        assertEquals(4, smallestGap(OutputInterleaving.PACKETS, vct), "whole packets");
        assertEquals(1, smallestGap(OutputInterleaving.FLITS, FlowControl.WORMHOLE), "wormhole, flits interleave");
    }

    @Test
    void wholePacketOutputsUnderWormholeAreRefusedNamingTheReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> smallestGap(OutputInterleaving.PACKETS, FlowControl.WORMHOLE));
        assertTrue(e.getMessage().contains("need virtual cut-through flow control"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = CrossbarOrganisation.class)
    void everyOrganisationDeliversEverythingWithWholePacketOutputs(CrossbarOrganisation organisation) {
        Setup s = RouterOrganisationTest.loadedRing(organisation);
        s.router = Fixtures.router(2, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.routing = new Fixtures.RingRouting(6, true);
        s.queuing = Fixtures.classPerVc();
        s.injection = Fixtures.bernoulli(0.5, 4, 3000);
        s.describe = d -> d.withCrossbar(organisation).withInterleaving(OutputInterleaving.PACKETS);
        FlitNetwork net = s.create();
        Fixtures.run(net, 97);
        assertEquals(net.generated(), net.delivered());
        assertTrue(net.generated() > 1000, "generated " + net.generated());
    }

    @Test
    void aMultiFlitMultiOutputRouteIsRefusedWithWholePacketOutputs() {
        Setup s = MultiOutputRouteTest.star(100);
        s.describe = d -> d.withInterleaving(OutputInterleaving.PACKETS);
        FlitNetwork net = s.create();
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(net, 64));
        assertTrue(e.getMessage().contains("multi-output route for a packet of 4 flits, which outputs that send whole"
                + " packets take only for one-flit packets"), e.getMessage());
    }

    @Test
    void aOneFlitPacketBranchesWithWholePacketOutputs() {
        // a barrier's completion is one flit: it holds no output, so it may fan out; it still waits
        // for the streams to node 2 and delivers a copy at every branch
        Setup s = MultiOutputRouteTest.star(60, 11);
        s.packetFlits = 1;
        s.describe = d -> d.withInterleaving(OutputInterleaving.PACKETS);
        FlitNetwork net = s.create();
        Fixtures.run(net, 64);
        assertEquals(2, net.replicated());
        assertEquals(net.generated() + net.replicated(), net.delivered());
        net.checkConservation();
    }
}
