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
import org.fabrica.hardware.OutputInterleaving;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.params.Parameters;
import org.fabrica.router.PartChoice;
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
        assertEquals(OutputInterleaving.PACKETS, d.interleaving(), "an InfiniBand link sends packets whole");
        assertEquals(OutputInterleaving.PACKETS, m.description(Topology.INTERFACE).interleaving(),
                "whole packets on every link, interfaces' too");
        RouterDescription mixed = model(Map.of("linkInterleaving", "flits")).description(Topology.INTERFACE);
        assertEquals(OutputInterleaving.FLITS, mixed.interleaving(), "flits of different packets interleave on request");
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
    void vlArbitrationTablesBecomeTheSwitchAllocatorWithWeightsAndLimitInFlits() {
        assertEquals(RouterDescription.ROUND_ROBIN, model(Map.of()).description().switchAllocator(),
                "no tables: round robin");
        Map<String, Object> v = new HashMap<>();
        v.put("vlArbitrationHigh", List.of("0:64", "1:64"));
        v.put("vlArbitrationLow", List.of("2:32", "3:0", "3:16"));
        v.put("limitOfHighPriority", 2);
        v.put("flitBytes", 128);
        v.put("portBufferBytes", 131072);
        RouterDescription d = model(v).description();
        PartChoice sa = d.switchAllocator();
        assertEquals("vl-arbitration", sa.name());
        // 64-byte units in 128-byte flits: halved; 2 x 4 KB of high priority = 64 flits
        assertEquals(List.of("0:32", "1:32"), sa.parameters().get("high"));
        assertEquals(List.of("2:16", "3:0", "3:8"), sa.parameters().get("low"));
        assertEquals(64, sa.parameters().get("highLimit"));
        assertEquals(RouterDescription.ROUND_ROBIN, d.outputArbiter());
        assertEquals(sa, model(v).description(Topology.INTERFACE).switchAllocator(), "interfaces arbitrate alike");
        v.put("crossbar", "per-vc");
        d = model(v).description();
        assertEquals(RouterDescription.ROUND_ROBIN, d.switchAllocator());
        assertEquals("vl-arbitration", d.outputArbiter().name(), "per-VL crossbars: the output arbiter chooses the VL");
        v.put("limitOfHighPriority", 255);
        v.put("crossbar", "shared");
        assertEquals(-1, model(v).description().switchAllocator().parameters().get("highLimit"), "255: no limit");
    }

    @Test
    void aVlLeftOutOfTheArbitrationTablesOrABadEntryIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> model(Map.of("vlArbitrationLow", List.of("0:4", "1:4", "2:4", "3:0"))));
        assertTrue(e.getMessage().contains("VL 3 has no positive weight in vlArbitrationHigh or vlArbitrationLow"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> model(Map.of("vlArbitrationLow", List.of("0:4", "1:4", "2:4", "4:4"))));
        assertTrue(e.getMessage().contains("entry 3 of vlArbitrationLow is '4:4'; write vl:weight with a data VL 0..3"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> model(Map.of("vlArbitrationHigh", List.of("0"))));
        assertTrue(e.getMessage().contains("entry 0 of vlArbitrationHigh is '0'"), e.getMessage());
    }

    @Test
    void aSlowerLinkLengthensTheCycleAndShortensTheLinkInCycles() {
        InfinibandModel m = model(Map.of("linkGbps", 25.0));
        assertEquals(20.48, m.cycleNs, 1e-12);
        assertEquals(1, m.description().link().latencyCycles());
        assertEquals(5, m.description().pipeline().routerCycles()); // 100 ns / 20.48 ns = 4.9 -> 5
    }
}
