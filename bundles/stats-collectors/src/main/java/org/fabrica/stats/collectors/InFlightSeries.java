package org.fabrica.stats.collectors;

import org.fabrica.stats.NetworkObserver;

/**
 * Packets in flight (generated and not yet delivered, whether still in the source queue or in
 * the network) sampled once per window of W cycles, at the end of the window's last cycle
 * (docs/studies/spth.md, "Two ways of offering load", 2: the number of in-flight packets per
 * 10-cycle window). {@link #cycleEnd(long)} may be called more than once per cycle. Nothing is
 * allocated per event.
 */
public final class InFlightSeries implements NetworkObserver {
    /** Default sampling window in cycles (the study's 10-cycle windows). */
    public static final int DEFAULT_WINDOW = 10;

    private final int window;
    private final SeriesBuffer cycles = new SeriesBuffer(1024);
    private final SeriesBuffer values = new SeriesBuffer(1024);
    private long inFlight;
    private long max;
    private long lastCycle = -1;

    /** @param window cycles per sample, at least 1 */
    public InFlightSeries(int window) {
        if (window < 1) {
            throw new IllegalArgumentException("window = " + window + " cycles; use a window of at least 1 cycle");
        }
        this.window = window;
    }

    @Override
    public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
        inFlight++;
        if (inFlight > max) {
            max = inFlight;
        }
    }

    @Override
    public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
            long delivered, int hops) {
        inFlight--;
    }

    @Override
    public void cycleEnd(long cycle) {
        for (long c = lastCycle + 1; c <= cycle; c++) {
            if ((c + 1) % window == 0) {
                cycles.add(c);
                values.add(inFlight);
            }
        }
        if (cycle > lastCycle) {
            lastCycle = cycle;
        }
    }

    /** Cycles per sample. */
    public int window() {
        return window;
    }

    /** Samples so far. */
    public int samples() {
        return values.size();
    }

    /** Cycle of each sample: the last cycle of its window. */
    public long[] cycles() {
        return cycles.toLongArray();
    }

    /** Packets in flight at the end of each window. */
    public long[] inFlight() {
        return values.toLongArray();
    }

    /** Packets in flight now. */
    public long current() {
        return inFlight;
    }

    /** Largest number of packets in flight at any event (not only at samples). */
    public long max() {
        return max;
    }
}
