package org.fabrica.experiment.runner;

import org.fabrica.kernel.CycleModel;
import org.fabrica.network.NetworkModel;
import org.fabrica.stats.collectors.SteadyStateCollector;

/**
 * What the kernel advances for a sweep point: the network model, ended when the measurement is
 * complete (every packet generated in the window delivered, BookSim2's drain), when the network
 * ends by itself (finite traffic: generation stopped and everything delivered), or at the drain
 * limit (the point is then saturated). Hot path: a few field reads and comparisons per cycle
 * besides the network's own work.
 */
final class MeasuredRun implements CycleModel {
    private final NetworkModel network;
    private final SteadyStateCollector collector;
    private final long windowLast;
    private final long maxCycles;
    /** The cycle being or last simulated; read by the point's thread after a failure. */
    long current = -1;

    MeasuredRun(NetworkModel network, SteadyStateCollector collector, long maxCycles) {
        this.network = network;
        this.collector = collector;
        this.windowLast = collector.windowEnd() - 1;
        this.maxCycles = maxCycles;
    }

    @Override
    public void cycle(long now) {
        current = now;
        network.cycle(now);
    }

    /** Why the run ended; null while it runs or when it was stopped. */
    enum End {
        /** Every packet generated in the measurement window was delivered. */
        MEASURED,
        /** The network ended by itself: generation stopped and every packet was delivered. */
        NETWORK_DONE,
        /** The drain limit was reached (the network's maxCycles or ours). */
        LIMIT
    }

    private End end;

    @Override
    public boolean done(long now) {
        collector.cycleEnd(now); // idempotent: the network may report it too
        if (now >= windowLast && collector.allMeasuredDelivered()) {
            end = End.MEASURED;
        } else if (network.done(now)) {
            end = network.truncated() ? End.LIMIT : End.NETWORK_DONE;
        } else if (now + 1 >= maxCycles) {
            end = End.LIMIT;
        }
        return end != null;
    }

    /** Why the run ended, or null when it was stopped before its end. */
    End end() {
        return end;
    }

    @Override
    public void atSafePoint(long nextCycle) {
        network.atSafePoint(nextCycle);
    }
}
