package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code neighbor}: every node sends to the node one step further in dimension 0, wrapping
 * around ((x+1) mod k, same other coordinates) on a k-ary n-cube; on other topologies to node
 * (W+1) mod nodes.
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=neighbor",
        "fabrica.description=Neighbour: +1 in dimension 0 (x), wrapping around"})
public final class NeighborFactory implements TrafficPatternFactory<NeighborParameters> {
    @Override
    public Class<NeighborParameters> parameterType() {
        return NeighborParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, NeighborParameters parameters) {
        int nodes = topology.nodes();
        if (topology instanceof CartesianTopology cube) {
            int k = cube.radix(0);
            return PermutationPattern.of(nodes, s -> {
                int x = cube.coordinate(s, 0);
                return s - x + (x + 1) % k;
            });
        }
        return PermutationPattern.of(nodes, s -> (s + 1) % nodes);
    }
}
