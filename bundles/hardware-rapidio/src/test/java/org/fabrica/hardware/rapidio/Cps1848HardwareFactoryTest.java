package org.fabrica.hardware.rapidio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.params.ParameterDescriptor;
import org.fabrica.params.ParameterException;
import org.fabrica.params.ParameterSchema;
import org.fabrica.params.Parameters;
import org.junit.jupiter.api.Test;

class Cps1848HardwareFactoryTest {
    private final Cps1848HardwareFactory factory = new Cps1848HardwareFactory();

    private Cps1848Model model(Map<String, ?> values) {
        return factory.create(Parameters.bind(Cps1848Parameters.class, values));
    }

    private final Cps1848Model defaults = factory.create(Parameters.defaults(Cps1848Parameters.class));

    @Test
    void defaultsMapToAVirtualCutThroughRouterWithOneVc() {
        // 44-cycle hop = 0 + 0 + 1 + 42 pipeline + 1 link (overlapped allocation); 12 packets of 35 flits;
        // 8-byte flits of 4 ns
        assertEquals(new RouterParameters(1, 420, FlowControl.VIRTUAL_CUT_THROUGH, 0, 0, 1, 42, 1, 0, false, 4.0, 8),
                defaults.router());
        assertEquals(new EndpointTiming(76, 76), defaults.endpoint());
        assertEquals(152, defaults.endpoint().totalCycles(), "608 ns = 152 cycles");
        assertEquals(LogicalTransaction.NWRITE, defaults.packetFormat().transaction());
        assertEquals(16, defaults.packetFormat().deviceIdBits());
        assertEquals(276, defaults.packetFormat().wireBytes(256));
    }

    @Test
    void overlappedAllocationMovesRouteAndVcAllocationIntoTraversalKeepingTheHop() {
        Cps1848Model iq = model(Map.of("overlappedAllocation", false));
        // the IQ pipeline: 44-cycle hop = 1 + 1 + 1 + 40 pipeline + 1 link
        assertEquals(new RouterParameters(1, 420, FlowControl.VIRTUAL_CUT_THROUGH, 1, 1, 1, 40, 1, 0, false, 4.0, 8),
                iq.router());
        assertEquals(defaults.hopCycles(), iq.hopCycles());
        assertEquals(defaults.routerPipelineCycles(), iq.routerPipelineCycles());
        assertEquals(defaults.noContentionLatency(5, 256), iq.noContentionLatency(5, 256));
        Cps1848Model theoretical = model(Map.of("hopLatencyNs", 111.6));
        Cps1848Model theoreticalIq = model(Map.of("hopLatencyNs", 111.6, "overlappedAllocation", false));
        assertEquals(29, theoretical.hopCycles());
        assertEquals(29, theoreticalIq.hopCycles());
        assertEquals(0, theoretical.router().routingDelay());
        assertEquals(0, theoretical.router().vcAllocDelay());
        assertEquals(27, theoretical.router().switchTraversalDelay(), "29 - 1 switch allocation - 1 link");
        assertEquals(25, theoreticalIq.router().switchTraversalDelay(), "29 - 3 allocation stages - 1 link");
    }

    @Test
    void portRateGivesBytesPerCycle() {
        assertEquals(16.0, defaults.portGbps(), 1e-12, "4 lanes x 5 Gbaud x 8/10");
        assertEquals(8, defaults.router().flitBytes(), "16 Gbps x 4 ns = 64 bits");
        assertEquals(16.0, defaults.modelledPortGbps(), 1e-12);
        Cps1848Model fast = model(Map.of("baudGbps", 6.25));
        assertEquals(20.0, fast.portGbps(), 1e-12);
        assertEquals(10, fast.router().flitBytes());
        Cps1848Model narrow = model(Map.of("lanes", 1, "baudGbps", 3.125));
        assertEquals(2.5, narrow.portGbps(), 1e-12);
        assertEquals(1, narrow.router().flitBytes(), "1.25 bytes per cycle round down");
        assertEquals(2.0, narrow.modelledPortGbps(), 1e-12);
        assertEquals(276, narrow.router().bufferFlits() / 12, "a 276-byte packet is 276 one-byte flits");
        Cps1848Model gen3 = model(Map.of("coding", "code-64b67b", "baudGbps", 6.25));
        assertEquals(4 * 6.25 * 64 / 67, gen3.portGbps(), 1e-12);
        assertEquals(11, gen3.router().flitBytes(), "11.94 bytes per cycle round down");
        Cps1848Model doubleCycle = model(Map.of("cycleNanoseconds", 8.0));
        assertEquals(16, doubleCycle.router().flitBytes());
        IllegalArgumentException slow = assertThrows(IllegalArgumentException.class,
                () -> model(Map.of("lanes", 1, "baudGbps", 1.25)));
        assertTrue(slow.getMessage().contains("cycleNanoseconds >= 8"), slow.getMessage());
    }

