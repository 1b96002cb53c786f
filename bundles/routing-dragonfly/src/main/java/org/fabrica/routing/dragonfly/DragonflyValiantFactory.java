package org.fabrica.routing.dragonfly;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.DragonflyTopology;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code dragonfly-valiant}: oblivious Valiant routing on dragonflies through a random intermediate router. */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=dragonfly-valiant",
        "fabrica.description=Valiant dragonfly routing: a random router of a random intermediate group, then minimal;"
                + " 4 VC classes by hop type, reproducible per seed"})
public final class DragonflyValiantFactory implements RoutingFactory<DragonflyValiantParameters> {
    private static final String NAME = "dragonfly-valiant";

    @Override
    public Class<DragonflyValiantParameters> parameterType() {
        return DragonflyValiantParameters.class;
    }

    /** Outside a run (no run seed): the choices of run seed 0. */
    @Override
    public RoutingAlgorithm create(Topology topology, DragonflyValiantParameters parameters) {
        return create(topology, parameters, new RandomStreams(0));
    }

    /** The intermediate choices derive from the run's own stream, so each seed of a sweep gives other paths. */
    @Override
    public RoutingAlgorithm create(Topology topology, DragonflyValiantParameters parameters, RandomStreams random) {
        DragonflyTopology d = DragonflyRouting.require(NAME, topology);
        if (d.groups() < 3) {
            throw new IllegalArgumentException("routing '" + NAME + "' needs an intermediate group other than the"
                    + " source's and the destination's, so g >= 3 groups, and " + d.describe() + " has " + d.groups()
                    + "; use more groups or 'dragonfly-minimal'");
        }
        return new DragonflyRouting(d, true, random.stream("routing", 0).nextLong());
    }
}
