package org.fabrica.traffic.trace;

import java.util.Arrays;

/**
 * Per global rank, the hardware barriers the network's collective engine completed for it and
 * when the last one did ({@link TraceReplay}, "Hardware barriers"): a rank blocked in its k-th
 * barrier goes on when k have completed.
 */
final class HardwareBarriers {
    /** The code of a posted barrier entry (negative: no message). */
    static final int ENTRY = -1;

    private final int[] done;
    private final long[] doneAt;

    HardwareBarriers(int ranks) {
        done = new int[ranks];
        doneAt = new long[ranks];
        Arrays.fill(doneAt, -1);
    }

    /** Rank g learned a completion in {@code cycle}. */
    void completed(int g, long cycle) {
        done[g]++;
        doneAt[g] = cycle;
    }

    /** The cycle rank g's {@code ordinal}-th barrier completed for it, or -1 while it has not. */
    long met(int g, long ordinal) {
        return done[g] >= ordinal ? doneAt[g] : -1;
    }

    /** Barriers completed for rank g. */
    int done(int g) {
        return done[g];
    }
}
