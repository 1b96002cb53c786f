package org.fabrica.queuing.basic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabrica.params.Parameters;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.testing.TestPacket;
import org.fabrica.topology.cube.KAryNCube;
import org.junit.jupiter.api.Test;

class QueuingSchemesTest {
    private static final KAryNCube TORUS = new KAryNCube(4, 2, true);
    /** Queuing schemes only read the routing state: setting it fails the test. */
    private static final TestPacket PACKET = TestPacket.readOnly(1, 0, 5);

    private static FakeQueuingContext context(int vcs, int classes) {
        return new FakeQueuingContext(TORUS, vcs, classes, (r, p, d) -> 0, (n, p, d) -> 0);
    }

    private static QueuingScheme dateline(int vcs, int classes) {
        return new DatelineQueuingFactory().create(context(vcs, classes),
                Parameters.defaults(DatelineQueuingParameters.class));
    }

    @Test
    void singleVcPutsEveryPacketOnVcZero() {
        QueuingScheme q = new SingleVcFactory().create(context(4, 1), Parameters.defaults(SingleVcParameters.class));
        for (int port = 0; port < 5; port++) {
            assertEquals(1L, q.vcMask(3, port, 0, PACKET));
        }
        assertEquals(1L, q.injectionVcMask(0, PACKET));
    }

