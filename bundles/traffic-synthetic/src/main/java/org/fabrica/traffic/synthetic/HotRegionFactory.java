package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code hot-region}: a fraction of every source's packets goes to a region of consecutive node
 * ids, the rest to the nodes outside it ({@link HotRegionPattern}); on any topology. The hot-region
 * traffic of the Dawning 5000 study (docs/studies/dawning.md).
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=hot-region",
        "fabrica.description=Hot region: a fraction of every source's packets goes to a region of consecutive nodes,"
                + " the rest uniformly to the nodes outside it"})
public final class HotRegionFactory implements TrafficPatternFactory<HotRegionParameters> {
    @Override
    public Class<HotRegionParameters> parameterType() {
        return HotRegionParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, HotRegionParameters parameters) {
        int nodes = topology.nodes();
        double fraction = parameters.fraction();
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("traffic 'hot-region': fraction = " + fraction + "; use 0..1");
        }
        int size = parameters.regionNodes();
        int start = parameters.regionStart();
        if (size < 1 || start < 0 || (long) start + size > nodes) {
            throw new IllegalArgumentException("traffic 'hot-region': the region " + start + " .. "
                    + ((long) start + size - 1) + " is not within the nodes 0.." + (nodes - 1) + " of "
                    + topology.describe() + "; set regionStart and regionNodes (at least 1) inside them");
        }
        if (size == nodes && fraction < 1) {
            throw new IllegalArgumentException("traffic 'hot-region': the region holds all " + nodes + " nodes, so"
                    + " nothing is outside it for the other " + (1 - fraction) + " of the packets; use a smaller"
                    + " region or fraction 1");
        }
        return new HotRegionPattern(nodes, start, size, fraction);
    }
}
