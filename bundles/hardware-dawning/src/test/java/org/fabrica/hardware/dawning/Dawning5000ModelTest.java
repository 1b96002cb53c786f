package org.fabrica.hardware.dawning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.VirtualChannel;
import org.fabrica.params.Parameters;
import org.junit.jupiter.api.Test;

class Dawning5000ModelTest {

    private static Dawning5000Model model(Map<String, Object> values) {
        return (Dawning5000Model) new Dawning5000HardwareFactory()
                .create(Parameters.bind(Dawning5000Parameters.class, values, "hardware"));
    }

    private static String refused(Map<String, Object> values) {
        return assertThrows(IllegalArgumentException.class, () -> model(values)).getMessage();
    }

    @Test
    void thePapersSwitchInCyclesOf6Point4Nanoseconds() {
        Dawning5000Model m = model(Map.of());
        RouterDescription d = m.description();
        assertEquals(6.4, m.cycleNs, 1e-12);
        assertEquals(6.4, d.cycleNanoseconds(), 1e-12);
        assertEquals(8, d.flitBytes());
        // 4 KB = 512 flits of 8 bytes; the barrier VC's 128 B = 16 flits and output priority 0
        assertEquals(List.of(new VirtualChannel("unicast", 512, 1), new VirtualChannel("unicast", 512, 1),
                new VirtualChannel("mixed", 512, 1), new VirtualChannel("barrier", 16, 0)), d.channels());
        assertEquals(FlowControl.VIRTUAL_CUT_THROUGH, d.flowControl());
        assertEquals(CrossbarOrganisation.PER_VC, d.crossbar());
        assertEquals("priority", d.outputArbiter().name());
        assertEquals("priority", d.switchAllocator().name());
        assertEquals("round-robin", d.vcAllocator().name());
        // 130 ns of switch: 20 cycles (20.3) = R 17 + VA + SA + ST; 100 ns of link: 16 cycles (15.6, rounded up)
        assertEquals(20, d.pipeline().routerCycles());
        assertEquals(17, d.pipeline().routingDelay());
        assertEquals(16, d.link().latencyCycles());
        assertEquals(16, d.terminalLink().latencyCycles());
        assertEquals(1, d.link().cyclesPerFlit());
        // 700 ns each side: 109 cycles (109.4)
        assertEquals(109, m.endpoint().sendOverheadCycles());
        assertEquals(109, m.endpoint().receiveOverheadCycles());
        assertEquals(1024, m.packetFormat().maxPayloadBytes());
        assertEquals(128, m.packetFormat().flits(1024, d.flitBytes()));
        assertEquals(InjectionQueues.SINGLE, d.injection());
        assertEquals(4, m.router().vcs());
        assertEquals(512, m.router().bufferFlits());
    }

    @Test
    void theVcsTheCrossbarAndTheBuffersAreParameters() {
        Dawning5000Model m = model(Map.of("vcFunctions", new String[] {"unicast", "unicast", "unicast"},
                "dataVcBytes", 2048, "crossbar", "vc-inputs", "flitBytes", 16, "clockMHz", 250.0));
        RouterDescription d = m.description();
        assertEquals(4.0, m.cycleNs, 1e-12);
        assertEquals(3, d.vcs());
        assertEquals(128, d.maxBufferFlits());
        assertEquals(128, d.minBufferFlits());
        assertEquals(CrossbarOrganisation.VC_INPUTS, d.crossbar());
        // 130 / 4 = 32.5 rounds to 33 cycles (round half up); 100 / 4 = 25 exactly
        assertEquals(33, d.pipeline().routerCycles());
        assertEquals(25, d.link().latencyCycles());
    }

    @Test
    void badValuesAreRefusedNamingTheParameterAndTheFix() {
        assertEquals("hardware 'dawning5000': vcFunctions[1] = 'data' is not a function of this switch; use unicast,"
                + " mixed, multicast or barrier", refused(Map.of("vcFunctions", new String[] {"unicast", "data"})));
        assertTrue(refused(Map.of("vcFunctions", new String[] {"barrier"})).contains(
                "has only barrier VCs; give at least one unicast, mixed or multicast VC"));
        assertTrue(refused(Map.of("dataVcBytes", 4100)).contains("dataVcBytes"));
        assertTrue(refused(Map.of("barrierVcBytes", 100)).contains("barrierVcBytes"));
        assertEquals("hardware 'dawning5000': a data VC holds 512 bytes, less than one 1024-byte packet; virtual"
                + " cut-through needs room for a whole packet: raise dataVcBytes or lower mtuBytes",
                refused(Map.of("dataVcBytes", 512)));
        String negative = refused(Map.of("switchLatencyNs", -1.0));
        assertTrue(negative.contains("'switchLatencyNs' = -1 is out of range; use a value >= 0"), negative);
        assertTrue(refused(Map.of("switchLatencyNs", 1e12)).contains("use a latency below 1,000,000 cycles"));
        String nan = refused(Map.of("linkLatencyNs", Double.NaN));
        assertTrue(nan.contains("linkLatencyNs"), nan);
    }
}
