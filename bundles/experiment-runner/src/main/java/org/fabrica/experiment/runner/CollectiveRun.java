package org.fabrica.experiment.runner;

import org.fabrica.network.NetworkModel;
import org.fabrica.stats.NetworkObserver;

/**
 * A collective point (docs/studies/spth.md, the unsteady mode): it runs until the network ends by
 * itself, i.e. generation has stopped and every packet is delivered, or until {@code maxCycles}.
 */
final class CollectiveRun extends PointRun {
    CollectiveRun(NetworkModel network, NetworkObserver cycleObserver, long maxCycles) {
        super(network, cycleObserver, maxCycles);
    }

    @Override
    End ended(long now) {
        return networkOrLimit(now);
    }
}
