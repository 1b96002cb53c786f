package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.traffic.TrafficPattern;

/**
 * Hot spot traffic: hot sources (a fixed set) send every packet to one of the hot spots, chosen
 * uniformly; the other sources send uniformly to any node but themselves. A hot source that is
 * itself the hot spot drawn sends nothing for that packet. The uniform packets are the foreground
 * ({@link #foreground}): the study measures their latency, with the hot sources' packets as
 * background (docs/studies/osha-sasha.md, "Traffic").
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

    /**
     * A packet is foreground when its source is not a hot source: the packets of the uniform
     * sources, whatever destination they drew (a hot spot included).
     */
    @Override
    public boolean foreground(int source, int destination) {
        return !hotSource[source];
    }

    /** True when {@code node} is one of the hot sources. */
    boolean hotSource(int node) {
        return hotSource[node];
    }
}
