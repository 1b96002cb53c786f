package org.fabrica.throttle.spth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.params.ParameterDescriptor;
import org.fabrica.params.ParameterException;
import org.fabrica.params.ParameterSchema;
import org.fabrica.params.Parameters;
import org.fabrica.routing.PacketView;
import org.fabrica.testing.GraphTopology;
import org.fabrica.throttle.Throttle;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;

class SpthThrottleTest {
    private static final int PLUS_X = 0;
    private static final int MINUS_X = 1;
    private static final int PLUS_Y = 2;
    private static final int MINUS_Y = 3;

    private static SpthThrottle spth(ScriptedContext context, Map<String, ?> values) {
        return (SpthThrottle) new SpthThrottleFactory().create(context, Parameters.bind(SpthParameters.class, values));
    }

    /** The input buffer {@code d} hops from {@code router} along {@code port}: sets its free flits. */
    private static void bufferAhead(ScriptedContext c, int router, int port, int d, int vc, int free) {
        int r = router;
        for (int i = 1; i < d; i++) {
            r = c.topology.neighbor(r, port);
        }
        c.fedBy(r, port, vc, free);
    }

    @Test
    void aBusyBufferAtDistanceDAppearsInBitDMinus1DMinus1CyclesLaterAndClearsLikewise() {
        CartesianTopology ring = ScriptedContext.torus(8, 1);
        int busyFrom = 5;
        int busyUntil = 20; // first ready cycle again
        for (int d = 1; d <= 8; d++) {
            ScriptedContext c = new ScriptedContext(ring, 3);
            SpthThrottle t = spth(c, Map.of("length", 8));
            for (long now = 0; now < 40; now++) {
                bufferAhead(c, 0, PLUS_X, d, 1, now >= busyFrom && now < busyUntil ? 0 : 5);
                t.cycle(now);
                boolean seen = now >= busyFrom + d - 1 && now < busyUntil + d - 1;
                assertEquals(seen ? 1L << (d - 1) : 0L, t.register(0, PLUS_X, 1), "d = " + d + ", cycle " + now);
                assertEquals(0L, t.register(0, PLUS_X, 0), "other VCs unaffected");
                assertEquals(0L, t.register(0, PLUS_X, 2), "other VCs unaffected");
                assertEquals(0L, t.register(0, MINUS_X, 1), "the other direction is unaffected");
                assertEquals(!seen, t.admit(0, PLUS_X, 1, null, now));
            }
        }
    }

    @Test
    void everyRegisterBitIsTheBufferJPlus1HopsAheadSeenJCyclesLate() {
        // against a reference model that reads the scripted history directly
        for (boolean credits : new boolean[] {false, true}) {
            checkAgainstHistory(ScriptedContext.torus(4, 2), 5, 3, credits, 11);
            checkAgainstHistory(ScriptedContext.mesh(4, 2), 5, 3, credits, 12);
            checkAgainstHistory(ScriptedContext.torus(5, 1), 64, 0, credits, 13);
        }
    }

    private static void checkAgainstHistory(CartesianTopology topo, int length, int margin, boolean credits, long seed) {
        int vcs = 2;
        int cycles = 70;
        ScriptedContext c = new ScriptedContext(topo, vcs);
        SpthThrottle t = spth(c, Map.of("length", length, "margin", margin,
                "busySource", credits ? "credits" : "input-buffer"));
        int ports = c.ports;
        SplittableRandom random = new SplittableRandom(seed);
        boolean[][] busy = new boolean[cycles][c.inputFree.length];
        for (int now = 0; now < cycles; now++) {
            int[] script = credits ? c.credits : c.inputFree;
            for (int i = 0; i < script.length; i++) {
                script[i] = random.nextInt(4) == 0 ? random.nextInt(margin + 1) : margin + 1 + random.nextInt(4);
                busy[now][i] = script[i] <= margin;
            }
            // the other source must not matter
            int[] other = credits ? c.inputFree : c.credits;
            for (int i = 0; i < other.length; i++) {
                other[i] = random.nextInt(2);
            }
            t.cycle(now);
            for (int r = 0; r < topo.routers(); r++) {
                for (int p = 0; p < ports; p++) {
                    for (int v = 0; v < vcs; v++) {
                        long expected = 0;
                        int up = r; // router whose output p feeds the buffer j+1 hops ahead
                        for (int j = 0; j < length && j <= now; j++) {
                            int s = p < 2 * topo.dimensions() ? topo.neighbor(up, p) : -1;
                            if (s < 0) {
                                break;
                            }
                            int slot = credits ? c.slot(up, p, v) : c.slot(s, topo.neighborPort(up, p), v);
                            if (busy[now - j][slot]) {
                                expected |= 1L << j;
                            }
                            up = s;
                        }
                        assertEquals(expected, t.register(r, p, v), topo.describe() + (credits ? " credits" : "")
                                + ": router " + r + " port " + p + " VC " + v + " cycle " + now);
                    }
                }
            }
        }
    }

