package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.traffic.TrafficPattern;

/**
 * Hot spot traffic: hot sources (a fixed set) send every packet to one of the hot spots, chosen
 * uniformly; the other sources send uniformly to any node but themselves. A hot source that is
 * itself the hot spot drawn sends nothing for that packet.
 */
final class HotspotPattern implements TrafficPattern {
    private final int nodes;
    private final int[] hotspots;
    private final boolean[] hotSource;

    HotspotPattern(int nodes, int[] hotspots, boolean[] hotSource) {
        this.nodes = nodes;
        this.hotspots = hotspots;
        this.hotSource = hotSource;
    }

    @Override
    public int destination(int source, SplittableRandom random) {
        if (hotSource[source]) {
            int d = hotspots.length == 1 ? hotspots[0] : hotspots[random.nextInt(hotspots.length)];
            return d == source ? NONE : d;
        }
        return UniformPattern.uniformOther(source, nodes, random);
    }

    /** True when {@code node} is one of the hot sources. */
    boolean hotSource(int node) {
        return hotSource[node];
    }
}
