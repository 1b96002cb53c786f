package org.fabrica.stats.collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LatencyHistogramTest {

    @Test
    void smallValuesAreExact() {
        LatencyHistogram h = new LatencyHistogram();
        for (int v : new int[] {5, 1, 3, 2, 4}) {
            h.record(v);
        }
        assertEquals(3, h.percentile(0.5));
        assertEquals(5, h.percentile(0.99));
        assertEquals(1, h.percentile(0.01));
        assertEquals(3.0, h.mean());
        assertEquals(5, h.max());
    }

    @Test
    void largeValuesKeepThreeSignificantDigits() {
        long[] values = {1024, 1500, 12_345, 999_999, 123_456_789L, 1L << 39};
        for (long v : values) {
            LatencyHistogram h = new LatencyHistogram();
            h.record(1); // keeps the clamp to [min, max] from hiding the bucket error
            h.record(v);
            h.record(v + (1L << 44)); // far above: clamped to the last bucket
            double p = h.percentile(0.5);
            assertTrue(Math.abs(p - v) / v < 0.002, "value " + v + " came back as " + p);
        }
    }

    @Test
    void bucketsAreContiguousAndMonotonic() {
        int previous = -1;
        for (long v = 0; v < 1L << 20; v++) {
            int i = LatencyHistogram.index(v);
            assertTrue(i == previous || i == previous + 1, "bucket index jumps from " + previous + " to " + i + " at " + v);
            previous = i;
        }
        for (int i = 0; i < 5000; i++) {
            assertEquals(i, LatencyHistogram.index((long) Math.floor(LatencyHistogram.representative(i))),
                    "representative of bucket " + i);
        }
    }

    @Test
    void emptyIsNaN() {
        LatencyHistogram h = new LatencyHistogram();
        assertTrue(Double.isNaN(h.percentile(0.5)));
        assertTrue(Double.isNaN(h.mean()));
        assertTrue(Double.isNaN(h.max()));
        h.record(-5);
        assertEquals(0, h.max());
    }
}
