package org.fabrica.hardware.generic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.RouterParameters;
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
        assertEquals(12, ParameterSchema.of(GenericRouterParameters.class).parameters().size(),
                "one parameter per RouterParameters field");
        assertEquals(RouterParameters.class.getRecordComponents().length,
                ParameterSchema.of(GenericRouterParameters.class).parameters().size());
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
}
