package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.OutputInterleaving;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.router.PartChoice;
import org.junit.jupiter.api.Test;

/**
 * VL arbitration in a network ({@code vl-arbitration} as the switch allocator): nodes 1 and 2 both
 * flood node 3 on a ring, node 1's packets on VC 0 and node 2's on VC 1, so router 2's output
 * towards router 3 (and router 3's ejection) carries both; the table's weights share it out.
 */
class VlArbitrationRunTest {
    /** Delivered packets per source from cycle 1,000 to 9,000, while both sources have packets waiting. */
    static final class PerSource extends Recorder {
        final long[] bySource = new long[8];

        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created, long inj,
                long cycle, int hops) {
            super.packetDelivered(packet, source, destination, flits, created, inj, cycle, hops);
            if (cycle >= 1000 && cycle < 9000) { // both backlogged: each offers 16,000 flits
                bySource[source]++;
            }
        }
    }

    private static long[] run(PartChoice switchAllocator) {
        // no routing or VC allocation cycles: a VC's next packet follows its tail without a gap, so
        // each VC has a flit at every turn (with gaps an entry loses its turn, below)
        return run(switchAllocator, 0);
    }

    private static long[] run(PartChoice switchAllocator, int routingAndVaCycles) {
        return run(switchAllocator, routingAndVaCycles, OutputInterleaving.FLITS);
    }

    private static long[] run(PartChoice switchAllocator, int routingAndVaCycles, OutputInterleaving interleaving) {
        Setup s = new Setup();
        int rv = routingAndVaCycles;
        // whole packets need virtual cut-through
        FlowControl flow = interleaving == OutputInterleaving.PACKETS ? FlowControl.VIRTUAL_CUT_THROUGH
                : FlowControl.WORMHOLE;
        s.router = Fixtures.router(2, 64, flow, rv, rv, 1, 1, 1, 0, false);
        PartChoice rr = RouterDescription.ROUND_ROBIN;
        s.describe = d -> d.withAllocators(rr, switchAllocator, rr).withInterleaving(interleaving);
        Fixtures.twoFlowsToNode3(s, 4000);
        PerSource watch = new PerSource();
        s.observer = watch;
        Fixtures.run(s.create(), 64);
        assertEquals(watch.generated, watch.delivered);
        return watch.bySource;
    }

    @Test
    void theWeightsShareTheContendedOutputAndRoundRobinSharesItEqually() {
        long[] weighted = run(new PartChoice("vl-arbitration", Map.of("low", List.of("0:3", "1:1"))));
        double share = (double) weighted[1] / (weighted[1] + weighted[2]);
        assertTrue(Math.abs(share - 0.75) < 0.02, "VC 0 (node 1) weighted 3 of 4 flits: share " + share + ", "
                + weighted[1] + " and " + weighted[2] + " packets");
        long[] even = run(RouterDescription.ROUND_ROBIN);
        double evenShare = (double) even[1] / (even[1] + even[2]);
        assertTrue(Math.abs(evenShare - 0.5) < 0.02, "round robin: share " + evenShare);
        long[] high = run(new PartChoice("vl-arbitration", Map.of("high", List.of("1:1"), "low", List.of("0:1"))));
        assertTrue(high[2] > 20 * high[1], "VC 1 of high priority takes the output: " + high[1] + " and " + high[2]);
    }

    @Test
    void aVcWithoutAFlitAtItsTurnLosesTheRestOfItsWeight() {
        // with a routing and a VC allocation cycle, VC 0's next packet is not ready when its tail has
        // left: the arbiter moves on, and VC 0's entry starts again only at its next turn. Flits move
        // one at a time here, where InfiniBand sends whole packets, so the weights give less than 3:1
        long[] gaps = run(new PartChoice("vl-arbitration", Map.of("low", List.of("0:3", "1:1"))), 1);
        double share = (double) gaps[1] / (gaps[1] + gaps[2]);
        assertTrue(share > 0.55 && share < 0.65, "share " + share + ", " + gaps[1] + " and " + gaps[2] + " packets");
    }

    @Test
    void withWholePacketOutputsAnEntrySendsWholePacketsAndAPacketOverrunsItsWeight() {
        // 4-flit packets: weights 8 and 4 are two packets and one; weights 3 and 1 are one packet
        // each, the rest overrunning the entry, as in InfiniBand
        long[] twoToOne = run(new PartChoice("vl-arbitration", Map.of("low", List.of("0:8", "1:4"))), 0,
                OutputInterleaving.PACKETS);
        double share = (double) twoToOne[1] / (twoToOne[1] + twoToOne[2]);
        assertTrue(Math.abs(share - 2.0 / 3) < 0.02, "share " + share);
        long[] overrun = run(new PartChoice("vl-arbitration", Map.of("low", List.of("0:3", "1:1"))), 0,
                OutputInterleaving.PACKETS);
        double even = (double) overrun[1] / (overrun[1] + overrun[2]);
        assertTrue(Math.abs(even - 0.5) < 0.02, "share " + even);
    }
}
