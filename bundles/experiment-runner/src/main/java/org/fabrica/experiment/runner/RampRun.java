package org.fabrica.experiment.runner;

import org.fabrica.network.NetworkModel;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.traffic.InjectionProcess;

/**
 * A ramp-load point (docs/studies/spth.md, the ramp load method): it runs while the injection
 * offers load and ends at the first window boundary at which the offered load is back to zero
 * after having been positive (the ramp's end; packets still queued or in the network then are
 * not waited for, since the curves only cover the ramp), when the network ends by itself, or at
 * {@code maxCycles}. The offered load is asked once per window.
 */
final class RampRun extends PointRun {
    private final InjectionProcess injection;
    private final int window;
    private boolean loaded;

    RampRun(NetworkModel network, NetworkObserver cycleObserver, InjectionProcess injection, int window,
            long maxCycles) {
        super(network, cycleObserver, maxCycles);
        this.injection = injection;
        this.window = window;
    }

    @Override
    End ended(long now) {
        if ((now + 1) % window == 0) {
            boolean offering = injection.offeredLoad(now + 1) > 0;
            if (loaded && !offering) {
                return End.RAMP_END;
            }
            loaded |= offering;
        }
        return networkOrLimit(now);
    }
}
