package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code permutation}: a uniformly random permutation of the end nodes, drawn once per run with the
 * factory's random stream (Fisher-Yates): node i sends every packet to entry i. This is the workload
 * of docs/studies/levelwise.md ("random permutations of the end nodes": every node sends to a
 * distinct destination). A node drawn to itself sends nothing (about one node per run on average).
 * Unlike {@code randperm} (a random pairing, an involution), s -> d does not imply d -> s.
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=permutation",
        "fabrica.description=Uniformly random permutation of the end nodes, drawn once per run"})
public final class RandomPermutationFactory implements TrafficPatternFactory<RandomPermutationParameters> {
    @Override
    public Class<RandomPermutationParameters> parameterType() {
        return RandomPermutationParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, RandomPermutationParameters parameters) {
        int nodes = topology.nodes();
        int[] destination = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            destination[i] = i;
        }
        for (int i = nodes - 1; i > 0; i--) { // Fisher-Yates
            int j = random.nextInt(i + 1);
            int t = destination[i];
            destination[i] = destination[j];
            destination[j] = t;
        }
        for (int i = 0; i < nodes; i++) {
            if (destination[i] == i) {
                destination[i] = TrafficPattern.NONE;
            }
        }
        return PermutationPattern.ofTable(destination);
    }
}
