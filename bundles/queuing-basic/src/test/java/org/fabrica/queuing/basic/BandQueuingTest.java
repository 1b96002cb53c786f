package org.fabrica.queuing.basic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;
import org.fabrica.testing.TestPacket;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.KAryNCube;
import org.junit.jupiter.api.Test;

/** BBQ and DBBQ: bands of destinations, virtual networks chosen at the source. */
class BandQueuingTest {
    /** 4 x 4 torus: 16 nodes, rows of k = 4. */
    private static final KAryNCube TORUS = new KAryNCube(4, 2, true);

    /**
     * A context whose first hop is port {@code network} (X in network 0, Y in 1, as XY and YX
     * paths leave) and whose outputs hold {@code flits[port][vc]} flits downstream.
     */
    private static final class Context implements QueuingContext {
        final int vcs;
        final int classes;
        final int[][] flits = new int[5][8];
        final long[][] waits = new long[5][8];

        Context(int vcs, int classes) {
            this.vcs = vcs;
            this.classes = classes;
        }

        @Override
        public Topology topology() {
            return TORUS;
        }

        @Override
        public int vcs() {
            return vcs;
        }

        @Override
        public int vcClasses() {
            return classes;
        }

        @Override
        public int nextHopPort(int router, int outPort, PacketView packet) {
            return 0;
        }

        @Override
        public int firstHopPort(int node, PacketView packet) {
            return packet.virtualNetwork();
        }

        @Override
        public int downstreamFlits(int router, int outPort, int vc) {
            return flits[outPort][vc];
        }

        @Override
        public long transmitWait(int router, int outPort, int vc) {
            return waits[outPort][vc];
        }
    }

    private static QueuingScheme bbq(Context c, int queues) {
        return new BbqFactory().create(c, Parameters.bind(BbqParameters.class, Map.of("queues", queues), "queuing"));
    }

    private static QueuingScheme dbbq(Context c, int perNetwork, String selection) {
        return new DbbqFactory().create(c, Parameters.bind(DbbqParameters.class,
                Map.of("queuesPerNetwork", perNetwork, "selection", selection), "queuing"));
    }

    @Test
    void bbqQueuesByBandsOfConsecutiveDestinationsAndKeepsTheClassesApart() {
        QueuingScheme q = bbq(new Context(4, 1), 4);
        for (int d = 0; d < 16; d++) {
            assertEquals(1L << (d / 4), q.vcMask(0, 0, 0, TestPacket.readOnly(1, 0, d)), "destination " + d);
            assertEquals(1L << (d / 4), q.injectionVcMask(0, TestPacket.readOnly(1, 0, d)));
        }
        QueuingScheme dateline = bbq(new Context(8, 2), 4);
        // destination 5: band 1; class 1 of band 1 is VC (1 * 2 + 1)
        assertEquals(1L << 3, dateline.vcMask(0, 0, 1, TestPacket.readOnly(1, 0, 5)));
    }

    @Test
    void dbbqBandsAreHorizontalInNetworkZeroAndVerticalInNetworkOne() {
        QueuingScheme q = dbbq(new Context(4, 1), 2, "round-robin");
        TestPacket p = new TestPacket(1, 0, 6); // row 1, column 2
        p.virtualNetwork(0);
        assertEquals(1L << 0, q.vcMask(0, 0, 0, p)); // floor(6 * 2 / 16) = 0
        p.virtualNetwork(1);
        assertEquals(1L << (2 + 1), q.vcMask(0, 0, 0, p)); // network 1, floor(2 * 2 / 4) = 1
        TestPacket last = new TestPacket(2, 0, 13); // row 3, column 1
        last.virtualNetwork(0);
        assertEquals(1L << 1, q.injectionVcMask(0, last));
        last.virtualNetwork(1);
        assertEquals(1L << 2, q.injectionVcMask(0, last));
    }

