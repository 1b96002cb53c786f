package org.fabrica.traffic.synthetic;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code flows}: a fixed set of source-to-destination flows written out in the experiment, for
 * scenarios built from a few named flows (the KNS deadlock example of docs/studies/osha-sasha.md:
 * 0->5, 5->0, 1->4, 4->1). Sources not listed send nothing; the injection process decides when the
 * listed ones send.
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=flows",
        "fabrica.description=Fixed flows 'source->destination': only the listed sources send"})
public final class FlowsFactory implements TrafficPatternFactory<FlowsParameters> {
    @Override
    public Class<FlowsParameters> parameterType() {
        return FlowsParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, FlowsParameters parameters) {
        String[] flows = parameters.flows();
        if (flows.length == 0) {
            throw new IllegalArgumentException("traffic 'flows' needs at least one flow; set flows, e.g. ['0->5', '5->0']");
        }
        int nodes = topology.nodes();
        List<List<Integer>> destinations = new ArrayList<>();
        for (int s = 0; s < nodes; s++) {
            destinations.add(new ArrayList<>());
        }
        for (String flow : flows) {
            String[] ends = flow.split("->", -1);
            int source;
            int destination;
            try {
                if (ends.length != 2) {
                    throw new NumberFormatException();
                }
                source = Integer.parseInt(ends[0].trim());
                destination = Integer.parseInt(ends[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("traffic 'flows': flow '" + flow + "' is not 'source->destination'"
                        + " with two node ids, e.g. '0->5'");
            }
            for (int node : new int[] {source, destination}) {
                if (node < 0 || node >= nodes) {
                    throw new IllegalArgumentException("traffic 'flows': flow '" + flow + "' names node " + node
                            + ", which is not a node of " + topology.describe() + "; use ids 0.." + (nodes - 1));
                }
            }
            if (source == destination) {
                throw new IllegalArgumentException("traffic 'flows': flow '" + flow + "' goes from a node to itself;"
                        + " remove it");
            }
            if (destinations.get(source).contains(destination)) {
                throw new IllegalArgumentException("traffic 'flows': flow '" + flow + "' is listed twice; list each"
                        + " flow once");
            }
            destinations.get(source).add(destination);
        }
        int[][] table = new int[nodes][];
        for (int s = 0; s < nodes; s++) {
            table[s] = destinations.get(s).stream().mapToInt(Integer::intValue).toArray();
        }
        return new FlowsPattern(table);
    }

    /** Each source's destinations; none: {@link #NONE}, one: that one, several: one uniformly per packet. */
    private record FlowsPattern(int[][] destinations) implements TrafficPattern {
        @Override
        public int destination(int source, SplittableRandom random) {
            int[] d = destinations[source];
            return switch (d.length) {
                case 0 -> NONE;
                case 1 -> d[0];
                default -> d[random.nextInt(d.length)];
            };
        }
    }
}
