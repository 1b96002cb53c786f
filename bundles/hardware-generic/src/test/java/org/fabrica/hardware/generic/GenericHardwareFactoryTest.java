package org.fabrica.hardware.generic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.List;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.hardware.OutputInterleaving;
import org.fabrica.hardware.LinkTiming;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.hardware.VirtualChannel;
import org.fabrica.router.PartChoice;
import org.fabrica.params.ParameterException;
import org.fabrica.params.ParameterSchema;
import org.fabrica.params.Parameters;
import org.junit.jupiter.api.Test;

class GenericHardwareFactoryTest {
    private final GenericHardwareFactory factory = new GenericHardwareFactory();

    @Test
    void defaultsAreBookSim2sDefaultRouterWithTwoVcs() {
        RouterParameters r = factory.create(Parameters.defaults(GenericRouterParameters.class)).router();
        assertEquals(new RouterParameters(2, 8, FlowControl.WORMHOLE, 1, 1, 1, 1, 1, 0, false, 1.0, 16), r);
    }

    @Test
    void everyParameterMapsToItsField() {
        Map<String, Object> v = new HashMap<>();
        v.put("vcs", 3);
        v.put("bufferFlits", 16);
        v.put("flowControl", "virtual-cut-through");
        v.put("routingDelay", 0);
        v.put("vcAllocDelay", 2);
        v.put("switchAllocDelay", 3);
        v.put("switchTraversalDelay", 4);
        v.put("linkLatency", 5);
        v.put("creditDelay", 6);
        v.put("voqCrossbar", true);
        v.put("cycleNanoseconds", 0.5);
        v.put("flitBytes", 32);
        RouterParameters r = factory.create(Parameters.bind(GenericRouterParameters.class, v)).router();
        assertEquals(new RouterParameters(3, 16, FlowControl.VIRTUAL_CUT_THROUGH, 0, 2, 3, 4, 5, 6, true, 0.5, 32), r);
        ParameterSchema schema = ParameterSchema.of(GenericRouterParameters.class);
        for (var c : RouterParameters.class.getRecordComponents()) {
            assertTrue(schema.parameter(c.getName()) != null, "a parameter for RouterParameters." + c.getName());
        }
    }

    @Test
    void rangesAreEnforcedFromMetatype() {
        ParameterException vcs = assertThrows(ParameterException.class,
                () -> Parameters.bind(GenericRouterParameters.class, Map.of("vcs", 65)));
        assertTrue(vcs.getMessage().contains("[1, 64]"), vcs.getMessage());
        assertThrows(ParameterException.class, () -> Parameters.bind(GenericRouterParameters.class, Map.of("linkLatency", 0)));
        assertThrows(ParameterException.class, () -> Parameters.bind(GenericRouterParameters.class, Map.of("cycleNanoseconds", 0)));
        assertThrows(ParameterException.class, () -> Parameters.bind(GenericRouterParameters.class, Map.of("creditDelay", -1)));
        ParameterSchema schema = ParameterSchema.of(GenericRouterParameters.class);
        assertEquals("wormhole", schema.parameter("flowControl").defaultValue());
        assertTrue(schema.parameter("bufferFlits").description().contains("flits"));
    }

    private RouterDescription describe(Map<String, Object> v) {
        return factory.create(Parameters.bind(GenericRouterParameters.class, v)).description();
    }

    @Test
    void atItsDefaultsTheDescriptionIsTheClassicRouters() {
        RouterParameters r = factory.create(Parameters.defaults(GenericRouterParameters.class)).router();
        assertEquals(RouterDescription.of(r), describe(Map.of()));
        assertEquals(RouterDescription.of(r).withCrossbar(CrossbarOrganisation.VC_INPUTS), describe(Map.of("voqCrossbar", true)));
    }

    @Test
    void theRouterChoicesReachTheDescription() {
        Map<String, Object> v = new HashMap<>();
        v.put("vcs", 3);
        v.put("crossbar", "per-vc");
        v.put("vcAllocator", "oldest-first");
        v.put("switchAllocator", "islip(iterations=3)");
        v.put("outputArbiter", "priority");
        v.put("vcBufferFlits", List.of(4, 8, 2));
        v.put("vcPriorities", List.of(1, 1, 0));
        v.put("vcFunctions", List.of("data", "data", "barrier"));
        v.put("linkLatency", 2);
        v.put("linkCyclesPerFlit", 4);
        v.put("terminalLinkCyclesPerFlit", 2);
        v.put("injectionQueues", "per-vc");
        v.put("outputInterleaving", "packets");
        RouterDescription d = describe(v);
        assertEquals(CrossbarOrganisation.PER_VC, d.crossbar());
        assertEquals(PartChoice.of("oldest-first"), d.vcAllocator());
        assertEquals(new PartChoice("islip", Map.of("iterations", "3")), d.switchAllocator());
        assertEquals(PartChoice.of("priority"), d.outputArbiter());
        assertEquals(List.of(new VirtualChannel("data", 4, 1), new VirtualChannel("data", 8, 1),
                new VirtualChannel("barrier", 2, 0)), d.channels());
        assertEquals(new LinkTiming(2, 4), d.link());
        assertEquals(new LinkTiming(2, 2), d.terminalLink());
        assertEquals(InjectionQueues.PER_VC, d.injection());
        assertEquals(OutputInterleaving.PACKETS, d.interleaving());
        assertEquals(OutputInterleaving.FLITS, describe(Map.of()).interleaving(), "flits by default");
    }

    @Test
    void buffersInBytesBecomeFlitsOnceAndMustDivide() {
        assertEquals(16, describe(Map.of("bufferBytes", 512, "flitBytes", 32)).maxBufferFlits());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> describe(Map.of("bufferBytes", 500, "flitBytes", 32)));
        assertTrue(e.getMessage().contains("bufferBytes") && e.getMessage().contains("32"), e.getMessage());
    }

    @Test
    void inconsistentChoicesAreRefusedWithTheFix() {
        IllegalArgumentException perVc = assertThrows(IllegalArgumentException.class,
                () -> describe(Map.of("vcs", 2, "vcPriorities", List.of(0, 1, 1))));
        assertTrue(perVc.getMessage().contains("vcPriorities has 3 values for 2 VCs"), perVc.getMessage());
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> describe(Map.of("voqCrossbar", true, "crossbar", "voq")));
        assertTrue(both.getMessage().contains("drop voqCrossbar"), both.getMessage());
        IllegalArgumentException part = assertThrows(IllegalArgumentException.class,
                () -> describe(Map.of("switchAllocator", "islip(iterations)")));
        assertTrue(part.getMessage().contains("switchAllocator") && part.getMessage().contains("key=value"),
                part.getMessage());
    }
}
