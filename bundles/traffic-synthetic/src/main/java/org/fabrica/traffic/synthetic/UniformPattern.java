package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.traffic.TrafficPattern;

/** A uniformly random destination for every packet, drawn from the source's own stream. */
final class UniformPattern implements TrafficPattern {
    private final int nodes;
    private final boolean includeSelf;
    /** With includeSelf: a packet drawn to its source is sent (BookSim2's uniform), not dropped. */
    private final boolean sendToSelf;

    UniformPattern(int nodes, boolean includeSelf, boolean sendToSelf) {
        this.nodes = nodes;
        this.includeSelf = includeSelf;
        this.sendToSelf = sendToSelf;
    }

    @Override
    public int destination(int source, SplittableRandom random) {
        if (includeSelf) {
            int d = random.nextInt(nodes);
            return d == source && !sendToSelf ? NONE : d;
        }
        return uniformOther(source, nodes, random);
    }

    /** Uniform over the nodes other than {@code source}, one draw. */
    static int uniformOther(int source, int nodes, SplittableRandom random) {
        int d = random.nextInt(nodes - 1);
        return d >= source ? d + 1 : d;
    }
}
