package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/** {@code bitcomp}: Bit complement (SPTh study: bcmp): complement every address bit; power-of-two node count. */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=bitcomp",
        "fabrica.description=Bit complement (SPTh study: bcmp): complement every address bit; power-of-two node count"})
public final class BitComplementFactory implements TrafficPatternFactory<BitComplementParameters> {
    @Override
    public Class<BitComplementParameters> parameterType() {
        return BitComplementParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, BitComplementParameters parameters) {
        Addresses.bits(topology, "bitcomp");
        int mask = topology.nodes() - 1;
        return PermutationPattern.of(topology.nodes(), s -> ~s & mask);
    }
}
