package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code multicast}: with probability {@code fraction} a packet is a multicast to every node, which
 * the run's collective engine performs (group 0, docs/collectives.md); otherwise a unicast packet to
 * a uniformly random other node. Needs a collective engine that multicasts ({@code tree-multicast}).
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=multicast",
        "fabrica.description=Multicasts to every node (performed by the collective engine) mixed with uniform unicast;"
                + " fraction 1 is all-to-all multicast"})
public final class MulticastFactory implements TrafficPatternFactory<MulticastParameters> {
    @Override
    public Class<MulticastParameters> parameterType() {
        return MulticastParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, MulticastParameters parameters) {
        double fraction = parameters.fraction();
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("traffic 'multicast': fraction = " + fraction + "; use 0 .. 1");
        }
        int nodes = topology.nodes();
        if (nodes < 2) {
            throw new IllegalArgumentException("traffic 'multicast' needs at least 2 nodes, but " + topology.describe()
                    + " has " + nodes);
        }
        return new TrafficPattern() {
            @Override
            public int destination(int source, SplittableRandom r) {
                if (fraction > 0 && r.nextDouble() < fraction) {
                    return COLLECTIVE;
                }
                int d = r.nextInt(nodes - 1);
                return d >= source ? d + 1 : d;
            }

            @Override
            public int collectiveGroup(int source) {
                return 0;
            }
        };
    }
}
