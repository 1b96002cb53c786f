package org.fabrica.stats.collectors;

import java.util.Arrays;
import org.fabrica.network.NetworkModel;

/**
 * The sources the throttle held back ({@link NetworkModel#throttleHeldCycles()}: node-cycles in
 * which it held every queued packet of a node), the mean over each window of a point's windowed
 * series (the collective mode's in-flight series, the ramp's windows): sampled on the same
 * {@link WindowSampler} clock as {@link InFlightSeries}, the count
 * since the previous sample divided by the window (the ramp's windows, closed by
 * {@link WindowedSeriesCollector}, end at the same cycles). It
 * allocates only to grow its array (by doubling).
 */
public final class HeldSeries extends WindowSampler {
    private final NetworkModel network;
    private double[] values = new double[1024];
    private int size;
    private long lastHeld;

    /** @param window cycles per sample, as the series it sits beside */
    public HeldSeries(NetworkModel network, int window) {
        super(window);
        this.network = network;
    }

    @Override
    protected void sample(long lastCycleOfWindow) {
        long held = network.throttleHeldCycles();
        if (size == values.length) {
            values = Arrays.copyOf(values, 2 * size);
        }
        values[size++] = (double) (held - lastHeld) / window();
        lastHeld = held;
    }

    /** Sources held back, the mean over each window, one value per in-flight sample. */
    public double[] held() {
        return Arrays.copyOf(values, size);
    }
}
