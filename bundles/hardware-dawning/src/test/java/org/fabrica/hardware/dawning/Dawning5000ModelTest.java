package org.fabrica.hardware.dawning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.hardware.OutputInterleaving;
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
        // 2 bytes per 6.4-ns cycle: 2.5 Gbit/s, the serdes' 3.125 Gbaud with 8b/10b
        assertEquals(2, d.flitBytes());
        assertEquals(2.5, d.flitBytes() * 8 / d.cycleNanoseconds(), 1e-12);
        // 4 KB = 2,048 flits of 2 bytes; the barrier VC's 128 B = 64 flits and output priority 0
        assertEquals(List.of(new VirtualChannel("unicast", 2048, 1), new VirtualChannel("unicast", 2048, 1),
                new VirtualChannel("mixed", 2048, 1), new VirtualChannel("barrier", 64, 0)), d.channels());
        assertEquals(FlowControl.VIRTUAL_CUT_THROUGH, d.flowControl());
        assertEquals(OutputInterleaving.PACKETS, d.interleaving(), "cut-through: a packet at a time on a link");
        assertEquals(CrossbarOrganisation.PER_VC, d.crossbar());
        assertEquals("priority", d.outputArbiter().name());
        assertEquals("priority", d.switchAllocator().name());
        assertEquals("round-robin", d.vcAllocator().name());
        // 13 cycles of switch (130 ns on the 100 MHz prototype) = R 10 + VA + SA + ST; 100 ns of link: 16 cycles
        assertEquals(13, d.pipeline().routerCycles());
        assertEquals(10, d.pipeline().routingDelay());
        assertEquals(16, d.link().latencyCycles());
        assertEquals(16, d.terminalLink().latencyCycles());
        assertEquals(1, d.link().cyclesPerFlit());
        // 700 ns each side: 109 cycles (109.4)
        assertEquals(109, m.endpoint().sendOverheadCycles());
        assertEquals(109, m.endpoint().receiveOverheadCycles());
        assertEquals(1024, m.packetFormat().maxPayloadBytes());
        assertEquals(512, m.packetFormat().flits(1024, d.flitBytes()));
        assertEquals(InjectionQueues.SINGLE, d.injection());
        assertEquals(4, m.router().vcs());
        assertEquals(2048, m.router().bufferFlits());
    }

    @Test
    void atThePrototypesClockTheMinimumLatencyIsThePapers() {
        // Section 7.1: 1.4 us software + 0.2 us line + 0.13 us switch = 1.73 us, measured at 100 MHz
        Dawning5000Model m = model(Map.of("clockMHz", 100.0));
        RouterDescription d = m.description();
        long head = m.endpoint().sendOverheadCycles() + 2L * d.link().latencyCycles() + d.pipeline().routerCycles()
                + m.endpoint().receiveOverheadCycles();
        assertEquals(1730.0, head * m.cycleNs, 1e-9);
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
        // the switch stays 13 cycles whatever the clock; 100 / 4 = 25 link cycles exactly
        assertEquals(13, d.pipeline().routerCycles());
        assertEquals(25, d.link().latencyCycles());
        assertEquals(OutputInterleaving.FLITS,
                model(Map.of("linkInterleaving", "flits")).description().interleaving());
    }

    @Test
    void badValuesAreRefusedNamingTheParameterAndTheFix() {
        assertEquals("hardware 'dawning5000': vcFunctions[1] = 'data' is not a function of this switch; use unicast,"
                + " mixed, multicast or barrier", refused(Map.of("vcFunctions", new String[] {"unicast", "data"})));
        assertTrue(refused(Map.of("vcFunctions", new String[] {"barrier"})).contains(
                "has only barrier VCs; give at least one unicast, mixed or multicast VC"));
        assertTrue(refused(Map.of("dataVcBytes", 4095)).contains("dataVcBytes"));
        assertTrue(refused(Map.of("barrierVcBytes", 101)).contains("barrierVcBytes"));
        assertEquals("hardware 'dawning5000': a data VC holds 512 bytes, less than one 1024-byte packet; virtual"
                + " cut-through needs room for a whole packet: raise dataVcBytes or lower mtuBytes",
                refused(Map.of("dataVcBytes", 512)));
        String two = refused(Map.of("switchLatencyCycles", 2));
        assertTrue(two.contains("switchLatencyCycles"), two);
        String far = refused(Map.of("sendOverheadNs", 1e12));
        assertTrue(far.contains("sendOverheadNs"), far);
        String nan = refused(Map.of("linkLatencyNs", Double.NaN));
        assertTrue(nan.contains("linkLatencyNs"), nan);
    }
}
