package org.fabrica.routing.dragonfly;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.DragonflyTopology;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code dragonfly-ugal-g}: UGAL on dragonflies with global queue information: the global output of each path at its gateway router. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=dragonfly-ugal-g",
        "fabrica.description=UGAL-G dragonfly routing: at the source router, minimal or Valiant by the queues of each path's global output at its gateway router (queue x hops + threshold); Valiant's 4 VC classes"})
public final class DragonflyUgalGFactory implements RoutingFactory<DragonflyUgalGParameters> {
    private static final String NAME = "dragonfly-ugal-g";

    @Override
    public Class<DragonflyUgalGParameters> parameterType() {
        return DragonflyUgalGParameters.class;
    }

    /** Outside a run (no run seed): the choices of run seed 0. */
    @Override
    public RoutingAlgorithm create(Topology topology, DragonflyUgalGParameters parameters) {
        return create(topology, parameters, new RandomStreams(0));
    }

    /** The intermediate choices derive from the run's own stream, as dragonfly-valiant's. */
    @Override
    public RoutingAlgorithm create(Topology topology, DragonflyUgalGParameters parameters, RandomStreams random) {
        DragonflyTopology d = DragonflyRouting.require(NAME, topology);
        if (d.groups() < 3) {
            throw new IllegalArgumentException("routing '" + NAME + "' needs an intermediate group other than the"
                    + " source's and the destination's, so g >= 3 groups, and " + d.describe() + " has " + d.groups()
                    + "; use more groups or 'dragonfly-minimal'");
        }
        return new DragonflyUgalRouting(new DragonflyRouting(d, true, random.stream("routing", 0).nextLong()),
                d.terminalsPerRouter(), d.groupRouters(), true, parameters.weighting(),
                parameters.threshold());
    }
}
