package org.fabrica.stats.collectors;

import org.fabrica.stats.NetworkObserver;

/**
 * An observer that takes one sample per window of W cycles, at the end of the window's last cycle
 * (cycles W - 1, 2W - 1, ...): {@link #cycleEnd(long)} calls {@link #sample(long)} once for every
 * window end it passes, also when cycles were skipped, and a second call for the same cycle takes
 * no sample. The windowed series of the collective and ramp modes sample on this clock, so their
 * rows line up. Nothing is allocated per call.
 */
public abstract class WindowSampler implements NetworkObserver {
    private final int window;
    private long lastCycle = -1;

    /** @param window cycles per sample, at least 1 */
    protected WindowSampler(int window) {
        if (window < 1) {
            throw new IllegalArgumentException("window = " + window + " cycles; use a window of at least 1 cycle");
        }
        this.window = window;
    }

    @Override
    public final void cycleEnd(long cycle) {
        for (long c = lastCycle + 1; c <= cycle; c++) {
            if ((c + 1) % window == 0) {
                sample(c);
            }
        }
        if (cycle > lastCycle) {
            lastCycle = cycle;
        }
    }

    /** Takes the sample of the window whose last cycle is {@code lastCycleOfWindow}. */
    protected abstract void sample(long lastCycleOfWindow);

    /** Cycles per sample. */
    public int window() {
        return window;
    }
}
