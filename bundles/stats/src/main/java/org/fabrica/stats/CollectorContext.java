package org.fabrica.stats;

/**
 * What a statistics collector is told about the point it observes
 * ({@link StatisticsCollectorFactory#create}), the same for every point of an experiment.
 *
 * <p><b>The window.</b> A collector measures the cycles {@code [windowStart, windowEnd)}: in a
 * steady point the measurement window after the warm-up; in a point that is measured as a whole
 * (ramp, collective) from cycle 0 with {@code windowEnd = } {@link #OPEN}, so the window ends with
 * the run. {@link #windowCycles(long)} is the part of the window a run really simulated.
 *
 * @param nodes end nodes of the network (rates are per node), at least 1
 * @param cycleNanoseconds length of a cycle in ns (the hardware model's clock), for collectors
 *        that report times; greater than 0
 * @param windowStart first cycle of the window, at least 0
 * @param windowEnd first cycle after the window (greater than {@code windowStart}), or {@link #OPEN}
 * @param packetFlits length of the experiment's packets in flits, at least 1
 * @since 1.4
 */
public record CollectorContext(int nodes, double cycleNanoseconds, long windowStart, long windowEnd,
        int packetFlits) {
    /** {@link #windowEnd()} of a window that ends with the run. */
    public static final long OPEN = Long.MAX_VALUE;

    /** @throws IllegalArgumentException naming the value out of range */
    public CollectorContext {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes = " + nodes + "; a network has at least one node");
        }
        if (!(cycleNanoseconds > 0) || Double.isInfinite(cycleNanoseconds)) {
            throw new IllegalArgumentException("cycleNanoseconds = " + cycleNanoseconds + "; a cycle lasts > 0 ns");
        }
        if (windowStart < 0 || windowEnd <= windowStart) {
            throw new IllegalArgumentException("window [" + windowStart + ", " + windowEnd
                    + "); use 0 <= windowStart < windowEnd");
        }
        if (packetFlits < 1) {
            throw new IllegalArgumentException("packetFlits = " + packetFlits + "; a packet has at least one flit");
        }
    }

    /** True when {@code cycle} lies in the window. */
    public boolean inWindow(long cycle) {
        return cycle >= windowStart && cycle < windowEnd;
    }

    /**
     * Cycles of the window simulated by a run that ended at {@code endCycle} (the first cycle not
     * simulated, as {@link StatisticsCollector#results(long)} receives it): 0 when the run ended
     * before the window began.
     */
    public long windowCycles(long endCycle) {
        return Math.max(0, Math.min(windowEnd, endCycle) - windowStart);
    }
}
