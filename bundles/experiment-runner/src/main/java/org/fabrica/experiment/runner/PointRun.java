package org.fabrica.experiment.runner;

import org.fabrica.kernel.CycleModel;
import org.fabrica.network.NetworkModel;
import org.fabrica.stats.NetworkObserver;

/**
 * What the kernel advances for a sweep point: the network model plus the point's end condition,
 * which depends on the mode (a mode's own, through {@link ModeMeasurement}). After
 * every cycle the run reports the cycle's end to the observers it drives itself (the series
 * collectors and the space-time recorder, which read the network between cycles) before deciding
 * whether the point is over. Hot path: a few field reads and comparisons per cycle besides the
 * network's own work.
 */
abstract class PointRun implements CycleModel {
    /** Why the run ended; null while it runs or when it was stopped. */
    enum End {
        /** The mode's measurement said so. */
        MEASURED,
        /** The network ended by itself: generation stopped and every packet was delivered. */
        NETWORK_DONE,
        /** The cycle limit was reached (the network's maxCycles or ours). */
        LIMIT
    }

    final NetworkModel network;
    private final NetworkObserver cycleObserver;
    final long maxCycles;
    /** The cycle being or last simulated; read by the point's thread after a failure. */
    long current = -1;
    End end;
    /**
     * The cycle observer must see every cycle (series and space-time recorders sample between
     * cycles); false when it only keeps the latest cycle, so idle cycles may be skipped.
     */
    boolean observerNeedsEveryCycle = true;

    /**
     * @param cycleObserver told the end of every cycle, after the network's cycle (may be null)
     */
    PointRun(NetworkModel network, NetworkObserver cycleObserver, long maxCycles) {
        this.network = network;
        this.cycleObserver = cycleObserver;
        this.maxCycles = maxCycles;
    }

    @Override
    public final void cycle(long now) {
        current = now;
        network.cycle(now);
    }

    @Override
    public final boolean done(long now) {
        if (cycleObserver != null) {
            cycleObserver.cycleEnd(now); // idempotent: the network may have reported it too
        }
        end = ended(now);
        return end != null;
    }

    /** The mode's end condition after cycle {@code now}, or null to go on. */
    abstract End ended(long now);

    /**
     * The network's next active cycle, unless the mode's end condition or a per-cycle observer
     * needs an earlier one: the kernel skips the idle cycles of an event-driven network (the flit
     * model simulates every cycle).
     */
    @Override
    public final long nextActiveCycle(long now) {
        if (cycleObserver != null && observerNeedsEveryCycle) {
            return now + 1;
        }
        long next = Math.min(network.nextActiveCycle(now), Math.min(maxCycles - 1, nextBoundary(now)));
        return Math.max(now + 1, next);
    }

    /** The next cycle at which the mode's end condition may change by the clock alone; the next cycle by default. */
    long nextBoundary(long now) {
        return now + 1;
    }

    /** The network's own end (finite traffic all delivered, or its cycle limit), or ours. */
    final End networkOrLimit(long now) {
        if (network.done(now)) {
            return network.truncated() ? End.LIMIT : End.NETWORK_DONE;
        }
        return now + 1 >= maxCycles ? End.LIMIT : null;
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
