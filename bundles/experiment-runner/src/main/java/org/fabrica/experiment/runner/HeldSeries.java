package org.fabrica.experiment.runner;

import java.util.Arrays;
import org.fabrica.network.NetworkModel;
import org.fabrica.stats.NetworkObserver;

/**
 * The sources the throttle held back ({@link NetworkModel#throttleHeldCycles()}: node-cycles in
 * which it held every queued packet of a node), the mean over each window of a point's windowed
 * series (the collective mode's in-flight series, the ramp's windows): sampled at the end of each
 * window's last cycle, as {@link org.fabrica.stats.collectors.InFlightSeries} and
 * {@link org.fabrica.stats.collectors.WindowedSeriesCollector} close theirs, the count since the
 * previous sample divided by the window.
 * Told only cycle ends; it allocates only to grow its array (by doubling).
 */
final class HeldSeries implements NetworkObserver {
    private final NetworkModel network;
    private final int window;
    private double[] values = new double[1024];
    private int size;
    private long lastCycle = -1;
    private long lastHeld;

    HeldSeries(NetworkModel network, int window) {
        this.network = network;
        this.window = window;
    }

    @Override
    public void cycleEnd(long cycle) {
        for (long c = lastCycle + 1; c <= cycle; c++) {
            if ((c + 1) % window == 0) {
                long held = network.throttleHeldCycles();
                if (size == values.length) {
                    values = Arrays.copyOf(values, 2 * size);
                }
                values[size++] = (double) (held - lastHeld) / window;
                lastHeld = held;
            }
        }
        if (cycle > lastCycle) {
            lastCycle = cycle;
        }
    }

    /** Sources held back, the mean over each window, one value per in-flight sample. */
    double[] held() {
        return Arrays.copyOf(values, size);
    }
}
