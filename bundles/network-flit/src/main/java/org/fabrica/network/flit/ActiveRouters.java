package org.fabrica.network.flit;

/**
 * Per router, the work the cycle loop has to look at, and the list of routers that hold flits.
 *
 * <p>One record of {@link #stride} longs per router (a cache line for routers of up to 128 local
 * VCs): flits held (buffered or arriving), whether it is in the active list, the allocation epoch,
 * and two bit masks over its local input queues (one per VC, {@code port * vcs + vc}, or one
 * per VC and output with VOQ crossbar access; see {@link Wiring}):
 * <ul>
 * <li>VA mask: the VC holds flits and its front packet has no downstream VC yet (route
 * computation / VC allocation work);</li>
 * <li>SA mask: the VC owns a downstream VC, holds flits and has a credit (switch allocation work).
 * A VC without credit leaves this mask and the credit's return puts it back, so blocked VCs cost
 * nothing while they wait.</li>
 * </ul>
 * The epoch is bumped whenever one of the router's output VCs may have become free (owner
 * released, or a credit returned under cut-through); a head that found all its candidates taken
 * remembers it and is skipped until it changes. Only routers holding flits are in the active list.
 */
final class ActiveRouters {
    static final int FLITS = 0;
    static final int LISTED = 1;
    static final int EPOCH = 2;
    static final int VA = 4;

    /** The records, {@link #stride} longs per router. */
    final long[] rt;
    final int stride;
    /** Words of one mask (the largest router's; a router's own count is {@link Wiring#maskWords}). */
    final int words;
    /** Offset of the SA mask in a record ({@link #VA} + words). */
    final int sa;
    final int[] list;
    int count;

    ActiveRouters(int routers, int localQueues) {
        this.words = (localQueues + 63) >>> 6;
        this.sa = VA + words;
        this.stride = (VA + 2 * words + 7) & ~7;
        this.rt = new long[routers * stride];
        this.list = new int[routers];
    }

    /** Puts router {@code r} (record base {@code rb}) in the active list if it is not there. */
    void activate(int r, int rb) {
        if (rt[rb + LISTED] == 0) {
            rt[rb + LISTED] = 1;
            list[count++] = r;
        }
    }

    /** Drops the routers that hold no flits any more, keeping the order of the others. */
    void compact() {
        int kept = 0;
        long[] records = rt;
        for (int i = 0, n = count; i < n; i++) {
            int r = list[i];
            int rb = r * stride;
            if (records[rb + FLITS] > 0) {
                list[kept++] = r;
            } else {
                records[rb + LISTED] = 0;
            }
        }
        count = kept;
    }

    int epoch(int r) {
        return (int) rt[r * stride + EPOCH];
    }

    void bumpEpoch(int r) {
        rt[r * stride + EPOCH]++;
    }

    boolean vaBit(int r, int local) {
        return (rt[r * stride + VA + (local >>> 6)] & (1L << local)) != 0;
    }

    boolean saBit(int r, int local) {
        return (rt[r * stride + sa + (local >>> 6)] & (1L << local)) != 0;
    }

    void setSa(int r, int local) {
        rt[r * stride + sa + (local >>> 6)] |= 1L << local;
    }

    long flits(int r) {
        return rt[r * stride + FLITS];
    }
}
