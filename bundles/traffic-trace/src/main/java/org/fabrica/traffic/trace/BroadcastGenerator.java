package org.fabrica.traffic.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * A broadcast benchmark (docs/traces.md, "A broadcast benchmark"): every rank calls
 * {@code broadcasts} broadcasts of {@code bytes} in a row, optionally computing for
 * {@code computeNs} before each, all from one root or from every rank in turn (the root of
 * broadcast b, from 0, is {@code b mod ranks}: an all-to-all multicast when {@code broadcasts} is
 * a multiple of the ranks). Replayed in software, each is a binomial tree of messages; with
 * {@code replay.broadcasts: hardware}, a multicast of the network's collective engine.
 */
public final class BroadcastGenerator {
    /** Most broadcasts one trace may hold. */
    public static final int MAX_BROADCASTS = 1 << 20;
    /** The root that rotates: broadcast b from rank b mod ranks. */
    public static final int ROTATE = -1;

    private BroadcastGenerator() {
    }

    /**
     * The trace of {@code ranks} ranks calling {@code broadcasts} broadcasts of {@code bytes}.
     *
     * @param root the root rank of every broadcast, or {@link #ROTATE}
     * @throws IllegalArgumentException naming the parameter out of range
     */
    public static Trace generate(int ranks, int broadcasts, long bytes, int root, long computeNs) {
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks = " + ranks + "; a broadcast needs at least one rank");
        }
        if (broadcasts < 1 || broadcasts > MAX_BROADCASTS) {
            throw new IllegalArgumentException("broadcasts = " + broadcasts + "; use 1 .. " + MAX_BROADCASTS);
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes = " + bytes + "; use 0 or more");
        }
        if (root != ROTATE && (root < 0 || root >= ranks)) {
            throw new IllegalArgumentException("root = " + root + "; use a rank 0 .. " + (ranks - 1) + ", or rotate");
        }
        if (computeNs < 0) {
            throw new IllegalArgumentException("computeNs = " + computeNs + "; use 0 (none) or more nanoseconds");
        }
        List<List<TraceEvent>> events = new ArrayList<>(ranks);
        for (int r = 0; r < ranks; r++) {
            List<TraceEvent> mine = new ArrayList<>(broadcasts * (computeNs > 0 ? 2 : 1));
            for (int b = 0; b < broadcasts; b++) {
                if (computeNs > 0) {
                    mine.add(new TraceEvent.Compute(computeNs));
                }
                mine.add(new TraceEvent.Bcast(root == ROTATE ? b % ranks : root, bytes));
            }
            events.add(mine);
        }
        return new Trace(ranks, events);
    }
}
