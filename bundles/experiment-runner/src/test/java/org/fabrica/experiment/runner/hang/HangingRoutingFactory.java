package org.fabrica.experiment.runner.hang;

import java.util.concurrent.CountDownLatch;
import org.fabrica.params.Parameters;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.routing.cube.DorFactory;
import org.fabrica.routing.cube.DorParameters;
import org.fabrica.topology.Topology;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * A routing provider whose {@code route} stops returning after a number of calls, ignoring
 * interrupts, like a plugin caught in an endless loop. It waits on {@link #RELEASE} (without
 * spinning) so that a test can let the thread go when it is done. In its own package so that the
 * runner's blame (by package) names it.
 */
public final class HangingRoutingFactory implements RoutingFactory<HangingRoutingFactory.Params> {
    /** Counted down by a test to let hung threads end. */
    public static volatile CountDownLatch release = new CountDownLatch(1);
    /** Counted down when a route call starts hanging. */
    public static volatile CountDownLatch hung = new CountDownLatch(1);

    @ObjectClassDefinition(name = "hanging", description = "Routes like dor, then never returns")
    public @interface Params {
        @AttributeDefinition(description = "Route computations before it hangs", min = "0")
        int hangAfter() default 100;
    }

    @Override
    public Class<Params> parameterType() {
        return Params.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, Params parameters) {
        RoutingAlgorithm dor = new DorFactory().create(topology, Parameters.defaults(DorParameters.class));
        int hangAfter = parameters.hangAfter();
        return new RoutingAlgorithm() {
            private int calls;

            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                if (++calls > hangAfter) {
                    hung.countDown();
                    CountDownLatch latch = release;
                    while (latch.getCount() > 0) {
                        try {
                            latch.await();
                        } catch (InterruptedException ignored) {
                            // a stuck plugin does not answer interrupts either
                        }
                    }
                }
                dor.route(router, inPort, packet, out);
            }

            @Override
            public int vcClasses() {
                return dor.vcClasses();
            }
        };
    }
}
