package org.fabrica.network.flit;

/**
 * Per router, the work the cycle loop has to look at, and the set of routers that hold flits.
 *
 * <p>One record of {@link #stride} longs per router (a cache line for routers of up to 128 local
 * VCs): flits held (buffered or arriving), whether it is listed as active, the allocation epoch,
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
 * remembers it and is skipped until it changes.
 *
 * <p>The routers holding flits form a bit set over router indices, visited in index order
 * ({@link #startCycle} takes a snapshot, so a router activated while the cycle loop runs waits
 * for the next cycle, harmlessly: links take at least one cycle, so its new flits are not visible
 * before then). Index order makes every per-router array (records, VC state, allocator pointers)
 * be walked upwards, which the hardware prefetchers follow; the activation order used before cost
 * about 12% of the speed of a 32 x 32 torus at load 0.1, with the same results for every example.
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
    /** Bit r: router r holds flits (is listed). */
    final long[] active;
    /** The routers of this cycle's loop: a copy of {@link #active} taken by {@link #startCycle}. */
    final long[] visiting;

    /**
     * Per router, the words of its own masks (bits past them are never set): what
     * {@link #hasVaWork} and {@link #hasSaWork} read. With VOQ crossbar access the largest
     * router's masks are 48 times a FIFO one's (144 words for a 48-port switch with 4 VCs); a
     * 3-port network interface holding no allocation work would read all of them twice a cycle.
     */
    private final int[] ownWords;

    /** Records for routers whose masks all have the largest router's size (tests). */
    ActiveRouters(int routers, int localQueues) {
        this(routers, localQueues, null);
    }

    /**
     * @param ownWords per router, the words of its own masks ({@link Wiring#maskWords}), or null
     *        for the largest router's everywhere
     */
    ActiveRouters(int routers, int localQueues, int[] ownWords) {
        this.words = (localQueues + 63) >>> 6;
        if (ownWords == null) {
            ownWords = new int[routers];
            java.util.Arrays.fill(ownWords, words);
        }
        for (int r = 0; r < routers; r++) {
            if (ownWords[r] > words) {
                throw new IllegalArgumentException("router " + r + " has masks of " + ownWords[r]
                        + " words, more than the largest, " + words);
            }
        }
        this.ownWords = ownWords.clone();
        this.sa = VA + words;
        this.stride = (VA + 2 * words + 7) & ~7;
        this.rt = new long[routers * stride];
        this.active = new long[(routers + 63) >>> 6];
        this.visiting = new long[active.length];
    }

    /** Lists router {@code r} (record base {@code rb}) if it is not listed. */
    void activate(int r, int rb) {
        if (rt[rb + LISTED] == 0) {
            rt[rb + LISTED] = 1;
            active[r >>> 6] |= 1L << r;
        }
    }

    /** Copies the listed routers into {@link #visiting}, the set the cycle loop walks in index order. */
    long[] startCycle() {
        System.arraycopy(active, 0, visiting, 0, active.length);
        return visiting;
    }

    /**
     * After router {@code r}'s step in the cycle loop: drops it if it holds no flits any more
     * (done as each router is visited rather than in a second walk over the set; a router dropped
     * here and given a flit later in the same loop is listed again by {@link #activate}, so the
     * set after the loop is the same).
     */
    void visited(int r) {
        int rb = r * stride;
        if (rt[rb + FLITS] == 0) {
            rt[rb + LISTED] = 0;
            active[r >>> 6] &= ~(1L << r);
        }
    }

    /** Whether router {@code r} has route computation or VC allocation work (its VA mask is not empty). */
    boolean hasVaWork(int r) {
        int b = r * stride + VA;
        for (int w = 0, n = ownWords[r]; w < n; w++) {
            if (rt[b + w] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether router {@code r} has switch allocation work (its SA mask is not empty). */
    boolean hasSaWork(int r) {
        int b = r * stride + sa;
        for (int w = 0, n = ownWords[r]; w < n; w++) {
            if (rt[b + w] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether router {@code r} is listed. */
    boolean listed(int r) {
        return (active[r >>> 6] >>> r & 1L) != 0;
    }

    /** How many routers are listed. */
    int count() {
        int n = 0;
        for (long word : active) {
            n += Long.bitCount(word);
        }
        return n;
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
