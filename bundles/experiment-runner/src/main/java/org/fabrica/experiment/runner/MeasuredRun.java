package org.fabrica.experiment.runner;

import org.fabrica.network.NetworkModel;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.SteadyStateCollector;

/**
 * A steady-state point: ended when the measurement is complete (every packet generated in the
 * window delivered, BookSim2's drain), when the network ends by itself (finite traffic:
 * generation stopped and everything delivered), or at the drain limit (the point is then
 * saturated).
 */
final class MeasuredRun extends PointRun {
    private final SteadyStateCollector collector;
    private final long windowLast;

    /** @param cycleObserver the collector, possibly with a space-time recorder (told every cycle's end) */
    MeasuredRun(NetworkModel network, SteadyStateCollector collector, NetworkObserver cycleObserver, long maxCycles) {
        super(network, cycleObserver, maxCycles);
        this.collector = collector;
        this.windowLast = collector.windowEnd() - 1;
    }

    @Override
    End ended(long now) {
        if (now >= windowLast && collector.allMeasuredDelivered()) {
            return End.MEASURED;
        }
        return networkOrLimit(now);
    }
}