    @Test
    void busyMeansFreeSpaceAtMostTheMargin() {
        CartesianTopology ring = ScriptedContext.torus(8, 1);
        for (int margin : new int[] {0, 8, 15}) {
            ScriptedContext c = new ScriptedContext(ring, 3);
            SpthThrottle t = spth(c, Map.of("margin", margin));
            c.fedBy(0, PLUS_X, 0, margin + 1);
            t.cycle(0);
            assertEquals(0L, t.register(0, PLUS_X, 0), "margin " + margin + ": one flit more than the margin is ready");
            assertTrue(t.admit(0, PLUS_X, 0, null, 0));
            c.fedBy(0, PLUS_X, 0, margin);
            t.cycle(1);
            assertEquals(1L, t.register(0, PLUS_X, 0), "margin " + margin + ": free == margin is busy");
            assertFalse(t.admit(0, PLUS_X, 0, null, 1));
        }
    }

    @Test
    void theRegisterKeepsOnlyLBits() {
        CartesianTopology ring = ScriptedContext.torus(8, 1);
        ScriptedContext c = new ScriptedContext(ring, 1);
        SpthThrottle t = spth(c, Map.of("length", 3));
        bufferAhead(c, 0, PLUS_X, 4, 0, 0); // beyond L = 3
        for (long now = 0; now < 20; now++) {
            t.cycle(now);
            assertEquals(0L, t.register(0, PLUS_X, 0), "cycle " + now);
            assertTrue(t.admit(0, PLUS_X, 0, null, now));
        }
        // every buffer full: exactly the lowest 3 bits
        java.util.Arrays.fill(c.inputFree, 0);
        for (long now = 20; now < 40; now++) {
            t.cycle(now);
            long expected = now == 20 ? 0b001 : now == 21 ? 0b011 : 0b111;
            assertEquals(expected, t.register(0, PLUS_X, 0), "cycle " + now);
        }
    }

    @Test
    void aThrottledDirectionDoesNotHoldBackInjectionTowardOthers() {
        CartesianTopology torus = ScriptedContext.torus(8, 2);
        ScriptedContext c = new ScriptedContext(torus, 3);
        Throttle t = new SpthThrottleFactory().create(c, Parameters.defaults(SpthParameters.class));
        bufferAhead(c, 0, PLUS_X, 2, 0, 0); // x+ VC 0 congested two hops ahead
        int terminal = torus.terminalPort();
        for (long now = 0; now < 30; now++) {
            if (now == 12) {
                bufferAhead(c, 0, PLUS_X, 2, 0, 16);
            }
            t.cycle(now);
            boolean throttled = now >= 1 && now < 13;
            assertEquals(!throttled, t.admit(0, PLUS_X, 0, null, now), "x+ VC 0 at cycle " + now);
            assertTrue(t.admit(0, PLUS_X, 1, null, now), "x+ VC 1");
            assertTrue(t.admit(0, PLUS_X, 2, null, now), "x+ VC 2");
            for (int port : new int[] {MINUS_X, PLUS_Y, MINUS_Y, terminal}) {
                for (int vc = 0; vc < 3; vc++) {
                    assertTrue(t.admit(0, port, vc, null, now), "port " + port + " VC " + vc + " at cycle " + now);
                }
            }
        }
    }

    @Test
    void terminalPortsAreNeverBusy() {
        CartesianTopology torus = ScriptedContext.torus(4, 2);
        ScriptedContext c = new ScriptedContext(torus, 3);
        java.util.Arrays.fill(c.inputFree, 0);
        java.util.Arrays.fill(c.credits, 0);
        Throttle t = new SpthThrottleFactory().create(c, Parameters.defaults(SpthParameters.class));
        for (long now = 0; now < 5; now++) {
            t.cycle(now);
            for (int r = 0; r < torus.routers(); r++) {
                assertTrue(t.admit(r, torus.terminalPort(), 1, null, now));
                assertFalse(t.admit(r, PLUS_Y, 1, null, now));
            }
        }
    }

    @Test
    void lengthZeroNeverThrottles() {
        CartesianTopology torus = ScriptedContext.torus(8, 2);
        ScriptedContext c = new ScriptedContext(torus, 3);
        java.util.Arrays.fill(c.inputFree, 0);
        java.util.Arrays.fill(c.credits, 0);
        Throttle t = new SpthThrottleFactory().create(c, Parameters.bind(SpthParameters.class, Map.of("length", 0)));
        assertTrue(t.inactive(), "the network may skip the calls");
        PacketView none = null;
        for (long now = 0; now < 10; now++) {
            t.cycle(now);
            for (int port = 0; port < 5; port++) {
                assertTrue(t.admit((int) now, port, (int) now % 3, none, now));
            }
        }
        assertFalse(new SpthThrottleFactory().create(c, Parameters.defaults(SpthParameters.class)).inactive());
    }

