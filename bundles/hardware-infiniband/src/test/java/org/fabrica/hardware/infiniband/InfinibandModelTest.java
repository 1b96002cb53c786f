package org.fabrica.hardware.infiniband;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.params.Parameters;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;

class InfinibandModelTest {

    private static InfinibandModel model(Map<String, Object> values) {
        return (InfinibandModel) new InfinibandHardwareFactory()
                .create(Parameters.bind(InfinibandParameters.class, values, "hardware"));
    }

    @Test
    void theStudysSwitchInCyclesOfOne64ByteFlitAt100Gbps() {
        InfinibandModel m = model(Map.of());
        RouterDescription d = m.description();
        assertEquals(5.12, m.cycleNs, 1e-12);
        assertEquals(5.12, d.cycleNanoseconds(), 1e-12);
        assertEquals(64, d.flitBytes());
        assertEquals(4, d.vcs());
        // 128 KB / 4 VLs = 32 KB = 512 flits = 8 packets of 4 KB per VL, 32 packets per port
        assertEquals(512, d.maxBufferFlits());
        assertEquals(512, d.minBufferFlits());
        assertEquals(FlowControl.VIRTUAL_CUT_THROUGH, d.flowControl());
        // 6 ns of propagation: 2 cycles (rounded up); 100 ns of switch: 20 cycles = R 17 + VA + SA + ST
        assertEquals(2, d.link().latencyCycles());
        assertEquals(1, d.link().cyclesPerFlit());
        assertEquals(20, d.pipeline().routerCycles());
        assertEquals(17, d.pipeline().routingDelay());
        assertEquals(InjectionQueues.PER_VC, d.injection());
        assertEquals(CrossbarOrganisation.SHARED, d.crossbar());
        assertEquals(4096, m.packetFormat().maxPayloadBytes());
        assertEquals(4096, m.packetFormat().wireBytes(4096));
    }

    @Test
    void interfacesForwardWithTheirOwnLatencyAndShareEverythingElse() {
        Map<String, Object> v = new HashMap<>();
        v.put("interfaceLatencyNs", 51.2);
        v.put("crossbar", "voq");
        InfinibandModel m = model(v);
        RouterDescription i = m.description(Topology.INTERFACE);
        RouterDescription s = m.description(Topology.SWITCH);
        assertEquals(10, i.pipeline().routerCycles());
        assertEquals(20, s.pipeline().routerCycles());
        assertEquals(s.channels(), i.channels());
        assertEquals(s.link(), i.link());
        assertEquals(CrossbarOrganisation.VOQ, i.crossbar());
        assertEquals(s, m.description());
    }

    @Test
    void sizesThatDoNotShareOutOrDoNotHoldAPacketAreRefusedNamingTheParameter() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> model(Map.of("vls", 3)));
        assertTrue(e.getMessage().contains("portBufferBytes = 131072 does not share out equally among vls = 3"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> model(Map.of("vls", 64)));
        assertTrue(e.getMessage().contains("less than one 4096-byte packet"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> model(Map.of("mtuBytes", 4000)));
        assertTrue(e.getMessage().contains("mtuBytes = 4000 bytes is not a whole number of 64-byte flits"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> model(Map.of("linkGbps", 0.0)));
        assertTrue(e.getMessage().contains("linkGbps"), e.getMessage());
    }

    @Test
    void theSlToVlTableBecomesTheRoutersServiceLevelsAndABadOneIsRefusedNamingTheSl() {
        assertEquals(List.of(), model(Map.of()).description().serviceLevels(), "no table: the scheme chooses VLs");
        InfinibandModel m = model(Map.of("slToVl", List.of(0, 0, 1, 1, 3)));
        assertEquals(List.of(0, 0, 1, 1, 3), m.description(Topology.SWITCH).serviceLevels());
        assertEquals(List.of(0, 0, 1, 1, 3), m.description(Topology.INTERFACE).serviceLevels(), "every port's table");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> model(Map.of("slToVl", List.of(0, 1, 15))));
        assertTrue(e.getMessage().contains("slToVl maps SL 2 to VL 15, but the ports have data VLs 0..3 (VL 15 is the"
                + " management lane"), e.getMessage());
        List<Integer> seventeen = java.util.Collections.nCopies(17, 0);
        e = assertThrows(IllegalArgumentException.class, () -> model(Map.of("slToVl", seventeen)));
        assertTrue(e.getMessage().contains("slToVl has 17 entries; InfiniBand has 16 service levels"), e.getMessage());
    }

    @Test
    void aSlowerLinkLengthensTheCycleAndShortensTheLinkInCycles() {
        InfinibandModel m = model(Map.of("linkGbps", 25.0));
        assertEquals(20.48, m.cycleNs, 1e-12);
        assertEquals(1, m.description().link().latencyCycles());
        assertEquals(5, m.description().pipeline().routerCycles()); // 100 ns / 20.48 ns = 4.9 -> 5
    }
}
