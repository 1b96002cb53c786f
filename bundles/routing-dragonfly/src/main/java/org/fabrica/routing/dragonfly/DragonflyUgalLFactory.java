package org.fabrica.routing.dragonfly;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.DragonflyTopology;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code dragonfly-ugal-l}: UGAL on dragonflies with local queue information: the first output of each path at the source router. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=dragonfly-ugal-l",
        "fabrica.description=UGAL-L dragonfly routing: at the source router, minimal or Valiant by the queues of each path's first output (queue x hops + threshold); Valiant's 4 VC classes"})
public final class DragonflyUgalLFactory implements RoutingFactory<DragonflyUgalLParameters> {
    private static final String NAME = "dragonfly-ugal-l";

    @Override
    public Class<DragonflyUgalLParameters> parameterType() {
        return DragonflyUgalLParameters.class;
    }

    /** Outside a run (no run seed): the choices of run seed 0. */
    @Override
    public RoutingAlgorithm create(Topology topology, DragonflyUgalLParameters parameters) {
        return create(topology, parameters, new RandomStreams(0));
    }

    /** The intermediate choices derive from the run's own stream, as dragonfly-valiant's. */
    @Override
    public RoutingAlgorithm create(Topology topology, DragonflyUgalLParameters parameters, RandomStreams random) {
        DragonflyTopology d = DragonflyRouting.require(NAME, topology);
        if (d.groups() < 3) {
            throw new IllegalArgumentException("routing '" + NAME + "' needs an intermediate group other than the"
                    + " source's and the destination's, so g >= 3 groups, and " + d.describe() + " has " + d.groups()
                    + "; use more groups or 'dragonfly-minimal'");
        }
        return new DragonflyUgalRouting(new DragonflyRouting(d, true, random.stream("routing", 0).nextLong()),
                d.terminalsPerRouter(), d.groupRouters(), false, parameters.weighting(),
                parameters.threshold());
    }
}
