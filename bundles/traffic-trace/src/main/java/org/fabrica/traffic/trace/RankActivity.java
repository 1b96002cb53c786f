package org.fabrica.traffic.trace;

import java.util.Arrays;

/**
 * Every rank's compute and blocked intervals as (start, end, kind) triples, for a plot of rank
 * activity ({@link TraceReplay#activity(int)}). Memory grows with the events: for small traces.
 */
final class RankActivity {
    private final long[][] intervals;
    private final int[] count;

    RankActivity(int ranks) {
        intervals = new long[ranks][6];
        count = new int[ranks];
    }

    void add(int g, long start, long end, int kind) {
        int n = count[g];
        if (n + 3 > intervals[g].length) {
            intervals[g] = Arrays.copyOf(intervals[g], intervals[g].length * 2);
        }
        intervals[g][n] = start;
        intervals[g][n + 1] = end;
        intervals[g][n + 2] = kind;
        count[g] = n + 3;
    }

    long[] of(int g) {
        return Arrays.copyOf(intervals[g], count[g]);
    }
}
