package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code tornado}: W -> (W + N/2) mod N^2 on an N x N arrangement, exactly as docs/studies/spth.md
 * defines torn. This is an offset of N/2 on the whole address, so x wraps into y (on 8 x 8,
 * (5, 0) goes to (1, 1)); it differs from BookSim2's tornado, which moves every coordinate by
 * ceil(k/2)-1 within its own ring.
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=tornado",
        "fabrica.description=Tornado (SPTh study: torn): W to (W + N/2) mod N^2 on a square N x N arrangement"
                + " (an address offset, not BookSim2's per-dimension tornado)"})
public final class TornadoFactory implements TrafficPatternFactory<TornadoParameters> {
    @Override
    public Class<TornadoParameters> parameterType() {
        return TornadoParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, TornadoParameters parameters) {
        int n = Addresses.side(topology, "tornado");
        int nodes = n * n;
        return PermutationPattern.of(nodes, s -> (s + n / 2) % nodes);
    }
}
