package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/** {@code bitrot}: Bit rotation (SPTh study: brot): rotate the address bits right by one; power-of-two node count. */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=bitrot",
        "fabrica.description=Bit rotation (SPTh study: brot): rotate the address bits right by one; power-of-two node count"})
public final class BitRotationFactory implements TrafficPatternFactory<BitRotationParameters> {
    @Override
    public Class<BitRotationParameters> parameterType() {
        return BitRotationParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, BitRotationParameters parameters) {
        int bits = Addresses.bits(topology, "bitrot");
        return PermutationPattern.of(topology.nodes(), s -> (s >>> 1) | ((s & 1) << (bits - 1)));
    }
}
