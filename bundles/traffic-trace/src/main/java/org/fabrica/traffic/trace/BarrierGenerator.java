package org.fabrica.traffic.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * A barrier benchmark (docs/traces.md, "A barrier benchmark"): every rank enters {@code barriers}
 * barriers in a row, optionally computing for {@code computeNs} before each. Replayed, the barriers
 * are expanded as every barrier of a trace is (dissemination, ceil(log2 P) rounds of messages), so
 * the time per barrier is the software barrier's latency over unicast messages: each round pays the
 * interfaces' software overheads and the network's latency.
 */
public final class BarrierGenerator {
    /** Most barriers one trace may hold (each rank's events grow with them). */
    public static final int MAX_BARRIERS = 1 << 20;

    private BarrierGenerator() {
    }

    /**
     * The trace of {@code ranks} ranks entering {@code barriers} barriers, each after
     * {@code computeNs} ns of computation (none when 0).
     *
     * @throws IllegalArgumentException naming the parameter out of range
     */
    public static Trace generate(int ranks, int barriers, long computeNs) {
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks = " + ranks + "; a barrier needs at least one rank");
        }
        if (barriers < 1 || barriers > MAX_BARRIERS) {
            throw new IllegalArgumentException("barriers = " + barriers + "; use 1 .. " + MAX_BARRIERS);
        }
        if (computeNs < 0) {
            throw new IllegalArgumentException("computeNs = " + computeNs + "; use 0 (none) or more nanoseconds");
        }
        List<List<TraceEvent>> events = new ArrayList<>(ranks);
        for (int r = 0; r < ranks; r++) {
            List<TraceEvent> mine = new ArrayList<>(barriers * (computeNs > 0 ? 2 : 1));
            for (int b = 0; b < barriers; b++) {
                if (computeNs > 0) {
                    mine.add(new TraceEvent.Compute(computeNs));
                }
                mine.add(new TraceEvent.Barrier());
            }
            events.add(mine);
        }
        return new Trace(ranks, events);
    }
}