    @Test
    void skippedCyclesAndRepeatedCallsMatchCallingEveryCycle() {
        CartesianTopology ring = ScriptedContext.torus(16, 1);
        ScriptedContext c = new ScriptedContext(ring, 1);
        bufferAhead(c, 0, PLUS_X, 3, 0, 0);
        bufferAhead(c, 0, PLUS_X, 6, 0, 0);
        SpthThrottle everyCycle = spth(c, Map.of());
        SpthThrottle gaps = spth(c, Map.of());
        for (long now = 0; now <= 4; now++) {
            everyCycle.cycle(now);
        }
        gaps.cycle(0);
        gaps.cycle(4);
        gaps.cycle(4);
        gaps.cycle(2);
        assertEquals(0b000100L, everyCycle.register(0, PLUS_X, 0), "distance 6 needs 5 cycles");
        assertEquals(everyCycle.register(0, PLUS_X, 0), gaps.register(0, PLUS_X, 0));
        // gaps shorter and longer than L = 8
        long last = 4;
        for (long now = 7; now <= 60; now += now < 20 ? 3 : 11) {
            for (long s = last + 1; s <= now; s++) {
                everyCycle.cycle(s);
            }
            last = now;
            gaps.cycle(now);
            for (int r = 0; r < 16; r++) {
                assertEquals(everyCycle.register(r, PLUS_X, 0), gaps.register(r, PLUS_X, 0), "router " + r);
            }
        }
        assertEquals(0b100100L, gaps.register(0, PLUS_X, 0));
    }

    @Test
    void metatypeDefaultsAndRanges() {
        SpthParameters p = Parameters.defaults(SpthParameters.class);
        assertEquals(0, p.margin(), "th(0)");
        assertEquals(-1, p.length(), "N/2 of the ring");
        assertEquals(SpthParameters.BusySource.INPUT_BUFFER, p.busySource());
        ParameterSchema schema = ParameterSchema.of(SpthParameters.class);
        ParameterDescriptor length = schema.parameter("length");
        assertEquals(-1.0, length.min());
        assertEquals(64.0, length.max());
        assertEquals(0.0, schema.parameter("margin").min());
        assertEquals(java.util.List.of("input-buffer", "credits"), schema.parameter("busySource").options());
        assertThrows(ParameterException.class, () -> Parameters.bind(SpthParameters.class, Map.of("length", 65)));
        assertThrows(ParameterException.class, () -> Parameters.bind(SpthParameters.class, Map.of("margin", -1)));
        assertEquals(SpthParameters.BusySource.CREDITS,
                Parameters.bind(SpthParameters.class, Map.of("busySource", "credits")).busySource());
    }

    @Test
    void defaultLengthIsHalfTheLongestRingCappedAt64() {
        assertEquals(16, SpthThrottleFactory.defaultLength(ScriptedContext.torus(32, 2)));
        assertEquals(4, SpthThrottleFactory.defaultLength(ScriptedContext.torus(8, 2)));
        assertEquals(64, SpthThrottleFactory.defaultLength(ScriptedContext.torus(128, 2)));
        assertEquals(64, SpthThrottleFactory.defaultLength(ScriptedContext.torus(200, 1)));
        assertEquals(7, SpthThrottleFactory.defaultLength(ScriptedContext.mesh(8, 2)));
        // the default on 8 x 8 sees 4 hops ahead and no further
        CartesianTopology torus = ScriptedContext.torus(8, 2);
        for (int d : new int[] {4, 5}) {
            ScriptedContext c = new ScriptedContext(torus, 3);
            SpthThrottle t = spth(c, Map.of());
            bufferAhead(c, 0, MINUS_Y, d, 2, 0);
            for (long now = 0; now < 10; now++) {
                t.cycle(now);
            }
            assertEquals(d == 4 ? 0b1000L : 0L, t.register(0, MINUS_Y, 2), "distance " + d);
        }
    }

    @Test
    void badCombinationsAreRejectedWithTheFix() {
        ScriptedContext c = new ScriptedContext(ScriptedContext.torus(4, 2), 3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> spth(c, Map.of("margin", 16)));
        assertTrue(e.getMessage().contains("margin from 0 to 15"), e.getMessage());
        // two routers linked on port 0, a node on port 1 of each
        Topology notACube = GraphTopology.builder("a two-router graph").routers(2, 2).link(0, 0, 1, 0).node(0, 1)
                .node(1, 1).build();
        ScriptedContext graph = new ScriptedContext(notACube, 1);
        e = assertThrows(IllegalArgumentException.class, () -> spth(graph, new HashMap<>()));
        assertTrue(e.getMessage().contains("a two-router graph") && e.getMessage().contains("torus or mesh"),
                e.getMessage());
    }
}
