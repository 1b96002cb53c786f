package org.fabrica.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MultiRailModelTest {
    private final MultiRailModel m = MultiRailModel.dawning();

    @Test
    void shortPacketsAreBoundByTheSwitch() {
        // 64 bytes: 51.2 ns on the 10 Gbit/s plane, 204.8 ns per 2.5 Gbit/s rail
        assertEquals(Math.max(51.2, 50) * 5 + 51.2, m.singlePlaneNanoseconds(64), 1e-9);
        assertEquals(5 * (204.8 + 204.8 / 4) + 4 * 204.8, m.multiRailNanoseconds(64), 1e-9);
        // 8 bytes: serialisation below T_switch, the switch time counts per hop
        assertEquals(50 * 5 + 6.4, m.singlePlaneNanoseconds(8), 1e-9);
        assertEquals(5 * (50 + 25.6 / 4) + 4 * 25.6, m.multiRailNanoseconds(8), 1e-9);
    }

    @Test
    void longPacketsTendToTheRatioOfTheSerialisationTerms() {
        // for large L: T_high ~ 6 L/BW_sl, T_multi ~ (5 + 5/4 + 4) L/BW_ml = 10.25 * 4 L/BW_sl
        assertEquals(6.0 / (10.25 * 4), m.gain(1e9), 1e-6);
        double previous = Double.MAX_VALUE;
        for (int bytes = 64; bytes <= 1 << 20; bytes *= 2) {
            double g = m.gain(bytes);
            assertTrue(g <= previous + 1e-12, "G does not grow with L past the switch-bound region: " + bytes);
            previous = g;
        }
    }

    @Test
    void badParametersAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new MultiRailModel(0, 4, 50, 2.5, 4, 10));
        assertTrue(e.getMessage().startsWith("hops = 0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new MultiRailModel(5, 4, 50, 0, 4, 10));
        assertTrue(e.getMessage().contains("must be > 0"), e.getMessage());
    }
}
