package org.fabrica.study.trace;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.fabrica.traffic.trace.BarrierGenerator;
import org.fabrica.traffic.trace.TraceReplay;
import org.junit.jupiter.api.Test;

/** The variants of a file share a workload's prepared trace; only the last four workloads are kept. */
class PreparedTracesTest {
    private static TraceReplay.Prepared trace(int ranks) {
        return TraceReplay.prepare(BarrierGenerator.generate(ranks, 2, 0), true, false);
    }

    @Test
    void aWorkloadResolvedAgainGetsTheSameTrace() {
        PreparedTraces kept = new PreparedTraces();
        assertNull(kept.get("generate a"));
        TraceReplay.Prepared a = trace(4);
        assertSame(a, kept.put("generate a", a));
        assertSame(a, kept.get("generate a"));
        assertNull(kept.get("generate b"), "another key is another workload");
    }

    @Test
    void theLeastRecentlyUsedOfFiveIsDropped() {
        PreparedTraces kept = new PreparedTraces();
        for (int k = 0; k < 4; k++) {
            kept.put("w" + k, trace(2 + k));
        }
        assertNotNull(kept.get("w0")); // used again: w1 is now the eldest
        kept.put("w4", trace(8));
        assertNull(kept.get("w1"));
        assertNotNull(kept.get("w0"));
        assertNotNull(kept.get("w4"));
    }
}
