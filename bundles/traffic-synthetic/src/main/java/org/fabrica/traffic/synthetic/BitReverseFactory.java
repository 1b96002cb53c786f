package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/** {@code bitrev}: Bit reverse (SPTh study: brev): reverse the address bits; power-of-two node count. */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=bitrev",
        "fabrica.description=Bit reverse (SPTh study: brev): reverse the address bits; power-of-two node count"})
public final class BitReverseFactory implements TrafficPatternFactory<BitReverseParameters> {
    @Override
    public Class<BitReverseParameters> parameterType() {
        return BitReverseParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, BitReverseParameters parameters) {
        int bits = Addresses.bits(topology, "bitrev");
        return PermutationPattern.of(topology.nodes(), s -> Integer.reverse(s) >>> (Integer.SIZE - bits));
    }
}
