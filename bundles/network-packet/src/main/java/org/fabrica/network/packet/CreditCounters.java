package org.fabrica.network.packet;

/**
 * Credit counters of the output VCs (and of the network interfaces' injection VCs), kept as a
 * base count and a few ramps: a ramp is a packet's flits taken one every {@code spacing} cycles
 * as it is sent, or given back one every {@code spacing} cycles as it leaves the buffer
 * downstream, its last flit at {@code end}. The count at any cycle is therefore the flit model's,
 * flit by flit, without an event per flit. Reads fold the ramps that have ended into the base;
 * reads come in cycle order (the model's clock), so a folded ramp is never needed again.
 */
final class CreditCounters {
    /** Ramps a counter may hold at once: a packet being sent into the VC and those leaving it downstream. */
    static final int RAMPS = 8;
    private final int[] base;
    private final int[] capacity;
    private final long[] start;
    private final long[] end;
    private final int[] spacing;
    /** Flits of the ramp, negative for a send (credits taken). */
    private final int[] flits;
    private final byte[] ramps;

    CreditCounters(int[] capacity) {
        this.capacity = capacity;
        int n = capacity.length;
        this.base = capacity.clone();
        this.start = new long[n * RAMPS];
        this.end = new long[n * RAMPS];
        this.spacing = new int[n * RAMPS];
        this.flits = new int[n * RAMPS];
        this.ramps = new byte[n];
    }

    int capacity(int c) {
        return capacity[c];
    }

    int counters() {
        return base.length;
    }

    /** Flits of ramp j at cycle t: how many of its credits have moved by then. */
    private int moved(int j, long t) {
        if (t < start[j]) {
            return 0;
        }
        int f = Math.abs(flits[j]);
        if (t >= end[j]) {
            return f;
        }
        long k = (t - start[j]) / spacing[j] + 1;
        return (int) Math.min(f - 1, k);
    }

    /** The credits of counter {@code c} at cycle {@code now}, folding the ramps that have ended. */
    int credits(int c, long now) {
        int n = ramps[c];
        if (n == 0) {
            return base[c];
        }
        int b = base[c];
        int sum = 0;
        int kept = 0;
        int o = c * RAMPS;
        for (int i = 0; i < n; i++) {
            int j = o + i;
            if (now >= end[j]) {
                b += flits[j];
                continue;
            }
            int m = moved(j, now);
            sum += flits[j] > 0 ? m : -m;
            if (kept != i) {
                int k = o + kept;
                start[k] = start[j];
                end[k] = end[j];
                spacing[k] = spacing[j];
                flits[k] = flits[j];
            }
            kept++;
        }
        base[c] = b;
        ramps[c] = (byte) kept;
        return b + sum;
    }

    /** True while a send ramp of counter {@code c} has not ended at {@code now}. */
    boolean sending(int c, long now) {
        int o = c * RAMPS;
        for (int i = 0; i < ramps[c]; i++) {
            if (flits[o + i] < 0 && now < end[o + i]) {
                return true;
            }
        }
        return false;
    }

    /** Adds a ramp: {@code count} credits taken (send) or returned, from {@code first} every {@code every}, the last at {@code last}. */
    void ramp(int c, boolean send, int count, long first, int every, long last, long now) {
        credits(c, now); // fold what has ended
        int n = ramps[c];
        if (n == RAMPS) {
            throw new IllegalStateException("credit counter " + c + " holds " + RAMPS + " ramps at once");
        }
        int j = c * RAMPS + n;
        start[j] = first;
        end[j] = Math.max(last, first);
        spacing[j] = Math.max(1, every);
        flits[j] = send ? -count : count;
        ramps[c] = (byte) (n + 1);
    }

    /**
     * The first cycle from {@code now} at which counter {@code c} holds at least {@code needed}
     * credits, by the ramps known now, and no packet is still being sent on it (its credits fall
     * until its tail); {@link Long#MAX_VALUE} when the known ramps never give that many (a packet
     * not yet leaving downstream will add its ramp, and wake the waiter then).
     */
    long fitTime(int c, int needed, long now) {
        int n = ramps[c];
        int o = c * RAMPS;
        long lo = now;
        long latest = now;
        for (int i = 0; i < n; i++) {
            if (flits[o + i] < 0) {
                lo = Math.max(lo, end[o + i]);
            }
            latest = Math.max(latest, end[o + i]);
        }
        if (lo == now && credits(c, now) >= needed) {
            return now;
        }
        if (creditsAt(c, latest) < needed) {
            return Long.MAX_VALUE;
        }
        return search(c, needed, lo, latest);
    }

    private long search(int c, int needed, long lo, long hi) {
        // credits are non-decreasing while no send ramp is under way: the first cycle by bisection
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

    /** The credits of counter {@code c} at cycle {@code t} >= now, without folding. */
    int creditsAt(int c, long t) {
        int sum = base[c];
        int o = c * RAMPS;
        for (int i = 0; i < ramps[c]; i++) {
            int m = moved(o + i, t);
            sum += flits[o + i] > 0 ? m : -m;
        }
        return sum;
    }
}
