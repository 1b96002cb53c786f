package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code randperm}: the study's random pairing (rpar). Once per run the nodes are shuffled with the
 * factory's random stream and paired in shuffled order; each node sends to its partner, so the
 * pattern is an involution without fixed points. With an odd node count the one node left over
 * sends nothing. (BookSim2's randperm is a general random permutation instead.)
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=randperm",
        "fabrica.description=Random pairing (SPTh study: rpar): nodes paired at random once per run, each sends to its"
                + " partner"})
public final class RandomPairingFactory implements TrafficPatternFactory<RandomPairingParameters> {
    @Override
    public Class<RandomPairingParameters> parameterType() {
        return RandomPairingParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, RandomPairingParameters parameters) {
        int nodes = topology.nodes();
        int[] order = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            order[i] = i;
        }
        for (int i = nodes - 1; i > 0; i--) { // Fisher-Yates
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int[] partner = new int[nodes];
        for (int i = 0; i + 1 < nodes; i += 2) {
            partner[order[i]] = order[i + 1];
            partner[order[i + 1]] = order[i];
        }
        if (nodes % 2 == 1) {
            partner[order[nodes - 1]] = TrafficPattern.NONE;
        }
        return PermutationPattern.ofTable(partner);
    }
}
