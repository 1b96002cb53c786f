package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/** {@code transpose}: Transpose (SPTh study: trns): (X, Y) to (Y, X) on a square N x N arrangement, W = y*N + x. */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=transpose",
        "fabrica.description=Transpose (SPTh study: trns): (X, Y) to (Y, X) on a square N x N arrangement, W = y*N + x"})
public final class TransposeFactory implements TrafficPatternFactory<TransposeParameters> {
    @Override
    public Class<TransposeParameters> parameterType() {
        return TransposeParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, TransposeParameters parameters) {
        int n = Addresses.side(topology, "transpose");
        return PermutationPattern.of(topology.nodes(), s -> (s % n) * n + s / n, parameters.sendToSelf());
    }
}
