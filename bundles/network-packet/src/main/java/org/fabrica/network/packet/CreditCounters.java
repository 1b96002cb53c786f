package org.fabrica.network.packet;

/**
 * Credit counters of the output VCs (and of the network interfaces' injection VCs), kept as a
 * base count and a few ramps: a ramp is a packet's flits taken one every {@code spacing} cycles
 * as it is sent, or given back one every {@code spacing} cycles as it leaves the buffer
 * downstream, its last flit at {@code end}. The count at any cycle is therefore the flit model's,
 * flit by flit, without an event per flit. Reads fold the ramps that have ended into the base;
 * reads come in cycle order (the model's clock), so a folded ramp is never needed again.
 *
 * <p>Each counter is one record of {@link #stride} longs (at first 128 bytes, two cache lines):
 * the base count and the number of ramps, then each ramp's start, end, and spacing with its
 * flits. Records start on a cache line ({@link #LEAD} longs skipped, as {@code Routers} does with
 * its queue records: a large array starts a heap region, its elements 16 bytes in), so that a
 * counter with at most two ramps, the usual case, is read from one line. With VOQ crossbars the packets of one VC leave toward several outputs at once, each
 * giving its credits back on a ramp of its own: a counter that needs more ramps than its record
 * holds makes every record grow (a few times a run at most).
 */
final class CreditCounters {
    /**
     * Ramps a counter holds at first: the packet being sent into the VC, and those leaving the VC
     * downstream (one at a time from a FIFO VC, each spanning its serialisation) or arriving at an
     * interface.
     */
    static final int RAMPS = 5;
    /** Ramps every record has room for now, and longs per record. */
    private int ramps = RAMPS;
    private int stride = stride(RAMPS);
    /** Longs before the first record, so that records start on a cache line. */
    private static final int LEAD = 6;
    private long[] record;
    private final int[] capacity;

    CreditCounters(int[] capacity) {
        this.capacity = capacity;
        this.record = new long[Math.addExact(Math.multiplyExact(capacity.length, stride), LEAD)];
        for (int c = 0; c < capacity.length; c++) {
            record[c * stride + LEAD] = capacity[c] & 0xFFFF_FFFFL;
        }
    }

    /** Longs per record for {@code ramps} ramps: whole cache lines. */
    private static int stride(int ramps) {
        return (1 + 3 * ramps + 7) & ~7;
    }

    /** Every record gets room for twice as many ramps, each keeping its own. */
    private void grow() {
        int grownRamps = ramps * 2;
        int grownStride = stride(grownRamps);
        long[] g = new long[Math.addExact(Math.multiplyExact(capacity.length, grownStride), LEAD)];
        for (int c = 0; c < capacity.length; c++) {
            System.arraycopy(record, c * stride + LEAD, g, c * grownStride + LEAD, stride);
        }
        record = g;
        ramps = grownRamps;
        stride = grownStride;
    }

    int capacity(int c) {
        return capacity[c];
    }

    /** Flits of the ramp at {@code j} that have moved by cycle t (taken or given back). */
    private int moved(int j, long t) {
        long start = record[j];
        if (t < start) {
            return 0;
        }
        long sf = record[j + 2];
        int f = Math.abs((int) sf);
        if (t >= record[j + 1]) {
            return f;
        }
        long k = (t - start) / (int) (sf >>> 32) + 1;
        return (int) Math.min(f - 1, k);
    }

