package org.fabrica.stats.collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowSamplerTest {
    private static final class Recorder extends WindowSampler {
        final List<Long> samples = new ArrayList<>();

        Recorder(int window) {
            super(window);
        }

        @Override
        protected void sample(long lastCycleOfWindow) {
            samples.add(lastCycleOfWindow);
        }
    }

    @Test
    void samplesOncePerWindowEndAlsoAcrossSkippedCyclesAndNotTwiceForOneCycle() {
        Recorder r = new Recorder(4);
        for (long c = 0; c <= 2; c++) {
            r.cycleEnd(c);
        }
        assertEquals(List.of(), r.samples);
        r.cycleEnd(3);
        r.cycleEnd(3);
        assertEquals(List.of(3L), r.samples);
        r.cycleEnd(12); // cycles 4 .. 11 skipped: the windows ending at 7 and 11 are sampled, 12 opens the next
        assertEquals(List.of(3L, 7L, 11L), r.samples);
        r.cycleEnd(10); // an earlier cycle changes nothing
        assertEquals(List.of(3L, 7L, 11L), r.samples);
        assertEquals(4, r.window());
    }

    @Test
    void aWindowShorterThanOneCycleIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Recorder(0));
        assertEquals("window = 0 cycles; use a window of at least 1 cycle", e.getMessage());
    }
}