    @Test
    void hopLatencyIsHopPlusCableRoundedToCycles() {
        assertEquals(44, defaults.hopCycles(), "(170 + 5) / 4 = 43.75");
        assertEquals(43, defaults.routerPipelineCycles());
        assertEquals(1, defaults.router().linkLatency());
        Cps1848Model noCable = model(Map.of("cableDelayNs", 0.0));
        assertEquals(43, noCable.hopCycles(), "170 / 4 = 42.5 rounds up");
        assertEquals(1, noCable.router().linkLatency(), "a link takes at least one cycle");
        assertEquals(42, noCable.routerPipelineCycles());
        Cps1848Model theoretical = model(Map.of("hopLatencyNs", 111.6));
        assertEquals(29, theoretical.hopCycles(), "(111.6 + 5) / 4 = 29.15");
        Cps1848Model longCable = model(Map.of("cableDelayNs", 50.0));
        assertEquals(55, longCable.hopCycles(), "(170 + 50) / 4");
        assertEquals(13, longCable.router().linkLatency(), "50 / 4 = 12.5 rounds up");
        assertEquals(42, longCable.routerPipelineCycles());
        // overlapped allocation needs one pipeline cycle (switch allocation), the IQ pipeline three
        assertEquals(2, model(Map.of("hopLatencyNs", 4.0)).hopCycles(), "(4 + 5) / 4 = 2.25: S 1, ST 0, L 1");
        IllegalArgumentException tooShort = assertThrows(IllegalArgumentException.class,
                () -> model(Map.of("hopLatencyNs", 0.0)));
        assertTrue(tooShort.getMessage().contains("hopLatencyNs >= 4"), tooShort.getMessage());
        IllegalArgumentException tooShortIq = assertThrows(IllegalArgumentException.class,
                () -> model(Map.of("hopLatencyNs", 4.0, "overlappedAllocation", false)));
        assertTrue(tooShortIq.getMessage().contains("hopLatencyNs >= 12"), tooShortIq.getMessage());
    }

    @Test
    void buffersHoldWholeMaximumSizePackets() {
        assertEquals(12 * 35, defaults.router().bufferFlits());
        assertEquals(4 * 35, model(Map.of("inputBufferPackets", 4)).router().bufferFlits());
        // 128-byte packets: 12 + 128 + 4 = 144, + 4 = 148 bytes = 18.5 -> 19 flits
        assertEquals(12 * 19, model(Map.of("maxPayloadBytes", 128)).router().bufferFlits());
        int packetFlits = defaults.packetFormat().flits(256, defaults.router().flitBytes());
        assertTrue(defaults.router().bufferFlits() >= packetFlits, "virtual cut-through needs room for a whole packet");
    }

    @Test
    void formatParametersReachThePacketFormat() {
        Cps1848Model m = model(Map.of("transaction", "message", "deviceIdBits", 8, "delimiterBytes", 0));
        assertEquals(6, m.packetFormat().headerBytes());
        assertEquals(268, m.packetFormat().wireBytes(256), "6 + 256 + 4 = 266, padded to 268");
        assertEquals(16, model(Map.of("addressBits", 66)).packetFormat().headerBytes());
    }

    @Test
    void invalidCombinationsAreRejectedWithTheFix() {
        IllegalArgumentException lanes = assertThrows(IllegalArgumentException.class, () -> model(Map.of("lanes", 3)));
        assertTrue(lanes.getMessage().contains("1, 2 or 4"), lanes.getMessage());
        IllegalArgumentException ids = assertThrows(IllegalArgumentException.class,
                () -> model(Map.of("deviceIdBits", 24)));
        assertTrue(ids.getMessage().contains("8, 16 or 32"), ids.getMessage());
        assertThrows(IllegalArgumentException.class, () -> model(Map.of("maxPayloadBytes", 100)));
        assertThrows(IllegalArgumentException.class, () -> model(Map.of("transaction", "message", "maxPayloadBytes", 96)));
        assertThrows(ParameterException.class, () -> Parameters.bind(Cps1848Parameters.class, Map.of("maxPayloadBytes", 512)));
        assertThrows(ParameterException.class, () -> Parameters.bind(Cps1848Parameters.class, Map.of("hopLatencyNs", -1)));
        assertThrows(ParameterException.class, () -> Parameters.bind(Cps1848Parameters.class, Map.of("coding", "8b10b")));
    }

    @Test
    void everyParameterIsDocumentedWithItsDefault() {
        ParameterSchema schema = ParameterSchema.of(Cps1848Parameters.class);
        assertEquals("rapidio-cps1848", schema.name());
        assertEquals(14, schema.parameters().size());
        for (ParameterDescriptor d : schema.parameters()) {
            assertFalse(d.description().isBlank(), d.name() + " has no description");
            assertTrue(d.defaultValue() != null, d.name());
        }
        assertEquals("code-8b10b", schema.parameter("coding").defaultValue());
        assertEquals("nwrite", schema.parameter("transaction").defaultValue());
        assertEquals(java.util.List.of("8", "16", "32"), schema.parameter("deviceIdBits").options());
        assertTrue(schema.parameter("hopLatencyNs").description().contains("111.6"));
        assertTrue(schema.parameter("inputBufferPackets").description().contains("12 packets"));
        assertEquals("true", String.valueOf(schema.parameter("overlappedAllocation").defaultValue()));
    }
}