    @Test
    void singleVcRejectsSeveralClasses() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SingleVcFactory().create(context(4, 2), Parameters.defaults(SingleVcParameters.class)));
        assertTrue(e.getMessage().contains("cannot separate the 2 VC classes"), e.getMessage());
        assertTrue(e.getMessage().contains("use queuing 'dateline'"), e.getMessage());
    }

    @Test
    void datelineInjectsOnClassZerosVcsOrOnAnyVc() {
        QueuingScheme any = new DatelineQueuingFactory().create(context(8, 3), Parameters.bind(
                DatelineQueuingParameters.class, java.util.Map.of("injection", "any")));
        assertEquals(0xFFL, any.injectionVcMask(3, PACKET), "every one of the 8 VCs");
        assertEquals(0b11100L, any.vcMask(0, 0, 1, PACKET), "the classes' ranges stay as they are");
        assertEquals(0b11L, dateline(8, 3).injectionVcMask(3, PACKET), "the default: class 0's VCs");
    }

    @Test
    void datelineMapsClassesToContiguousRanges() {
        QueuingScheme two = dateline(2, 2);
        assertEquals(0b1L, two.vcMask(0, 0, 0, PACKET));
        assertEquals(0b10L, two.vcMask(0, 0, 1, PACKET));
        QueuingScheme uneven = dateline(4, 3);
        assertEquals(0b1L, uneven.vcMask(0, 1, 0, PACKET));
        assertEquals(0b10L, uneven.vcMask(0, 1, 1, PACKET));
        assertEquals(0b1100L, uneven.vcMask(0, 1, 2, PACKET));
        QueuingScheme eight = dateline(8, 3);
        assertEquals(0b11L, eight.vcMask(0, 0, 0, PACKET));
        assertEquals(0b11100L, eight.vcMask(0, 0, 1, PACKET));
        assertEquals(0b11100000L, eight.vcMask(0, 0, 2, PACKET));
        assertEquals(0b11L, eight.injectionVcMask(3, PACKET));
        assertEquals(-1L, dateline(64, 1).vcMask(0, 0, 0, PACKET), "one class owns all 64 VCs");
    }

    @Test
    void datelineRangesPartitionTheVcs() {
        for (int vcs = 1; vcs <= 64; vcs++) {
            for (int classes = 1; classes <= Math.min(vcs, 8); classes++) {
                QueuingScheme q = dateline(vcs, classes);
                long union = 0;
                for (int c = 0; c < classes; c++) {
                    long m = q.vcMask(0, 0, c, PACKET);
                    assertTrue(m != 0, vcs + " VCs, class " + c + " has none");
                    assertEquals(0, union & m, "classes overlap");
                    assertTrue(union == 0 || Long.numberOfTrailingZeros(m) == 64 - Long.numberOfLeadingZeros(union),
                            "contiguous and in class order");
                    union |= m;
                }
                assertEquals(vcs == 64 ? -1L : (1L << vcs) - 1, union);
            }
        }
    }

    @Test
    void datelineNeedsAVcPerClass() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dateline(2, 3));
        assertTrue(e.getMessage().contains("at least 3 VCs"), e.getMessage());
        assertTrue(e.getMessage().contains("has 2"), e.getMessage());
    }

    @Test
    void voqswQueuesByTheOutputAtTheNextRouter() {
        // next output = destination's x coordinate modulo 5 at any router, terminal (4) when arriving
        KAryNCube mesh = new KAryNCube(4, 2, false);
        FakeQueuingContext ctx = new FakeQueuingContext(mesh, 5, 1,
                (r, p, d) -> p == 4 ? -1 : mesh.neighbor(r, p) == d ? 4 : (r + p) % 4,
                (n, p, d) -> n == d ? 4 : d % 4);
        QueuingScheme q = new VoqSwitchFactory().create(ctx, Parameters.defaults(VoqSwitchParameters.class));
        TestPacket toFive = TestPacket.readOnly(7, 0, 5);
        assertEquals(1L << 2, q.vcMask(1, 1, 0, toFive), "(1 + 1) % 4 = output 2 at the next router");
        assertEquals(1L << 4, q.vcMask(mesh.router(1, 0), mesh.plusPort(1), 0, toFive),
                "at the destination's router the terminal port is the output");
        assertEquals(1L, q.vcMask(5, 4, 0, toFive), "ejection into the end node uses VC 0");
        assertEquals(1L << 1, q.injectionVcMask(0, toFive), "injection queues by the first hop");
        assertEquals(3, ctx.lookAheads);
    }

    @Test
    void voqswNeedsOneClassAndAVcPerPort() {
        KAryNCube mesh = new KAryNCube(4, 2, false);
        IllegalArgumentException few = assertThrows(IllegalArgumentException.class,
                () -> new VoqSwitchFactory().create(new FakeQueuingContext(mesh, 4, 1, (r, p, d) -> 0, (n, p, d) -> 0),
                        Parameters.defaults(VoqSwitchParameters.class)));
        assertTrue(few.getMessage().contains("at least 5 VCs"), few.getMessage());
        IllegalArgumentException classes = assertThrows(IllegalArgumentException.class,
                () -> new VoqSwitchFactory().create(new FakeQueuingContext(mesh, 8, 2, (r, p, d) -> 0, (n, p, d) -> 0),
                        Parameters.defaults(VoqSwitchParameters.class)));
        assertTrue(classes.getMessage().contains("2 VC classes"), classes.getMessage());
    }

    @Test
    void voqnetQueuesByDestinationAndKeepsTheClassesApart() {
        KAryNCube mesh = new KAryNCube(4, 2, false); // 16 nodes
        FakeQueuingContext one = new FakeQueuingContext(mesh, 16, 1, (r, p, d) -> 0, (n, p, d) -> 0);
        QueuingScheme q = new VoqNetFactory().create(one, Parameters.defaults(VoqNetParameters.class));
        for (int d = 0; d < 16; d++) {
            TestPacket p = TestPacket.readOnly(1, 3, d);
            assertEquals(1L << d, q.vcMask(5, 1, 0, p), "destination " + d + " has queue " + d + " at every hop");
            assertEquals(1L << d, q.injectionVcMask(3, p));
        }
        FakeQueuingContext two = new FakeQueuingContext(mesh, 32, 2, (r, p, d) -> 0, (n, p, d) -> 0);
        QueuingScheme classes = new VoqNetFactory().create(two, Parameters.defaults(VoqNetParameters.class));
        assertEquals(1L << (9 * 2 + 1), classes.vcMask(0, 0, 1, TestPacket.readOnly(1, 0, 9)),
                "class 1 of destination 9: VC 9 x 2 + 1");
        IllegalArgumentException few = assertThrows(IllegalArgumentException.class,
                () -> new VoqNetFactory().create(new FakeQueuingContext(mesh, 8, 1, (r, p, d) -> 0, (n, p, d) -> 0),
                        Parameters.defaults(VoqNetParameters.class)));
        assertTrue(few.getMessage().contains("queuing 'voqnet' needs") && few.getMessage().contains("= 16 VCs")
                && few.getMessage().contains("the hardware has 8"), few.getMessage());
        assertTrue(few.getMessage().endsWith("or use voqnet on a network of fewer nodes (it needs one queue per node)"),
                few.getMessage());
    }

    @Test
    void byFunctionKeepsUnicastPacketsOffTheBarrierVc() {
        FakeQueuingContext ctx = context(4, 1);
        ctx.functions = new String[] {"unicast", "unicast", "mixed", "barrier"};
        QueuingScheme q = new FunctionQueuingFactory().create(ctx, Parameters.defaults(FunctionQueuingParameters.class));
        assertEquals(0b0111, q.vcMask(0, 1, 0, PACKET));
        assertEquals(0b0111, q.injectionVcMask(0, PACKET));
        QueuingScheme onlyUnicast = new FunctionQueuingFactory().create(ctx, Parameters.bind(
                FunctionQueuingParameters.class, java.util.Map.of("unicast", new String[] {"unicast"})));
        assertEquals(0b0011, onlyUnicast.vcMask(0, 1, 0, PACKET));
        // without functions from the hardware every VC is data, and data is allowed by default
        assertEquals(0b1111, new FunctionQueuingFactory().create(context(4, 1),
                Parameters.defaults(FunctionQueuingParameters.class)).vcMask(0, 1, 0, PACKET));
    }

    /** A view of class {@code c}. */
    private static org.fabrica.routing.PacketView ofClass(int c) {
        return new org.fabrica.routing.PacketView() {
            public long id() { return 1; }
            public int source() { return 0; }
            public int destination() { return 5; }
            public int length() { return 1; }
            public long created() { return 0; }
            public int routingState() { return 0; }
            public void routingState(int state) { }
            public int packetClass() { return c; }
        };
    }

    @Test
    void byFunctionGivesBarrierAndMulticastPacketsTheirOwnVcs() {
        FakeQueuingContext ctx = context(4, 1);
        ctx.functions = new String[] {"unicast", "unicast", "mixed", "barrier"};
        QueuingScheme q = new FunctionQueuingFactory().create(ctx, Parameters.defaults(FunctionQueuingParameters.class));
        assertEquals(0b1000, q.vcMask(0, 1, 0, ofClass(org.fabrica.routing.PacketView.BARRIER)));
        assertEquals(0b1000, q.injectionVcMask(0, ofClass(org.fabrica.routing.PacketView.BARRIER)));
        assertEquals(0b0100, q.vcMask(0, 1, 0, ofClass(org.fabrica.routing.PacketView.MULTICAST)));
        assertEquals(0b0111, q.vcMask(0, 1, 0, ofClass(org.fabrica.routing.PacketView.UNICAST)));
        // barrier packets sharing the unicast VCs, to compare
        QueuingScheme shared = new FunctionQueuingFactory().create(ctx, Parameters.bind(FunctionQueuingParameters.class,
                java.util.Map.of("barrier", new String[] {"unicast"})));
        assertEquals(0b0011, shared.vcMask(0, 1, 0, ofClass(org.fabrica.routing.PacketView.BARRIER)));
        // no barrier VC: barrier packets share the unicast VCs
        FakeQueuingContext none = context(2, 1);
        none.functions = new String[] {"unicast", "unicast"};
        assertEquals(0b11, new FunctionQueuingFactory().create(none, Parameters.defaults(FunctionQueuingParameters.class))
                .vcMask(0, 1, 0, ofClass(org.fabrica.routing.PacketView.BARRIER)));
    }

    @Test
    void byFunctionNamesWhatIsMissing() {
        FakeQueuingContext ctx = context(2, 1);
        ctx.functions = new String[] {"barrier", "barrier"};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FunctionQueuingFactory()
                .create(ctx, Parameters.defaults(FunctionQueuingParameters.class)));
        assertTrue(e.getMessage().contains("the hardware's VCs are [barrier, barrier]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new FunctionQueuingFactory().create(context(4, 2),
                Parameters.defaults(FunctionQueuingParameters.class)));
        assertTrue(e.getMessage().contains("has no VC classes, but the routing algorithm needs 2"), e.getMessage());
    }
}
