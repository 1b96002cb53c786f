package org.fabrica.stats.collectors;

/**
 * Packets in flight (generated and not yet delivered, whether still in the source queue or in
 * the network) sampled once per window of W cycles, at the end of the window's last cycle
 * (docs/studies/spth.md, "Two ways of offering load", 2: the number of in-flight packets per
 * 10-cycle window), on the {@link WindowSampler} clock. Nothing is allocated per event.
 */
public final class InFlightSeries extends WindowSampler {
    /** Default sampling window in cycles (the study's 10-cycle windows). */
    public static final int DEFAULT_WINDOW = 10;

    private final SeriesBuffer cycles = new SeriesBuffer(1024);
    private final SeriesBuffer values = new SeriesBuffer(1024);
    private long inFlight;
    private long max;

    /** @param window cycles per sample, at least 1 */
    public InFlightSeries(int window) {
        super(window);
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
    protected void sample(long lastCycleOfWindow) {
        cycles.add(lastCycleOfWindow);
        values.add(inFlight);
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