    @Test
    void roundRobinAlternatesPacketByPacketAtEachSource() {
        QueuingScheme q = dbbq(new Context(2, 1), 1, "round-robin");
        int[] a = new int[6];
        for (int i = 0; i < 6; i++) {
            a[i] = q.virtualNetwork(3, new TestPacket(i, 3, 9));
        }
        assertEquals("[0, 1, 0, 1, 0, 1]", java.util.Arrays.toString(a));
        assertEquals(0, q.virtualNetwork(4, new TestPacket(9, 4, 9)), "each source has its own turn");
    }

    @Test
    void leastOccupiedTakesTheEmptierCandidateQueueAndAlternatesOnTies() {
        Context c = new Context(4, 1);
        QueuingScheme q = dbbq(c, 2, "least-occupied");
        // destination 6: network 0 band 0 -> VC 0 on port 0; network 1 band 1 -> VC 3 on port 1
        c.flits[0][0] = 5;
        c.flits[1][3] = 2;
        assertEquals(1, q.virtualNetwork(0, new TestPacket(1, 0, 6)));
        c.flits[1][3] = 9;
        assertEquals(0, q.virtualNetwork(0, new TestPacket(2, 0, 6)));
        // other queues do not count
        c.flits[1][2] = 100;
        c.flits[0][1] = 100;
        assertEquals(0, q.virtualNetwork(0, new TestPacket(3, 0, 6)));
        c.flits[0][0] = 9;
        assertEquals(0, q.virtualNetwork(0, new TestPacket(4, 0, 6)));
        assertEquals(1, q.virtualNetwork(0, new TestPacket(5, 0, 6)));
    }

    @Test
    void leastWaitingComparesTheIncreaseOfTheCountersSinceTheSourcesLastReading() {
        Context c = new Context(4, 1);
        QueuingScheme q = dbbq(c, 2, "least-waiting");
        // destination 6: network 0's queue is VC 0 on port 0, network 1's VC 3 on port 1
        c.waits[0][0] = 100;
        c.waits[1][3] = 50;
        assertEquals(1, q.virtualNetwork(0, new TestPacket(1, 0, 6)), "first reading: 50 < 100 since the start");
        c.waits[1][3] = 80; // network 0 waited no more since, network 1 waited 30 cycles
        assertEquals(0, q.virtualNetwork(0, new TestPacket(2, 0, 6)), "the increase counts, not the total");
        c.flits[0][0] = 500; // occupancy is not what this selection reads
        c.waits[0][0] = 110;
        c.waits[1][3] = 81;
        assertEquals(1, q.virtualNetwork(0, new TestPacket(3, 0, 6)), "10 against 1");
        assertEquals(1, q.virtualNetwork(1, new TestPacket(4, 1, 6)),
                "another source keeps its own readings: its first increases are the totals, 110 against 81");
        c.waits[0][0] = 120;
        c.waits[1][3] = 91;
        assertEquals(0, q.virtualNetwork(0, new TestPacket(5, 0, 6)), "a tie (10 and 10) alternates");
        assertEquals(1, q.virtualNetwork(0, new TestPacket(6, 0, 6)), "... and the next tie (0 and 0) goes the other way");
    }

    @Test
    void tooFewVcsAndRowsThatDoNotDivideAreRefusedWithTheNumbers() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> dbbq(new Context(4, 2), 2, "round-robin"));
        assertTrue(e.getMessage().contains("2 virtual networks x 2 queues x 2 VC classes of the routing = 8 VCs"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new DbbqFactory().create(new Context(4, 1),
                Parameters.bind(DbbqParameters.class, Map.of("columns", 5), "queuing")));
        assertTrue(e.getMessage().contains("columns = 5 must divide the 16 nodes"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> bbq(new Context(4, 1), 5));
        assertTrue(e.getMessage().contains("= 5 VCs, but the hardware has 4"), e.getMessage());
        assertTrue(e.getMessage().endsWith("give the hardware more VCs (generic: vcs, infiniband: vls) or lower queues"),
                e.getMessage());
    }
}
