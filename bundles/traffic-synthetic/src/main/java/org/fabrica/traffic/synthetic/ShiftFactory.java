package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code shift}: W -> (W + offset) mod N on node ids, a permutation on any topology. Unlike
 * {@code neighbor} it ignores coordinates; on a dragonfly (node = (group a + index) p + t) an
 * offset of a p sends every node of group G to the node at the same place in group G + 1, the
 * adversarial pattern of Kim et al. 2008 (Sec. 4.2).
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=shift",
        "fabrica.description=Shift: W to (W + offset) mod N on node ids (offset a*p on a dragonfly: group G to G+1)"})
public final class ShiftFactory implements TrafficPatternFactory<ShiftParameters> {
    @Override
    public Class<ShiftParameters> parameterType() {
        return ShiftParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, ShiftParameters parameters) {
        int nodes = topology.nodes();
        int offset = Math.floorMod(parameters.offset(), nodes);
        if (offset == 0) {
            throw new IllegalArgumentException("shift: offset = " + parameters.offset() + " is a multiple of the "
                    + nodes + " nodes of " + topology.describe() + ", so every node would send to itself; use an"
                    + " offset between 1 and " + (nodes - 1));
        }
        return PermutationPattern.of(nodes, s -> (int) ((s + (long) offset) % nodes));
    }
}
