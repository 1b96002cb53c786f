package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code zipf}: every source draws its own random ranking of the destinations once per run (one
 * 64-bit key per source from the factory's stream, as the other random patterns draw their
 * choices) and sends to its i-th with the Zipf probability P_N(i) ({@link ZipfPattern}). Works on
 * every topology; memory: one long per node and one double per rank.
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=zipf",
        "fabrica.description=Zipf (OSHA/SASHA study): every source sends to its i-th destination, in its own random"
                + " ranking, with probability proportional to i^-s"})
public final class ZipfFactory implements TrafficPatternFactory<ZipfParameters> {
    @Override
    public Class<ZipfParameters> parameterType() {
        return ZipfParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, ZipfParameters parameters) {
        int nodes = topology.nodes();
        if (nodes < 2) {
            throw new IllegalArgumentException("traffic 'zipf' needs at least 2 nodes, but " + topology.describe()
                    + " has " + nodes);
        }
        double s = parameters.s();
        if (!(s > 0) || Double.isInfinite(s)) {
            throw new IllegalArgumentException("traffic 'zipf': s = " + s + " is not a valid exponent; use a finite"
                    + " s > 0, e.g. s: 1 (s = 0 would be uniform traffic: use pattern 'uniform')");
        }
        boolean includeSelf = parameters.includeSelf();
        long[] keys = new long[nodes];
        for (int n = 0; n < nodes; n++) {
            keys[n] = random.nextLong();
        }
        return new ZipfPattern(new ZipfRankDistribution(includeSelf ? nodes : nodes - 1, s), keys, includeSelf);
    }
}
