package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code hotspot}: round(sourceFraction * nodes) sources, chosen at random once per run with the
 * factory's stream, send to the hot spots (uniformly among them); the others send uniformly. The
 * uniform packets are the pattern's foreground (steady mode's {@code measuredPackets: foreground}
 * measures them alone, as the OSHA/SASHA study does).
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=hotspot",
        "fabrica.description=Hot spot: a random fraction of the sources sends to the hot spots, the others"
                + " uniformly"})
public final class HotspotFactory implements TrafficPatternFactory<HotspotParameters> {
    @Override
    public Class<HotspotParameters> parameterType() {
        return HotspotParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, HotspotParameters parameters) {
        int nodes = topology.nodes();
        if (nodes < 2) {
            throw new IllegalArgumentException("traffic 'hotspot' needs at least 2 nodes, but " + topology.describe()
                    + " has " + nodes);
        }
        int[] hotspots = parameters.hotspots();
        if (hotspots.length == 0) {
            throw new IllegalArgumentException("traffic 'hotspot' needs at least one hot spot; set hotspots, e.g. [0]");
        }
        for (int h : hotspots) {
            if (h < 0 || h >= nodes) {
                throw new IllegalArgumentException("traffic 'hotspot': hot spot " + h + " is not a node of "
                        + topology.describe() + "; use ids 0.." + (nodes - 1));
            }
        }
        double fraction = parameters.sourceFraction();
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("traffic 'hotspot': sourceFraction = " + fraction + "; use 0..1");
        }
        int hotCount = (int) Math.round(fraction * nodes);
        // a random subset of hotCount sources: the first hotCount of a Fisher-Yates shuffle
        int[] order = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            order[i] = i;
        }
        boolean[] hot = new boolean[nodes];
        for (int i = 0; i < hotCount; i++) {
            int j = i + random.nextInt(nodes - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
            hot[order[i]] = true;
        }
        return new HotspotPattern(nodes, hotspots.clone(), hot);
    }
}
