package org.fabrica.experiment.runner;

import org.fabrica.network.NetworkModel;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.SteadyStateCollector;

/**
 * A steady-state point: ended when the measurement is complete (every packet generated in the
 * window delivered, BookSim2's drain), when the network ends by itself (finite traffic:
 * generation stopped and everything delivered), at the drain limit (the point is then
 * saturated), or, with a saturation check, after the window's first {@code check} cycles when
 * they already fail the saturation rule (the window is cut there: {@link End#SATURATED}).
 */
final class MeasuredRun extends PointRun {
    private final SteadyStateCollector collector;
    private final long windowLast;
    /** The last cycle of the checked part of the window, or -1 without a check. */
    private final long checkLast;

    /**
     * @param cycleObserver the collector, possibly with a space-time recorder (told every cycle's end)
     * @param check cycles of the window after which a point that fails the saturation rule ends
     *        ({@code saturationCheck}); 0 for none
     */
    MeasuredRun(NetworkModel network, SteadyStateCollector collector, NetworkObserver cycleObserver, long maxCycles,
            long check) {
        super(network, cycleObserver, maxCycles);
        this.collector = collector;
        // the collector only keeps the latest cycle it was told; a space-time recorder beside it samples every cycle
        this.observerNeedsEveryCycle = cycleObserver != collector;
        this.windowLast = collector.windowEnd() - 1;
        this.checkLast = check > 0 && collector.windowStart() + check - 1 < windowLast
                ? collector.windowStart() + check - 1 : -1;
    }

    @Override
    long nextBoundary(long now) {
        long b = Long.MAX_VALUE;
        if (now < windowLast) {
            b = windowLast;
        }
        if (now < checkLast) {
            b = Math.min(b, checkLast);
        }
        return b;
    }

    @Override
    End ended(long now) {
        if (now >= windowLast && collector.allMeasuredDelivered()) {
            return End.MEASURED;
        }
        if (now == checkLast && collector.acceptsBelow(SteadyStudy.SATURATION_ACCEPTED_RATIO)) {
            collector.cutWindow();
            return End.SATURATED;
        }
        return networkOrLimit(now);
    }
}