    /** The credits of counter {@code c} at cycle {@code now}, folding the ramps that have ended. */
    int credits(int c, long now) {
        int o = c * stride + LEAD;
        long head = record[o];
        int n = (int) (head >>> 32);
        int b = (int) head;
        if (n == 0) {
            return b;
        }
        int sum = 0;
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int j = o + 1 + 3 * i;
            int flits = (int) record[j + 2];
            if (now >= record[j + 1]) {
                b += flits;
                continue;
            }
            int m = moved(j, now);
            sum += flits > 0 ? m : -m;
            if (kept != i) {
                int k = o + 1 + 3 * kept;
                record[k] = record[j];
                record[k + 1] = record[j + 1];
                record[k + 2] = record[j + 2];
            }
            kept++;
        }
        record[o] = ((long) kept << 32) | (b & 0xFFFF_FFFFL);
        return b + sum;
    }

    /** Adds a ramp: {@code count} credits taken (send) or returned, from {@code first} every {@code every}, the last at {@code last}. */
    void ramp(int c, boolean send, int count, long first, int every, long last, long now) {
        credits(c, now); // fold what has ended
        int o = c * stride + LEAD;
        long head = record[o];
        int n = (int) (head >>> 32);
        if (n == ramps) {
            if (ramps >= 1 << 12) {
                throw new IllegalStateException("credit counter " + c + " holds " + ramps + " ramps at once");
            }
            grow();
            o = c * stride + LEAD;
        }
        int j = o + 1 + 3 * n;
        record[j] = first;
        record[j + 1] = Math.max(last, first);
        record[j + 2] = ((long) Math.max(1, every) << 32) | ((send ? -count : count) & 0xFFFF_FFFFL);
        record[o] = ((long) (n + 1) << 32) | (head & 0xFFFF_FFFFL);
    }

    /**
     * The first cycle from {@code now} at which counter {@code c} holds at least {@code needed}
     * credits, by the ramps known now, and no packet is still being sent on it (its credits fall
     * until its tail); {@link Long#MAX_VALUE} when the known ramps never give that many (a packet
     * not yet leaving downstream will add its ramp, and wake the waiter then).
     */
    long fitTime(int c, int needed, long now) {
        int o = c * stride + LEAD;
        int n = (int) (record[o] >>> 32);
        long lo = now;
        long latest = now;
        for (int i = 0; i < n; i++) {
            int j = o + 1 + 3 * i;
            if ((int) record[j + 2] < 0) {
                lo = Math.max(lo, record[j + 1]);
            }
            latest = Math.max(latest, record[j + 1]);
        }
        if (lo == now && credits(c, now) >= needed) {
            return now;
        }
        if (creditsAt(c, latest) < needed) {
            return Long.MAX_VALUE;
        }
        // credits are non-decreasing once no send ramp is under way: the first cycle by bisection
        long hi = latest;
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (creditsAt(c, mid) >= needed) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /**
     * The credits of counter {@code c} at the end of cycle {@code t} >= now, as the flit model
     * holds them after its routers' turn: the flits sent in cycle {@code t} taken (a send ramp
     * counts a flit from the cycle after it left), the credits that came back by {@code t} given.
     */
    int creditsAtEndOf(int c, long t) {
        int o = c * stride + LEAD;
        long head = record[o];
        int n = (int) (head >>> 32);
        int sum = (int) head;
        for (int i = 0; i < n; i++) {
            int j = o + 1 + 3 * i;
            if ((int) record[j + 2] > 0) {
                sum += moved(j, t);
            } else {
                sum -= moved(j, t + 1);
            }
        }
        return sum;
    }

    /**
     * The first cycle {@code t} >= {@code from} at whose end counter {@code c} holds at least
     * {@code needed} credits, when no packet is being sent on it after {@code from} (its credits
     * only rise then); {@link Long#MAX_VALUE} when the known ramps never give that many.
     */
    long firstEndWith(int c, int needed, long from) {
        if (creditsAtEndOf(c, from) >= needed) {
            return from;
        }
        int o = c * stride + LEAD;
        int n = (int) (record[o] >>> 32);
        long hi = from;
        for (int i = 0; i < n; i++) {
            hi = Math.max(hi, record[o + 1 + 3 * i + 1]);
        }
        if (creditsAtEndOf(c, hi) < needed) {
            return Long.MAX_VALUE;
        }
        long lo = from + 1;
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (creditsAtEndOf(c, mid) >= needed) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The credits of counter {@code c} at cycle {@code t} >= now, without folding. */
    int creditsAt(int c, long t) {
        int o = c * stride + LEAD;
        long head = record[o];
        int n = (int) (head >>> 32);
        int sum = (int) head;
        for (int i = 0; i < n; i++) {
            int j = o + 1 + 3 * i;
            int m = moved(j, t);
            sum += (int) record[j + 2] > 0 ? m : -m;
        }
        return sum;
    }
}
