package org.fabrica.traffic.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.params.Parameters;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

class ShiftPatternTest {
    private static final SplittableRandom UNUSED = new SplittableRandom(1);

    static TrafficPattern shift(Topology t, int offset) {
        return new ShiftFactory().create(t, UNUSED, Parameters.bind(ShiftParameters.class, Map.of("offset", offset)));
    }

    @Test
    void everyNodeSendsOffsetNodesFurtherWrapping() {
        Topology t = TrafficPatternsTest.plain(72);
        TrafficPattern p = shift(t, 8);
        assertEquals(8, p.destination(0, UNUSED));
        assertEquals(71, p.destination(63, UNUSED));
        assertEquals(0, p.destination(64, UNUSED));
        assertEquals(7, p.destination(71, UNUSED));
        boolean[] hit = new boolean[72];
        for (int s = 0; s < 72; s++) {
            int d = p.destination(s, UNUSED);
            assertTrue(!hit[d], "destination " + d + " twice");
            hit[d] = true;
        }
        assertEquals(70, shift(t, -2).destination(0, UNUSED));
        assertEquals(1, shift(t, 73).destination(0, UNUSED));
    }

    @Test
    void anOffsetOfWholeRoundsIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> shift(TrafficPatternsTest.plain(16), 32));
        assertTrue(e.getMessage().contains("offset = 32") && e.getMessage().contains("between 1 and 15"), e.getMessage());
    }
}
