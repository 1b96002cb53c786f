package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code shuffle}: Perfect shuffle (SPTh study: shfl): rotate the address bits left by one; power-of-two
 * node count.
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=shuffle",
        "fabrica.description=Perfect shuffle (SPTh study: shfl): rotate the address bits left by one; power-of-two node count"})
public final class ShuffleFactory implements TrafficPatternFactory<ShuffleParameters> {
    @Override
    public Class<ShuffleParameters> parameterType() {
        return ShuffleParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, ShuffleParameters parameters) {
        int bits = Addresses.bits(topology, "shuffle");
        int mask = topology.nodes() - 1;
        return PermutationPattern.of(topology.nodes(), s -> ((s << 1) | (s >>> (bits - 1))) & mask);
    }
}
