package org.fabrica.traffic.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The barrier benchmark: B barriers per rank, each after the computation asked for; bad parameters named. */
class BarrierGeneratorTest {
    @Test
    void everyRankEntersTheBarriersAfterItsComputation() {
        Trace t = BarrierGenerator.generate(3, 2, 500);
        assertEquals(3, t.ranks());
        for (int r = 0; r < 3; r++) {
            assertEquals(List.of(new TraceEvent.Compute(500), new TraceEvent.Barrier(), new TraceEvent.Compute(500),
                    new TraceEvent.Barrier()), t.events(r));
        }
        assertEquals(List.of(new TraceEvent.Barrier()), BarrierGenerator.generate(1, 1, 0).events(0),
                "no computation when 0");
        // the canonical text reads back to the same trace
        assertEquals(t, TraceReader.parse(TraceWriter.toText(t), "generated"));
    }

    @Test
    void parametersOutOfRangeAreNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BarrierGenerator.generate(0, 1, 0)).getMessage()
                .startsWith("ranks = 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BarrierGenerator.generate(4, 0, 0)).getMessage()
                .startsWith("barriers = 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BarrierGenerator.generate(4, 1, -1)).getMessage()
                .startsWith("computeNs = -1"));
    }
}
