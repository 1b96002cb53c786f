package org.fabrica.stats.collectors;

/**
 * Fixed-size histogram of non-negative latencies in cycles, for percentiles without per-event
 * allocation. Values below {@value #EXACT} are counted exactly; larger values fall into buckets
 * of {@value #SUB_BUCKETS} per power of two (relative error below 0.2%), the layout of an
 * HdrHistogram with three significant digits. Values of 2^{@value #MAX_EXPONENT} cycles or more
 * share the last bucket (the exact maximum is kept separately).
 */
public final class LatencyHistogram {
    /** Values below this are counted in their own bucket. */
    static final int EXACT = 1024;
    /** Buckets per power of two above {@link #EXACT}. */
    static final int SUB_BUCKETS = 512;
    /** Largest power of two resolved; beyond it values are clamped into the last bucket. */
    static final int MAX_EXPONENT = 40;
    private static final int EXACT_EXPONENT = 10; // log2(EXACT)

    private final long[] counts = new long[EXACT + (MAX_EXPONENT - EXACT_EXPONENT + 1) * SUB_BUCKETS];
    private long count;
    private long sum;
    private long max = Long.MIN_VALUE;
    private long min = Long.MAX_VALUE;

    /** Counts one value (negative values count as 0). */
    public void record(long value) {
        long v = value < 0 ? 0 : value;
        counts[index(v)]++;
        count++;
        sum += v;
        if (v > max) {
            max = v;
        }
        if (v < min) {
            min = v;
        }
    }

    /** Number of recorded values. */
    public long count() {
        return count;
    }

    /** Mean of the recorded values, NaN when empty. */
    public double mean() {
        return count == 0 ? Double.NaN : (double) sum / count;
    }

    /** Largest recorded value, NaN when empty. */
    public double max() {
        return count == 0 ? Double.NaN : max;
    }

    /** Smallest recorded value, NaN when empty. */
    public double min() {
        return count == 0 ? Double.NaN : min;
    }

    /**
     * The nearest-rank percentile: the smallest recorded value v such that at least
     * {@code q * count} values are at most v ({@code q} in (0, 1]). Exact below {@value #EXACT}
     * cycles, else the middle of its bucket (clamped to the recorded range). NaN when empty.
     */
    public double percentile(double q) {
        if (count == 0) {
            return Double.NaN;
        }
        return atRank((long) Math.ceil(q * count));
    }

    /**
     * The {@code rank}-th smallest recorded value (1 is the smallest; ranks outside 1 .. count
     * are clamped), exact below {@value #EXACT} cycles, else the middle of its bucket clamped to
     * the recorded range; NaN when empty. For callers that compute a nearest rank themselves,
     * e.g. from a percentage without the rounding of {@code q * count} in binary (since 1.2).
     */
    public double atRank(long rank) {
        if (count == 0) {
            return Double.NaN;
        }
        if (rank < 1) {
            rank = 1;
        }
        if (rank > count) {
            rank = count;
        }
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                double v = representative(i);
                return Math.max(min, Math.min(max, v));
            }
        }
        return max;
    }

    static int index(long v) {
        if (v < EXACT) {
            return (int) v;
        }
        int exponent = 63 - Long.numberOfLeadingZeros(v);
        if (exponent > MAX_EXPONENT) {
            return EXACT + (MAX_EXPONENT - EXACT_EXPONENT + 1) * SUB_BUCKETS - 1;
        }
        int shift = exponent - 9; // keep the 10 leading bits: 512 .. 1023
        int sub = (int) (v >>> shift) - SUB_BUCKETS;
        return EXACT + (exponent - EXACT_EXPONENT) * SUB_BUCKETS + sub;
    }

    static double representative(int index) {
        if (index < EXACT) {
            return index;
        }
        int exponent = (index - EXACT) / SUB_BUCKETS + EXACT_EXPONENT;
        int sub = (index - EXACT) % SUB_BUCKETS + SUB_BUCKETS;
        int shift = exponent - 9;
        long low = (long) sub << shift;
        long width = 1L << shift;
        return low + (width - 1) / 2.0;
    }
}
