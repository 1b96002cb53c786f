package org.fabrica.experiment.runner.hang;

import java.util.concurrent.CountDownLatch;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.routing.cube.DorFactory;
import org.fabrica.routing.cube.DorParameters;
import org.fabrica.topology.Topology;

/**
 * Dimension-order routing whose {@code create}, called by a point's own thread, waits until the test
 * lets it go: a simulation that takes long to build (a large network on a loaded machine). Calls
 * from {@link #validating} (the test's thread, which validates the file) return at once.
 */
public final class SlowBuildingRoutingFactory implements RoutingFactory<DorParameters> {
    /** The thread whose calls do not wait. */
    public static volatile Thread validating;
    /** Counted down when a point's thread starts building. */
    public static volatile CountDownLatch building = new CountDownLatch(1);
    /** Counted down by the test to let the building go on. */
    public static volatile CountDownLatch release = new CountDownLatch(1);

    @Override
    public Class<DorParameters> parameterType() {
        return DorParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, DorParameters parameters) {
        if (Thread.currentThread() != validating) {
            building.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return new DorFactory().create(topology, parameters);
    }
}
